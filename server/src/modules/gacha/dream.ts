// The dream gacha: every dream prize with the odds of a draw (GET /gifts/dream_gacha), and a draw paid in coins.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { dreamOdds, hasPrize, type OddsTable, pick } from '@kiwi/shared/domain/gacha-odds';
import { DREAM_GACHA } from '@kiwi/shared/domain/gacha-stock';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type GiftRow, gifts } from '../../db/schema/rewards';
import { ApiError } from '../../jsonapi/errors';
import { moveCoins } from '../coins/ledger';
import { loadMember, memberRefusal } from './player';
import { type DrawRequest, type DrawResult, probabilityOf, recordDraw, recordRedemption, replayedDraw, secureRandomValue } from './records';
import { giftAvailableAt } from './stock';

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
