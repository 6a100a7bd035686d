// The coin exchange: a gift taken for coins, one conditional UPDATE of its stock.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type GiftRedemptionRow, type GiftRow, giftRedemptions, gifts } from '../../db/schema/rewards';
import { ApiError, notFound } from '../../jsonapi/errors';
import { moveCoins } from '../coins/ledger';
import { loadMember, memberRefusal } from './player';
import { recordRedemption, redemptionWithGift } from './records';
import { giftAvailableAt, isGiftAvailable } from './stock';

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
  if (!isGiftAvailable(gift, now)) throw new ApiError(ErrorCode.giftsUnavailable);
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
    throw new ApiError(
      latest && isGiftAvailable(latest, now) && latest.stock === 0 ? ErrorCode.giftsOutOfStock : ErrorCode.giftsUnavailable,
    );
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
