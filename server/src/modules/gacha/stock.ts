import { splitTierStock, tokyoDayStart, weeklyGachaStock } from '@kiwi/shared/domain/gacha-stock';
import { addDays } from '@kiwi/shared/domain/walking-event';
import { WEEKLY_GACHA_TIERS } from '@kiwi/shared/schemas/rewards';
import { and, asc, count, eq, gt, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { type GiftRow, gifts, weeklyGachaStocks } from '../../db/schema/rewards';

/** A gift a member can take at `at`: not disabled and inside its activeFrom/activeTo (half-open, as memberships). */
export function giftAvailableAt(at: Date): SQL {
  return and(
    eq(gifts.disabled, false),
    or(isNull(gifts.activeFrom), lte(gifts.activeFrom, at)),
    or(isNull(gifts.activeTo), gt(gifts.activeTo, at)),
  ) as SQL;
}

/** The same test as giftAvailableAt on a gift already read. */
export const isGiftAvailable = (gift: Pick<GiftRow, 'disabled' | 'activeFrom' | 'activeTo'>, now: Date) =>
  !gift.disabled && (gift.activeFrom === null || gift.activeFrom <= now) && (gift.activeTo === null || gift.activeTo > now);

/** Members of the organisation whose membership is active at some moment of the week's Monday (Asia/Tokyo). */
export async function activeMembersOnMonday(tx: Executor, organizationId: number, weekStart: string): Promise<number> {
  const mondayStart = tokyoDayStart(weekStart);
  const tuesdayStart = tokyoDayStart(addDays(weekStart, 1));
  const [row] = await tx
    .select({ n: count() })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        or(isNull(organizationMembers.activeFrom), lt(organizationMembers.activeFrom, tuesdayStart)),
        or(isNull(organizationMembers.activeTo), gt(organizationMembers.activeTo, mondayStart)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Makes sure the organisation has this week's stock row for every weekly_gacha gift available during the week:
 * computed from the formulas (plan, active members that Monday) and split among the tier's gifts. Idempotent and
 * safe under concurrency (INSERT … ON CONFLICT DO NOTHING on organisation, week and gift): the Monday job, a missed
 * job or a new organisation's first read all end with the same rows. A gift added during the week gets its share
 * of its tier as split at that moment; rows already made are never changed (`remaining` only goes down).
 * Returns how many rows this call created.
 */
export async function ensureWeeklyStock(tx: Executor, organization: { id: number; plan: string }, weekStart: string): Promise<number> {
  const weekBegins = tokyoDayStart(weekStart);
  const weekEnds = tokyoDayStart(addDays(weekStart, 7));
  const weeklyGifts = await tx
    .select({ id: gifts.id, tier: gifts.weeklyGachaCalculationType })
    .from(gifts)
    .where(
      and(
        eq(gifts.giftType, 'weekly_gacha'),
        eq(gifts.disabled, false),
        or(isNull(gifts.activeFrom), lt(gifts.activeFrom, weekEnds)),
        or(isNull(gifts.activeTo), gt(gifts.activeTo, weekBegins)),
      ),
    )
    .orderBy(asc(gifts.id));
  if (weeklyGifts.length === 0) return 0;
  const existing = await tx
    .select({ giftId: weeklyGachaStocks.giftId })
    .from(weeklyGachaStocks)
    .where(and(eq(weeklyGachaStocks.organizationId, organization.id), eq(weeklyGachaStocks.weekStart, weekStart)));
  const have = new Set(existing.map((row) => row.giftId));
  if (weeklyGifts.every((gift) => have.has(gift.id))) return 0;

  const stock = weeklyGachaStock(organization.plan, await activeMembersOnMonday(tx, organization.id, weekStart));
  const rows: (typeof weeklyGachaStocks.$inferInsert)[] = [];
  for (const tier of WEEKLY_GACHA_TIERS) {
    const ids = weeklyGifts.filter((gift) => gift.tier === tier).map((gift) => gift.id);
    for (const [giftId, share] of splitTierStock(stock[tier], ids)) {
      if (!have.has(giftId)) rows.push({ organizationId: organization.id, weekStart, giftId, tier, initialStock: share, remaining: share });
    }
  }
  if (rows.length === 0) return 0;
  rows.sort((a, b) => a.giftId - b.giftId);
  const inserted = await tx.insert(weeklyGachaStocks).values(rows).onConflictDoNothing().returning({ id: weeklyGachaStocks.id });
  return inserted.length;
}

/** This week's stock rows for every organisation not archived (the Monday job). Returns the rows created. */
export async function ensureWeeklyStockForAll(tx: Executor, weekStart: string): Promise<number> {
  const all = await tx
    .select({ id: organizations.id, plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.archived, false))
    .orderBy(asc(organizations.id));
  let created = 0;
  for (const organization of all) created += await ensureWeeklyStock(tx, organization, weekStart);
  return created;
}

/** This week's stock of the member's organisation (nothing for an archived one, which cannot draw). */
export async function ensureWeeklyStockOfMember(tx: Executor, memberId: number, weekStart: string): Promise<number> {
  const [organization] = await tx
    .select({ id: organizations.id, plan: organizations.plan, archived: organizations.archived })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.id, memberId));
  if (!organization || organization.archived) return 0;
  return ensureWeeklyStock(tx, organization, weekStart);
}
