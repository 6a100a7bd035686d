// Issue 18 point 4 on both engines: 500 concurrent exchanges or draws on a prize of stock 10 -> exactly 10 succeed,
// no balance goes negative, the ledger stays conserved. Runs the exact request code the routes run (performExchange,
// performDraw) against members made in bulk (no sign-in needed for what is measured here).
import { tokyoWeekStart } from '@kiwi/shared/domain/gacha-stock';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { gachaDraws, giftRedemptions, gifts, weeklyGachaStocks } from '../../db/schema/rewards';
import { ApiError } from '../../jsonapi/errors';
import { createTestDatabase } from '../../test/database';
import { buildOrganization } from '../../test/factories';
import { bulkMembers, ledgerProblems } from './test-helpers';
import { performDraw, performExchange } from './service';

let db: DatabaseHandle;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

/** A new weekly prize that is the only one offered, with `stock` for this organisation this week. */
async function soleWeeklyPrize(organizationId: number, name: string, tier: 'bronze' | 'gold', stock: number) {
  const [gift] = await db.db
    .insert(gifts)
    .values({ giftType: 'weekly_gacha', name, price: 100, weeklyGachaCalculationType: tier })
    .returning();
  await db.db
    .update(gifts)
    .set({ disabled: true })
    .where(and(eq(gifts.giftType, 'weekly_gacha'), ne(gifts.id, gift!.id)));
  await db.db
    .insert(weeklyGachaStocks)
    .values({ organizationId, weekStart: tokyoWeekStart(new Date()), giftId: gift!.id, tier, initialStock: stock, remaining: stock });
  return gift!;
}

const codes = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason instanceof ApiError ? result.reason.code : String(result.reason)] : [],
  );

describe('500 concurrent requests on a prize of stock 10', () => {
  it('exchanges: exactly 10 succeed, the others are told gifts.outOfStock, coins and ledger add up', async () => {
    const now = new Date();
    const organization = await buildOrganization({ db });
    const members = await bulkMembers(db, organization.id, 500, 100);
    const [gift] = await db.db
      .insert(gifts)
      .values({ giftType: 'coin_exchange', name: 'Coffee', needCoins: 30, price: 500, stock: 10 })
      .returning();
    const results = await Promise.allSettled(
      members.map((memberId) => performExchange(db, { memberId, giftId: gift!.id, requestKey: null, now })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(new Set(codes(results))).toEqual(new Set(['gifts.outOfStock']));
    const [after] = await db.db.select({ stock: gifts.stock }).from(gifts).where(eq(gifts.id, gift!.id));
    expect(after!.stock).toBe(0);
    const [redeemed] = await db.db.select({ n: count() }).from(giftRedemptions).where(eq(giftRedemptions.giftId, gift!.id));
    expect(redeemed!.n).toBe(10);
    const balances = await db.db
      .select({ balance: organizationMembers.coinBalance })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organization.id));
    expect(balances.filter((row) => row.balance === 70)).toHaveLength(10);
    expect(balances.filter((row) => row.balance === 100)).toHaveLength(490);
    expect(await ledgerProblems(db)).toEqual({ ledgerSum: 0, mismatchedBalances: 0, negativeBalances: 0 });
  }, 180_000);

  it('weekly draws from 500 members: exactly 10 winners, any draw after the last prize told gacha.nothingToWin', async () => {
    const now = new Date();
    const organization = await buildOrganization({ db });
    const members = await bulkMembers(db, organization.id, 500, 0);
    const gift = await soleWeeklyPrize(organization.id, 'Sticker', 'gold', 10);
    const results = await Promise.allSettled(
      members.map((memberId) => performDraw(db, 'weekly_gacha', { memberId, requestKey: null, now })),
    );
    const draws = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(draws.filter((draw) => draw.redemption !== null)).toHaveLength(10);
    // A draw while prizes remain is a win or a loss by the odds (stock over members yet to draw); a draw after the
    // last prize is refused. When the last prize happens to go to the very last drawer (about 1 run in 50), no draw
    // comes after it, so a refusal is not required: only that every refusal is this one.
    expect(codes(results).filter((code) => code !== 'gacha.nothingToWin')).toEqual([]);
    expect(draws.length + codes(results).length).toBe(members.length);
    for (const { draw } of draws) {
      expect(draw.odds.reduce((sum, entry) => sum + entry.probability, 0)).toBeCloseTo(1, 12);
      expect(draw.randomValue).toBeGreaterThanOrEqual(0);
      expect(draw.randomValue).toBeLessThan(1);
    }
    const [stock] = await db.db.select().from(weeklyGachaStocks).where(eq(weeklyGachaStocks.giftId, gift!.id));
    expect(stock).toMatchObject({ initialStock: 10, remaining: 0 });
    const [won] = await db.db.select({ n: count() }).from(giftRedemptions).where(eq(giftRedemptions.giftId, gift!.id));
    expect(won!.n).toBe(10);
    const [recorded] = await db.db.select({ n: count() }).from(gachaDraws).where(eq(gachaDraws.organizationId, organization.id));
    expect(recorded!.n).toBe(draws.length);
    expect(await ledgerProblems(db)).toEqual({ ledgerSum: 0, mismatchedBalances: 0, negativeBalances: 0 });
  }, 180_000);

  it('the same member 50 times at once: one weekly draw, the rest gacha.alreadyDrawn', async () => {
    const now = new Date();
    const organization = await buildOrganization({ db });
    const [memberId] = await bulkMembers(db, organization.id, 1, 0);
    await soleWeeklyPrize(organization.id, 'Badge', 'bronze', 100);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => performDraw(db, 'weekly_gacha', { memberId: memberId!, requestKey: null, now })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(codes(results))).toEqual(new Set(['gacha.alreadyDrawn']));
  }, 120_000);

  it('the same Idempotency-Key 20 times at once: one exchange, every answer the same redemption', async () => {
    const now = new Date();
    const organization = await buildOrganization({ db });
    const [memberId] = await bulkMembers(db, organization.id, 1, 1000);
    const [gift] = await db.db
      .insert(gifts)
      .values({ giftType: 'coin_exchange', name: 'Tea', needCoins: 10, price: 300, stock: null })
      .returning();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => performExchange(db, { memberId: memberId!, giftId: gift!.id, requestKey: 'same-key', now })),
    );
    expect(new Set(results.map((result) => result.redemption.id)).size).toBe(1);
    expect(results.filter((result) => !result.replay)).toHaveLength(1);
    const [member] = await db.db.select().from(organizationMembers).where(eq(organizationMembers.id, memberId!));
    expect(member!.coinBalance).toBe(990);
    expect(await ledgerProblems(db)).toEqual({ ledgerSum: 0, mismatchedBalances: 0, negativeBalances: 0 });
  }, 120_000);
});
