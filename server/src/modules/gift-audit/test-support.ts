import { weeklyOdds } from '@kiwi/shared/domain/gacha-odds';
import type { Executor } from '../../db/client';
import { type GachaDrawRow, type GiftRow, gachaDraws, giftRedemptions, gifts } from '../../db/schema/rewards';

/** A weekly_gacha gift straight into the catalogue (fixtures only). */
export async function insertGift(executor: Executor, values: Partial<typeof gifts.$inferInsert> = {}): Promise<GiftRow> {
  const [gift] = await executor
    .insert(gifts)
    .values({ giftType: 'weekly_gacha', name: 'Bronze prize', weeklyGachaCalculationType: 'bronze', price: 500, ...values })
    .returning();
  return gift!;
}

/**
 * A draw as the gacha module records it, inserted directly: the odds table of `prizes` with `blanks`, the outcome
 * being what pick() gives for `randomValue` unless `recordedGiftId` says otherwise (a tampered row).
 */
export async function insertDraw(
  executor: Executor,
  {
    organizationId,
    organizationMemberId,
    gift,
    randomValue,
    remaining = 2,
    blanks = 2,
    won,
    createdAt,
    gachaType = 'weekly_gacha',
  }: {
    organizationId: number;
    organizationMemberId: number;
    gift: GiftRow;
    randomValue: number;
    remaining?: number;
    blanks?: number;
    /** The outcome recorded; defaults to the honest one. */
    won?: boolean;
    createdAt?: Date;
    gachaType?: 'weekly_gacha' | 'dream_gacha';
  },
): Promise<GachaDrawRow> {
  const table = weeklyOdds([{ giftId: gift.id, name: gift.name, remaining }], remaining + blanks);
  const honestWin = Math.floor(randomValue * table.total) < remaining;
  const isWin = won ?? honestWin;
  let redemptionId: number | null = null;
  if (isWin) {
    const [redemption] = await executor
      .insert(giftRedemptions)
      .values({ organizationId, organizationMemberId, giftId: gift.id, source: gachaType, price: gift.price })
      .returning();
    redemptionId = redemption!.id;
  }
  const [draw] = await executor
    .insert(gachaDraws)
    .values({
      organizationId,
      organizationMemberId,
      gachaType,
      weekStart: gachaType === 'weekly_gacha' ? '2026-01-05' : null,
      randomValue,
      odds: table.entries,
      giftId: isWin ? gift.id : null,
      redemptionId,
      coinsSpent: gachaType === 'dream_gacha' ? 100 : 0,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning();
  return draw!;
}
