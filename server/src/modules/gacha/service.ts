import { randomInt } from 'node:crypto';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { dreamOdds, hasPrize, type OddsTable, pick, weeklyOdds } from '@kiwi/shared/domain/gacha-odds';
import { DREAM_GACHA, STAMPS_PER_CARD, tokyoDayStart, tokyoWeekStart, weeklyDrawsAllowed } from '@kiwi/shared/domain/gacha-stock';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import { addDays } from '@kiwi/shared/domain/walking-event';
import type { GiftBudget } from '@kiwi/shared/schemas/gacha';
import type { RedemptionSource, WeeklyGachaTier } from '@kiwi/shared/schemas/rewards';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../../db/client';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { questCompletions } from '../../db/schema/quests';
import {
  type GachaDrawRow,
  type GachaOddsEntry,
  type GiftRedemptionRow,
  type GiftRow,
  gachaDraws,
  giftRedemptions,
  gifts,
  weeklyGachaStocks,
} from '../../db/schema/rewards';
import { ApiError, notFound } from '../../jsonapi/errors';
import { moveCoins } from '../coins/ledger';
import { retryOnceOnUniqueViolation } from '../members/identity';
import { ensureWeeklyStockOfMember, giftAvailableAt } from './stock';

/** A uniformly random value in [0, 1) from the operating system's CSPRNG, with 47 bits (exact as a double). */
export function secureRandomValue(): number {
  return randomInt(0, 2 ** 47) / 2 ** 47;
}

type Member = { id: number; organizationId: number; activeFrom: Date | null; activeTo: Date | null; coinBalance: number };
type Organization = { id: number; name: string; plan: string; archived: boolean };

async function loadMember(tx: Executor, memberId: number, { lock = false } = {}): Promise<{ member: Member; organization: Organization }> {
  const query = tx
    .select({
      id: organizationMembers.id,
      organizationId: organizationMembers.organizationId,
      activeFrom: organizationMembers.activeFrom,
      activeTo: organizationMembers.activeTo,
      coinBalance: organizationMembers.coinBalance,
    })
    .from(organizationMembers)
    .where(eq(organizationMembers.id, memberId));
  // The same lock mode as the coin ledger's (FOR NO KEY UPDATE), so it serialises this member's draws only.
  const [member] = lock ? await query.for('no key update') : await query;
  if (!member) throw new ApiError(ErrorCode.authForbidden);
  const [organization] = await tx
    .select({ id: organizations.id, name: organizations.name, plan: organizations.plan, archived: organizations.archived })
    .from(organizations)
    .where(eq(organizations.id, member.organizationId));
  if (!organization) throw new ApiError(ErrorCode.authForbidden);
  return { member, organization };
}

/** Why this member cannot draw or exchange at all (SPEC §4): an archived organisation, a membership not active now. */
function memberRefusal(member: Member, organization: Organization, now: Date): ErrorCode | null {
  if (organization.archived || !isMembershipActive(member, now)) return ErrorCode.gachaNotAllowed;
  return null;
}

const isAvailable = (gift: Pick<GiftRow, 'disabled' | 'activeFrom' | 'activeTo'>, now: Date) =>
  !gift.disabled && (gift.activeFrom === null || gift.activeFrom <= now) && (gift.activeTo === null || gift.activeTo > now);

const toStoredOdds = (odds: OddsTable): GachaOddsEntry[] =>
  odds.entries.map(({ giftId, name, remaining, probability }) => ({ giftId, name, remaining, probability }));

const probabilityOf = (odds: OddsTable, giftId: number) => odds.entries.find((entry) => entry.giftId === giftId)?.probability ?? 0;
const missProbability = (odds: OddsTable) => odds.entries.find((entry) => entry.giftId === null)?.probability ?? 0;

// ---------------------------------------------------------------------------------------------------------------
// Weekly budget

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

// ---------------------------------------------------------------------------------------------------------------
// Weekly gacha

type StockLine = {
  stockId: number;
  gift: GiftRow;
  tier: WeeklyGachaTier;
  remaining: number;
  /** In this draw's urn (available, tier open to this draw, fits the budget). */
  inUrn: boolean;
};

export type WeeklyState = {
  weekStart: string;
  lines: StockLine[];
  odds: OddsTable;
  drawsUsed: number;
  drawsLeft: number;
  stamps: number;
  stampsPerCard: number;
  reason: ErrorCode | null;
  budget: number;
  spent: number;
};

/** The member's weekly draws and quest stamps of the week (one query). */
async function memberWeek(tx: Executor, memberId: number, weekStart: string): Promise<{ drawsUsed: number; stamps: number }> {
  const [row] = await tx
    .select({
      drawsUsed:
        sql<number>`(select count(*) from ${gachaDraws} where ${gachaDraws.organizationMemberId} = ${memberId} and ${gachaDraws.gachaType} = 'weekly_gacha' and ${gachaDraws.weekStart} = ${weekStart})`.mapWith(
          Number,
        ),
      stamps:
        sql<number>`(select count(*) from ${questCompletions} where ${questCompletions.organizationMemberId} = ${memberId} and ${questCompletions.rewardType} = 'stamp' and ${questCompletions.completedAt} >= ${tokyoDayStart(weekStart).toISOString()}::timestamptz and ${questCompletions.completedAt} < ${tokyoDayStart(addDays(weekStart, 7)).toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(organizationMembers)
    .where(eq(organizationMembers.id, memberId));
  return { drawsUsed: row?.drawsUsed ?? 0, stamps: row?.stamps ?? 0 };
}

/**
 * What the member's next weekly draw is drawn from, and whether they may draw. With `lock`, the organisation's stock
 * rows of the week are locked first (FOR UPDATE, by id), so the odds computed here are exactly the ones the draw uses:
 * the organisation's weekly draws take turns, each one seeing every draw committed before it. What is read under the
 * lock is kept to two queries (the stock with its gifts; the members yet to draw and the yen already won).
 */
export async function weeklyState(
  tx: Executor,
  {
    member,
    organization,
    now,
    lock,
    mine,
  }: { member: Member; organization: Organization; now: Date; lock: boolean; mine?: { drawsUsed: number; stamps: number } },
): Promise<WeeklyState> {
  const weekStart = tokyoWeekStart(now);
  const { drawsUsed, stamps } = mine ?? (await memberWeek(tx, member.id, weekStart));
  const drawsLeft = Math.max(0, weeklyDrawsAllowed(stamps) - drawsUsed);
  // Stamp-complete prizes are reserved for the draws a stamp card gives (every draw after the free one).
  const cardDraw = drawsUsed >= 1;

  const stockQuery = tx
    .select({
      id: weeklyGachaStocks.id,
      tier: weeklyGachaStocks.tier,
      remaining: weeklyGachaStocks.remaining,
      initialStock: weeklyGachaStocks.initialStock,
      gift: gifts,
    })
    .from(weeklyGachaStocks)
    .innerJoin(gifts, eq(gifts.id, weeklyGachaStocks.giftId))
    .where(and(eq(weeklyGachaStocks.organizationId, organization.id), eq(weeklyGachaStocks.weekStart, weekStart)))
    .orderBy(asc(weeklyGachaStocks.id));
  const stockRows = lock ? await stockQuery.for('update', { of: weeklyGachaStocks }) : await stockQuery;
  const [counts] = await tx
    .select({
      yetToDraw: sql<number>`(select count(*) from ${organizationMembers} m where m.organization_id = ${organization.id}
        and (m.active_from is null or m.active_from <= ${now.toISOString()}::timestamptz)
        and (m.active_to is null or m.active_to > ${now.toISOString()}::timestamptz)
        and not exists (select 1 from ${gachaDraws} d where d.organization_member_id = m.id and d.gacha_type = 'weekly_gacha' and d.week_start = ${weekStart}))`.mapWith(
        Number,
      ),
      spent: sql<number>`(select coalesce(sum(r.price), 0) from ${gachaDraws} d join ${giftRedemptions} r on r.id = d.redemption_id
        where d.organization_id = ${organization.id} and d.gacha_type = 'weekly_gacha' and d.week_start = ${weekStart})`.mapWith(Number),
    })
    .from(organizations)
    .where(eq(organizations.id, organization.id));
  const spent = counts?.spent ?? 0;
  // The budget: sum of price × initial stock (current prices), as weeklyBudget computes it.
  const budget = stockRows.reduce((sum, row) => sum + row.gift.price * row.initialStock, 0);
  const lines: StockLine[] = [];
  for (const row of stockRows) {
    const gift = row.gift;
    if (gift.giftType !== 'weekly_gacha' || !isAvailable(gift, now)) continue;
    const open = row.tier !== 'stamp_complete' || cardDraw;
    lines.push({
      stockId: row.id,
      gift,
      tier: row.tier,
      remaining: row.remaining,
      inUrn: open && row.remaining > 0 && spent + gift.price <= budget,
    });
  }
  const odds = weeklyOdds(
    lines.filter((line) => line.inUrn).map((line) => ({ giftId: line.gift.id, name: line.gift.name, remaining: line.remaining })),
    counts?.yetToDraw ?? 0,
  );
  let reason: ErrorCode | null = memberRefusal(member, organization, now);
  if (!reason && drawsLeft === 0) reason = ErrorCode.gachaAlreadyDrawn;
  if (!reason && !hasPrize(odds)) {
    const wouldWin = lines.some((line) => (line.tier !== 'stamp_complete' || cardDraw) && line.remaining > 0);
    reason = wouldWin ? ErrorCode.giftsBudgetExceeded : ErrorCode.gachaNothingToWin;
  }
  return { weekStart, lines, odds, drawsUsed, drawsLeft, stamps, stampsPerCard: STAMPS_PER_CARD, reason, budget, spent };
}

export type WeeklyView = WeeklyState & { gifts: { gift: GiftRow; tier: WeeklyGachaTier; remaining: number; probability: number }[] };

/** GET /gifts/weekly_gacha: the member's organisation's prizes this week with the exact odds of their next draw. */
export async function weeklyView(tx: Executor, { memberId, now }: { memberId: number; now: Date }): Promise<WeeklyView> {
  const { member, organization } = await loadMember(tx, memberId);
  const state = await weeklyState(tx, { member, organization, now, lock: false });
  return {
    ...state,
    gifts: state.lines.map((line) => ({
      gift: line.gift,
      tier: line.tier,
      remaining: line.remaining,
      probability: probabilityOf(state.odds, line.gift.id),
    })),
  };
}

export type DrawResult = { draw: GachaDrawRow; redemption: (GiftRedemptionRow & { gift: GiftRow }) | null; replay: boolean };

async function replayedDraw(tx: Executor, memberId: number, requestKey: string | null): Promise<DrawResult | null> {
  if (requestKey === null) return null;
  const [draw] = await tx
    .select()
    .from(gachaDraws)
    .where(and(eq(gachaDraws.organizationMemberId, memberId), eq(gachaDraws.requestKey, requestKey)));
  if (!draw) return null;
  const redemption = draw.redemptionId === null ? null : await redemptionWithGift(tx, draw.redemptionId);
  return { draw, redemption, replay: true };
}

async function redemptionWithGift(tx: Executor, redemptionId: number): Promise<(GiftRedemptionRow & { gift: GiftRow }) | null> {
  const [row] = await tx
    .select({ redemption: giftRedemptions, gift: gifts })
    .from(giftRedemptions)
    .innerJoin(gifts, eq(gifts.id, giftRedemptions.giftId))
    .where(eq(giftRedemptions.id, redemptionId));
  return row ? { ...row.redemption, gift: row.gift } : null;
}

/** Inserts a redemption of `gift` for the member (the caller has taken the stock) and answers it with its gift. */
async function recordRedemption(
  tx: Executor,
  gift: GiftRow,
  values: Omit<typeof giftRedemptions.$inferInsert, 'giftId' | 'price'>,
): Promise<GiftRedemptionRow & { gift: GiftRow }> {
  const [row] = await tx
    .insert(giftRedemptions)
    .values({ ...values, giftId: gift.id, price: gift.price })
    .returning();
  if (!row) throw new Error('redemption not inserted');
  return { ...row, gift };
}

/** Inserts a draw row with the odds table it was drawn from. */
async function recordDraw(tx: Executor, values: Omit<typeof gachaDraws.$inferInsert, 'odds'> & { odds: OddsTable }): Promise<GachaDrawRow> {
  const [draw] = await tx
    .insert(gachaDraws)
    .values({ ...values, odds: toStoredOdds(values.odds) })
    .returning();
  if (!draw) throw new Error('draw not inserted');
  return draw;
}

type DrawRequest = { memberId: number; requestKey: string | null; now: Date; random?: () => number };

/**
 * One weekly draw, in the caller's transaction: the member row locked (one draw at a time per member, so the weekly
 * limit holds under concurrency), then the week's stock rows, the odds from what remains, the pick with a CSPRNG
 * value, the conditional decrement, the redemption and the draw with its random value and odds table.
 * The week's stock rows must exist already (ensureWeeklyStock, in its own transaction just before).
 */
export async function drawWeekly(
  tx: Executor,
  { memberId, requestKey, now, random = secureRandomValue }: DrawRequest,
): Promise<DrawResult> {
  const replay = await replayedDraw(tx, memberId, requestKey);
  if (replay) return replay;
  const { member, organization } = await loadMember(tx, memberId, { lock: true });
  const weekStart = tokyoWeekStart(now);
  // Refusals that need no lock on the organisation's stock: the member's own (their row is locked), and no prize left
  // at all (remaining only goes down, so what is committed as empty stays empty).
  const mine = await memberWeek(tx, member.id, weekStart);
  const refusal = memberRefusal(member, organization, now);
  if (refusal) throw new ApiError(refusal);
  if (mine.drawsUsed >= weeklyDrawsAllowed(mine.stamps)) throw new ApiError(ErrorCode.gachaAlreadyDrawn);
  const [left] = await tx
    .select({ id: weeklyGachaStocks.id })
    .from(weeklyGachaStocks)
    .where(
      and(
        eq(weeklyGachaStocks.organizationId, organization.id),
        eq(weeklyGachaStocks.weekStart, weekStart),
        sql`${weeklyGachaStocks.remaining} > 0`,
      ),
    )
    .limit(1);
  if (!left) throw new ApiError(ErrorCode.gachaNothingToWin);
  const state = await weeklyState(tx, { member, organization, now, lock: true, mine });
  if (state.reason) throw new ApiError(state.reason);
  const randomValue = random();
  const line = pick(state.odds, randomValue);
  let redemption: DrawResult['redemption'] = null;
  if (line.giftId !== null) {
    const won = state.lines.find((candidate) => candidate.gift.id === line.giftId);
    if (!won) throw new Error('the odds drew a gift that is not in stock');
    // Never over the week's budget (the urn already leaves out what does not fit; this is the last line of defence).
    if (state.spent + won.gift.price > state.budget) throw new ApiError(ErrorCode.giftsBudgetExceeded);
    const [decremented] = await tx
      .update(weeklyGachaStocks)
      .set({ remaining: sql`${weeklyGachaStocks.remaining} - 1` })
      .where(and(eq(weeklyGachaStocks.id, won.stockId), sql`${weeklyGachaStocks.remaining} > 0`))
      .returning({ id: weeklyGachaStocks.id });
    if (!decremented) throw new ApiError(ErrorCode.giftsOutOfStock);
    const source: RedemptionSource = won.tier === 'stamp_complete' ? 'stamp_complete' : 'weekly_gacha';
    redemption = await recordRedemption(tx, won.gift, {
      organizationId: organization.id,
      organizationMemberId: member.id,
      source,
      createdAt: now,
    });
  }
  const draw = await recordDraw(tx, {
    organizationId: organization.id,
    organizationMemberId: member.id,
    gachaType: 'weekly_gacha',
    weekStart: state.weekStart,
    randomValue,
    odds: state.odds,
    giftId: line.giftId,
    redemptionId: redemption?.id ?? null,
    requestKey,
    createdAt: now,
  });
  return { draw, redemption, replay: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Dream gacha

async function dreamGifts(tx: Executor, now: Date, { lock }: { lock: boolean }): Promise<GiftRow[]> {
  const query = tx
    .select()
    .from(gifts)
    .where(and(eq(gifts.giftType, 'dream_gacha'), giftAvailableAt(now)))
    .orderBy(asc(gifts.id));
  return lock ? query.for('update') : query;
}

const dreamTable = (rows: GiftRow[]) => dreamOdds(rows.map((gift) => ({ giftId: gift.id, name: gift.name, remaining: gift.stock })));

export type DreamView = {
  gifts: { gift: GiftRow; probability: number }[];
  odds: OddsTable;
  cost: number;
  balance: number;
  reason: ErrorCode | null;
};

/** GET /gifts/dream_gacha: every dream prize available now with the exact odds of a draw, the cost and the balance. */
export async function dreamView(tx: Executor, { memberId, now }: { memberId: number; now: Date }): Promise<DreamView> {
  const { member, organization } = await loadMember(tx, memberId);
  const rows = await dreamGifts(tx, now, { lock: false });
  const odds = dreamTable(rows);
  let reason = memberRefusal(member, organization, now);
  if (!reason && !hasPrize(odds)) reason = ErrorCode.gachaNothingToWin;
  if (!reason && member.coinBalance < DREAM_GACHA.costCoins) reason = ErrorCode.coinsNotEnough;
  return {
    gifts: rows.map((gift) => ({ gift, probability: probabilityOf(odds, gift.id) })),
    odds,
    cost: DREAM_GACHA.costCoins,
    balance: member.coinBalance,
    reason,
  };
}

/**
 * One dream draw, in the caller's transaction: the cost paid to issuance through the ledger first (coins.notEnough
 * before any change), then the dream prizes locked (by id), the odds, the pick, the conditional decrement, the
 * redemption and the draw.
 */
export async function drawDream(tx: Executor, { memberId, requestKey, now, random = secureRandomValue }: DrawRequest): Promise<DrawResult> {
  const replay = await replayedDraw(tx, memberId, requestKey);
  if (replay) return replay;
  const { member, organization } = await loadMember(tx, memberId);
  const refusal = memberRefusal(member, organization, now);
  if (refusal) throw new ApiError(refusal);
  const cost = DREAM_GACHA.costCoins;
  const movementId = await moveCoins(tx, {
    from: { kind: 'member', organizationMemberId: member.id },
    legs: [{ to: { kind: 'issuance' }, amount: cost }],
    reason: 'dream_gacha',
  });
  const rows = await dreamGifts(tx, now, { lock: true });
  const odds = dreamTable(rows);
  if (!hasPrize(odds)) throw new ApiError(ErrorCode.gachaNothingToWin);
  const randomValue = random();
  const line = pick(odds, randomValue);
  let redemption: DrawResult['redemption'] = null;
  if (line.giftId !== null) {
    const gift = rows.find((row) => row.id === line.giftId);
    if (!gift) throw new Error('the odds drew a gift that is not offered');
    if (gift.stock !== null) {
      const [decremented] = await tx
        .update(gifts)
        .set({ stock: sql`${gifts.stock} - 1`, updatedAt: sql`${gifts.updatedAt}` })
        .where(and(eq(gifts.id, gift.id), sql`${gifts.stock} > 0`))
        .returning({ id: gifts.id });
      if (!decremented) throw new ApiError(ErrorCode.giftsOutOfStock);
    }
    redemption = await recordRedemption(tx, gift, {
      organizationId: organization.id,
      organizationMemberId: member.id,
      source: 'dream_gacha',
      coinsSpent: cost,
      coinMovementId: movementId,
      createdAt: now,
    });
  }
  const draw = await recordDraw(tx, {
    organizationId: organization.id,
    organizationMemberId: member.id,
    gachaType: 'dream_gacha',
    weekStart: null,
    randomValue,
    odds,
    giftId: line.giftId,
    redemptionId: redemption?.id ?? null,
    coinsSpent: cost,
    requestKey,
    createdAt: now,
  });
  return { draw, redemption, replay: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Coin exchange

export type ExchangeResult = { redemption: GiftRedemptionRow & { gift: GiftRow }; replay: boolean };

/**
 * POST /gifts/{id}/exchanges, in the caller's transaction: the gift's checks, the coins paid to issuance through the
 * ledger first, then the stock taken by one conditional UPDATE (still available, still in stock, so neither a gift
 * disabled meanwhile nor the last item twice), then the redemption.
 */
export async function exchangeGift(
  tx: Executor,
  { memberId, giftId, requestKey, now }: { memberId: number; giftId: number; requestKey: string | null; now: Date },
): Promise<ExchangeResult> {
  if (requestKey !== null) {
    const [previous] = await tx
      .select({ id: giftRedemptions.id })
      .from(giftRedemptions)
      .where(and(eq(giftRedemptions.organizationMemberId, memberId), eq(giftRedemptions.requestKey, requestKey)));
    const redemption = previous ? await redemptionWithGift(tx, previous.id) : null;
    if (redemption) return { redemption, replay: true };
  }
  const { member, organization } = await loadMember(tx, memberId);
  const refusal = memberRefusal(member, organization, now);
  if (refusal) throw new ApiError(refusal);
  const [gift] = await tx.select().from(gifts).where(eq(gifts.id, giftId));
  if (!gift) throw notFound();
  if (gift.giftType !== 'coin_exchange') throw new ApiError(ErrorCode.giftsWrongType);
  if (!isAvailable(gift, now)) throw new ApiError(ErrorCode.giftsUnavailable);
  if (gift.stock === 0) throw new ApiError(ErrorCode.giftsOutOfStock);
  const movementId =
    gift.needCoins > 0
      ? await moveCoins(tx, {
          from: { kind: 'member', organizationMemberId: member.id },
          legs: [{ to: { kind: 'issuance' }, amount: gift.needCoins }],
          reason: 'gift_exchange',
        })
      : null;
  const [taken] = await tx
    .update(gifts)
    .set({ stock: sql`case when ${gifts.stock} is null then null else ${gifts.stock} - 1 end`, updatedAt: sql`${gifts.updatedAt}` })
    .where(
      and(
        eq(gifts.id, gift.id),
        eq(gifts.giftType, 'coin_exchange'),
        giftAvailableAt(now),
        or(isNull(gifts.stock), sql`${gifts.stock} > 0`),
        // The price the member pays is the one they were shown just above: a change meanwhile refuses.
        eq(gifts.needCoins, gift.needCoins),
      ),
    )
    .returning();
  if (!taken) {
    const [latest] = await tx.select().from(gifts).where(eq(gifts.id, gift.id));
    throw new ApiError(latest && isAvailable(latest, now) && latest.stock === 0 ? ErrorCode.giftsOutOfStock : ErrorCode.giftsUnavailable);
  }
  const redemption = await recordRedemption(tx, taken, {
    organizationId: organization.id,
    organizationMemberId: member.id,
    source: 'coin_exchange',
    coinsSpent: gift.needCoins,
    coinMovementId: movementId,
    requestKey,
    createdAt: now,
  });
  return { redemption, replay: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Lists

/** The member's own redemptions, newest first. */
export async function memberRedemptions(
  tx: Executor,
  { memberId, page, per }: { memberId: number; page: number; per: number },
): Promise<{ items: (GiftRedemptionRow & { gift: GiftRow })[]; total: number }> {
  const rows = await tx
    .select({ redemption: giftRedemptions, gift: gifts })
    .from(giftRedemptions)
    .innerJoin(gifts, eq(gifts.id, giftRedemptions.giftId))
    .where(eq(giftRedemptions.organizationMemberId, memberId))
    .orderBy(desc(giftRedemptions.createdAt), desc(giftRedemptions.id))
    .limit(per)
    .offset((page - 1) * per);
  const [totals] = await tx.select({ n: count() }).from(giftRedemptions).where(eq(giftRedemptions.organizationMemberId, memberId));
  return { items: rows.map((row) => ({ ...row.redemption, gift: row.gift })), total: totals?.n ?? 0 };
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

export { missProbability };

// ---------------------------------------------------------------------------------------------------------------
// Whole requests (the routes, the tests and the benchmark run exactly these)

/**
 * A draw as POST /gacha_draws makes it: a weekly draw first makes sure the week's stock exists (its own short
 * transaction), then the draw is one transaction; a concurrent replay of the same Idempotency-Key that lost the race
 * on the unique key runs once more and answers the winner's draw.
 */
export async function performDraw(
  handle: DatabaseHandle,
  gachaType: 'weekly_gacha' | 'dream_gacha',
  request: DrawRequest,
): Promise<DrawResult> {
  if (gachaType === 'weekly_gacha') {
    await handle.db.transaction((tx) => ensureWeeklyStockOfMember(tx, request.memberId, tokyoWeekStart(request.now)));
  }
  return retryOnceOnUniqueViolation(() =>
    handle.db.transaction((tx) => (gachaType === 'weekly_gacha' ? drawWeekly(tx, request) : drawDream(tx, request))),
  );
}

/** An exchange as POST /gifts/{id}/exchanges makes it: one transaction, replay-safe as performDraw. */
export function performExchange(
  handle: DatabaseHandle,
  request: { memberId: number; giftId: number; requestKey: string | null; now: Date },
): Promise<ExchangeResult> {
  return retryOnceOnUniqueViolation(() => handle.db.transaction((tx) => exchangeGift(tx, request)));
}
