// What every draw and exchange shares: the random value, the odds as stored, the draw and redemption rows; and the
// member's own redemptions.
import { randomInt } from 'node:crypto';
import type { OddsTable } from '@kiwi/shared/domain/gacha-odds';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  type GachaDrawRow,
  type GachaOddsEntry,
  type GiftRedemptionRow,
  type GiftRow,
  gachaDraws,
  giftRedemptions,
  gifts,
} from '../../db/schema/rewards';

/** A uniformly random value in [0, 1) from the operating system's CSPRNG, with 47 bits (exact as a double). */
export function secureRandomValue(): number {
  return randomInt(0, 2 ** 47) / 2 ** 47;
}

const toStoredOdds = (odds: OddsTable): GachaOddsEntry[] =>
  odds.entries.map(({ giftId, name, remaining, probability }) => ({ giftId, name, remaining, probability }));

export const probabilityOf = (odds: OddsTable, giftId: number) => odds.entries.find((entry) => entry.giftId === giftId)?.probability ?? 0;
export const missProbability = (odds: OddsTable) => odds.entries.find((entry) => entry.giftId === null)?.probability ?? 0;

export type DrawResult = { draw: GachaDrawRow; redemption: (GiftRedemptionRow & { gift: GiftRow }) | null; replay: boolean };

export type DrawRequest = { memberId: number; requestKey: string | null; now: Date; random?: () => number };

export async function replayedDraw(tx: Executor, memberId: number, requestKey: string | null): Promise<DrawResult | null> {
  if (requestKey === null) return null;
  const [draw] = await tx
    .select()
    .from(gachaDraws)
    .where(and(eq(gachaDraws.organizationMemberId, memberId), eq(gachaDraws.requestKey, requestKey)));
  if (!draw) return null;
  const redemption = draw.redemptionId === null ? null : await redemptionWithGift(tx, draw.redemptionId);
  return { draw, redemption, replay: true };
}

export async function redemptionWithGift(tx: Executor, redemptionId: number): Promise<(GiftRedemptionRow & { gift: GiftRow }) | null> {
  const [row] = await tx
    .select({ redemption: giftRedemptions, gift: gifts })
    .from(giftRedemptions)
    .innerJoin(gifts, eq(gifts.id, giftRedemptions.giftId))
    .where(eq(giftRedemptions.id, redemptionId));
  return row ? { ...row.redemption, gift: row.gift } : null;
}

/** Inserts a redemption of `gift` for the member (the caller has taken the stock) and answers it with its gift. */
export async function recordRedemption(
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
export async function recordDraw(
  tx: Executor,
  values: Omit<typeof gachaDraws.$inferInsert, 'odds'> & { odds: OddsTable },
): Promise<GachaDrawRow> {
  const [draw] = await tx
    .insert(gachaDraws)
    .values({ ...values, odds: toStoredOdds(values.odds) })
    .returning();
  if (!draw) throw new Error('draw not inserted');
  return draw;
}

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
