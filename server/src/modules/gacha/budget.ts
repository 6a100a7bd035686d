// The organisations' weekly gacha budgets: budget, weekly spending and coin-paid spending (the admins' budget page).
import { tokyoDayStart } from '@kiwi/shared/domain/gacha-stock';
import { addDays } from '@kiwi/shared/domain/walking-event';
import type { GiftBudget } from '@kiwi/shared/schemas/gacha';
import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { gachaDraws, giftRedemptions, gifts, weeklyGachaStocks } from '../../db/schema/rewards';

const sumPrice = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

/** Yen won in the organisation's weekly gacha that week (the redemptions' recorded prices). */
async function weeklySpent(tx: Executor, organizationIds: number[], weekStart: string): Promise<Map<number, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await tx
    .select({ organizationId: gachaDraws.organizationId, spent: sumPrice(sql`${giftRedemptions.price}`) })
    .from(gachaDraws)
    .innerJoin(giftRedemptions, eq(giftRedemptions.id, gachaDraws.redemptionId))
    .where(
      and(
        inArray(gachaDraws.organizationId, organizationIds),
        eq(gachaDraws.gachaType, 'weekly_gacha'),
        eq(gachaDraws.weekStart, weekStart),
      ),
    )
    .groupBy(gachaDraws.organizationId);
  return new Map(rows.map((row) => [row.organizationId, row.spent]));
}

/** The weekly budget: sum of price × initial stock of that week's stock rows (current prices). */
async function weeklyBudget(tx: Executor, organizationIds: number[], weekStart: string): Promise<Map<number, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await tx
    .select({
      organizationId: weeklyGachaStocks.organizationId,
      budget: sumPrice(sql`${gifts.price}::bigint * ${weeklyGachaStocks.initialStock}`),
    })
    .from(weeklyGachaStocks)
    .innerJoin(gifts, eq(gifts.id, weeklyGachaStocks.giftId))
    .where(and(inArray(weeklyGachaStocks.organizationId, organizationIds), eq(weeklyGachaStocks.weekStart, weekStart)))
    .groupBy(weeklyGachaStocks.organizationId);
  return new Map(rows.map((row) => [row.organizationId, row.budget]));
}

export type BudgetLine = Omit<GiftBudget, 'id'>;

/** Organisations to show budgets for: one (any state), or every one not archived, by id. */
export async function budgetOrganizations(
  tx: Executor,
  { organizationId, page, per }: { organizationId?: number | undefined; page: number; per: number },
): Promise<{ items: { id: number; name: string; plan: string }[]; total: number }> {
  const where = organizationId === undefined ? eq(organizations.archived, false) : eq(organizations.id, organizationId);
  const items = await tx
    .select({ id: organizations.id, name: organizations.name, plan: organizations.plan })
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.id))
    .limit(per)
    .offset((page - 1) * per);
  const [totals] = await tx.select({ n: count() }).from(organizations).where(where);
  return { items, total: totals?.n ?? 0 };
}

/** Budget, weekly spending and the coin-paid spending (outside the budget) of these organisations that week. */
export async function budgetLines(tx: Executor, list: { id: number; name: string }[], weekStart: string): Promise<BudgetLine[]> {
  const ids = list.map((organization) => organization.id);
  const budgets = await weeklyBudget(tx, ids, weekStart);
  const spent = await weeklySpent(tx, ids, weekStart);
  const coinPaid =
    ids.length === 0
      ? []
      : await tx
          .select({
            organizationId: giftRedemptions.organizationId,
            source: giftRedemptions.source,
            spent: sumPrice(sql`${giftRedemptions.price}`),
          })
          .from(giftRedemptions)
          .where(
            and(
              inArray(giftRedemptions.organizationId, ids),
              inArray(giftRedemptions.source, ['coin_exchange', 'dream_gacha']),
              gte(giftRedemptions.createdAt, tokyoDayStart(weekStart)),
              lt(giftRedemptions.createdAt, tokyoDayStart(addDays(weekStart, 7))),
            ),
          )
          .groupBy(giftRedemptions.organizationId, giftRedemptions.source);
  const paid = (organizationId: number, source: string) =>
    coinPaid.find((row) => row.organizationId === organizationId && row.source === source)?.spent ?? 0;
  return list.map((organization) => {
    const budget = budgets.get(organization.id) ?? 0;
    const used = spent.get(organization.id) ?? 0;
    return {
      organizationId: organization.id,
      organizationName: organization.name,
      weekStart,
      budget,
      spent: used,
      remaining: budget - used,
      exchangeSpent: paid(organization.id, 'coin_exchange'),
      dreamSpent: paid(organization.id, 'dream_gacha'),
    };
  });
}
