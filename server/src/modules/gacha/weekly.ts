// The weekly gacha: the member's week, the odds of their next draw (GET /gifts/weekly_gacha) and the draw itself.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { hasPrize, type OddsTable, pick, weeklyOdds } from '@kiwi/shared/domain/gacha-odds';
import { STAMPS_PER_CARD, tokyoDayStart, tokyoWeekStart, weeklyDrawsAllowed } from '@kiwi/shared/domain/gacha-stock';
import { addDays } from '@kiwi/shared/domain/walking-event';
import type { RedemptionSource, WeeklyGachaTier } from '@kiwi/shared/schemas/rewards';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { questCompletions } from '../../db/schema/quests';
import { type GiftRow, gachaDraws, giftRedemptions, gifts, weeklyGachaStocks } from '../../db/schema/rewards';
import { ApiError } from '../../jsonapi/errors';
import { loadMember, type Member, memberRefusal, type Organization } from './player';
import { type DrawRequest, type DrawResult, probabilityOf, recordDraw, recordRedemption, replayedDraw, secureRandomValue } from './records';
import { isGiftAvailable } from './stock';

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
    if (gift.giftType !== 'weekly_gacha' || !isGiftAvailable(gift, now)) continue;
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
