import { type OddsTable, pick } from '@kiwi/shared/domain/gacha-odds';
import { addDays } from '@kiwi/shared/domain/walking-event';
import type { GachaType } from '@kiwi/shared/schemas/rewards';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { type GachaDrawRow, gachaDraws, gifts } from '../../db/schema/rewards';
import { users } from '../../db/schema/users';

export type DrawFilters = { organizationId?: number; gachaType?: GachaType; from?: string; to?: string };

/** A stored odds line as read back from jsonb: wt-gacha writes its OddsEntry (weight = tickets); older rows may lack it. */
export type StoredOddsEntry = { giftId: number | null; name: string; remaining: number | null; probability: number; weight?: number };

export type AuditDraw = Omit<GachaDrawRow, 'odds'> & {
  odds: StoredOddsEntry[];
  organizationName: string;
  /** '' for a former member (the clients show "former member" in the viewer's language). */
  memberName: string;
  giftName: string | null;
};

/** The start of a Tokyo calendar day as an instant (Asia/Tokyo has no daylight saving time). */
export const tokyoDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

function conditions({ organizationId, gachaType, from, to }: DrawFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (organizationId !== undefined) parts.push(eq(gachaDraws.organizationId, organizationId));
  if (gachaType) parts.push(eq(gachaDraws.gachaType, gachaType));
  if (from) parts.push(gte(gachaDraws.createdAt, tokyoDayStart(from)));
  if (to) parts.push(lt(gachaDraws.createdAt, tokyoDayStart(addDays(to, 1))));
  return parts.length > 0 ? and(...parts) : undefined;
}

const memberName = sql<string>`case when ${users.cancelledAt} is not null then '' else ${users.name} end`;

function selectDraws(executor: Executor, where: SQL | undefined) {
  return executor
    .select({ draw: gachaDraws, organizationName: organizations.name, memberName, giftName: gifts.name })
    .from(gachaDraws)
    .innerJoin(organizations, eq(organizations.id, gachaDraws.organizationId))
    .innerJoin(organizationMembers, eq(organizationMembers.id, gachaDraws.organizationMemberId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(gifts, eq(gifts.id, gachaDraws.giftId))
    .where(where)
    .orderBy(desc(gachaDraws.createdAt), desc(gachaDraws.id));
}

type SelectedDraw = { draw: GachaDrawRow; organizationName: string; memberName: string; giftName: string | null };

const toAuditDraw = (row: SelectedDraw): AuditDraw => ({
  ...row.draw,
  odds: row.draw.odds as StoredOddsEntry[],
  organizationName: row.organizationName,
  memberName: row.memberName,
  giftName: row.giftName,
});

/** One page of draws, newest first, with the total for the pager. */
export async function listDraws(
  executor: Executor,
  filters: DrawFilters,
  { page, per }: { page: number; per: number },
): Promise<{ items: AuditDraw[]; total: number }> {
  const where = conditions(filters);
  const rows = await selectDraws(executor, where)
    .limit(per)
    .offset((page - 1) * per);
  const [totals] = await executor.select({ total: count() }).from(gachaDraws).where(where);
  return { items: rows.map(toAuditDraw), total: totals?.total ?? 0 };
}

export async function findDraw(executor: Executor, id: number): Promise<AuditDraw | null> {
  const [row] = await selectDraws(executor, eq(gachaDraws.id, id)).limit(1);
  return row ? toAuditDraw(row) : null;
}

/**
 * Every draw matching the filters, newest first, `batchSize` rows per query (keyset on created_at and id): a CSV of 100,000 draws
 * holds one batch in memory at a time and gives the event loop back between batches.
 */
export async function* drawBatches(executor: Executor, filters: DrawFilters, batchSize = 1000): AsyncGenerator<AuditDraw[]> {
  let before: number | null = null;
  for (;;) {
    // The cursor's created_at is read in the database: a JS Date would cut its microseconds and skip rows.
    const after: SQL | undefined =
      before === null
        ? undefined
        : sql`(${gachaDraws.createdAt}, ${gachaDraws.id}) < (select d.created_at, d.id from gacha_draws d where d.id = ${before})`;
    const rows = await selectDraws(executor, and(conditions(filters), after)).limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(toAuditDraw);
    if (rows.length < batchSize) return;
    before = rows[rows.length - 1]!.draw.id;
  }
}

export type Verification = {
  /** The gift the stored random value draws from the stored odds table (null = no prize). */
  recomputedGiftId: number | null;
  /** The ticket drawn and the table's total tickets; null when the table cannot be drawn from. */
  ticket: number | null;
  total: number;
  /** The recomputed outcome is the one recorded. */
  matches: boolean;
  /** Why the draw could not be recomputed (a malformed table), else null. */
  problem: string | null;
};

/** The stored table as gacha-odds reads it: each line's tickets are its weight (a line's remaining when no weight was kept). */
export function oddsTableOf(odds: readonly StoredOddsEntry[]): OddsTable | null {
  const entries = odds.map((entry) => ({
    giftId: entry.giftId,
    name: entry.name,
    remaining: entry.remaining ?? 0,
    weight: entry.weight ?? entry.remaining ?? Number.NaN,
    probability: entry.probability,
  }));
  if (!entries.every((entry) => Number.isSafeInteger(entry.weight) && entry.weight >= 0)) return null;
  return { entries, total: entries.reduce((sum, entry) => sum + entry.weight, 0) };
}

/** Recomputes a draw's outcome from its stored random value and odds table with the one pick() the draw used. */
export function verifyDraw(draw: Pick<AuditDraw, 'odds' | 'randomValue' | 'giftId'>): Verification {
  const table = Array.isArray(draw.odds) ? oddsTableOf(draw.odds) : null;
  if (!table) return { recomputedGiftId: null, ticket: null, total: 0, matches: false, problem: 'malformedOdds' };
  try {
    const entry = pick(table, draw.randomValue);
    const ticket = Math.min(table.total - 1, Math.floor(draw.randomValue * table.total));
    return { recomputedGiftId: entry.giftId, ticket, total: table.total, matches: entry.giftId === draw.giftId, problem: null };
  } catch {
    return { recomputedGiftId: null, ticket: null, total: table.total, matches: false, problem: 'notDrawable' };
  }
}
