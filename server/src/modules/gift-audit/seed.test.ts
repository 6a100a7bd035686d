import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifts } from '../../db/schema/rewards';
import { seedDemoData } from '../../demo-seed';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('reward demo seed', () => {
  it('seeds a catalogue of every kind once, within the payload limits, affordable for the seeded member', async () => {
    const now = new Date('2026-03-02T01:00:00Z');
    await server.db.db.transaction((tx) => seedDemoData(tx, now));
    await server.db.db.transaction((tx) => seedDemoData(tx, now));
    const rows = await server.db.db.select().from(gifts);
    expect(rows).toHaveLength(8);
    const tiers = rows.filter((gift) => gift.giftType === 'weekly_gacha').map((gift) => gift.weeklyGachaCalculationType);
    expect(tiers.sort()).toEqual(['bronze', 'gold', 'silver', 'stamp_complete']);
    expect(rows.filter((gift) => gift.giftType === 'dream_gacha')).toHaveLength(1);
    const exchanges = rows.filter((gift) => gift.giftType === 'coin_exchange');
    expect(exchanges.map((gift) => gift.stock)).toContain(3);
    // The demo member starts with 300 coins (coins seed): every exchange gift is within reach.
    expect(exchanges.every((gift) => gift.needCoins <= 300)).toBe(true);
    expect(rows.every((gift) => gift.categoryId !== null && gift.gifteeCode && gift.name.length <= 100)).toBe(true);
  });
});
