import { DREAM_GACHA, STAMPS_PER_CARD, tokyoDayStart, tokyoWeekStart } from '@kiwi/shared/domain/gacha-stock';
import { addDays } from '@kiwi/shared/domain/walking-event';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs';
import { type OrganizationRow, organizationMembers, organizations } from '../../db/schema/organizations';
import { questCompletions, quests } from '../../db/schema/quests';
import { gachaDraws, giftRedemptions, gifts, weeklyGachaStocks } from '../../db/schema/rewards';
import { buildOrganization, buildUser, type BuiltUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { awardActivityCoins, memberBalance } from '../coins/ledger';
import { scheduleWeeklyStock, WEEKLY_STOCK_JOB } from './jobs';
import { createJobWorker } from '../../jobs/worker';
import { jobHandlers } from '../../workers';
import { ensureWeeklyStockForAll } from './stock';
import { bulkMembers, ledgerProblems } from './test-helpers';

const DAY = 24 * 3600 * 1000;
let server: TestServer;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await buildUser(server, { role: 'admin' });
});
afterAll(() => server.close());

const draw = (user: BuiltUser, gachaType: string, headers: Record<string, string> = {}) =>
  server.request('/api/gacha_draws', { method: 'POST', token: user.token, json: { gacha_draw: { gacha_type: gachaType } }, headers });
const exchange = (user: BuiltUser, giftId: number, headers: Record<string, string> = {}) =>
  server.request(`/api/gifts/${giftId}/exchanges`, { method: 'POST', token: user.token, headers });
const balanceOf = (user: BuiltUser) => server.db.db.transaction((tx) => memberBalance(tx, user.membership!.id));
const giveCoins = (user: BuiltUser, amount: number, day = '2020-03-03') =>
  server.db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: user.membership!.id, amount, day }));

async function giftOf(values: Partial<typeof gifts.$inferInsert> & Pick<typeof gifts.$inferInsert, 'giftType' | 'name'>) {
  const [row] = await server.db.db.insert(gifts).values(values).returning();
  return row!;
}

/** Only these weekly gifts are offered (every weekly gift is every organisation's). */
async function onlyWeeklyGifts(...ids: number[]) {
  await server.db.db
    .update(gifts)
    .set({ disabled: true })
    .where(and(eq(gifts.giftType, 'weekly_gacha'), ...ids.map((id) => ne(gifts.id, id))));
}

async function stockRow(
  organization: OrganizationRow,
  giftId: number,
  tier: 'bronze' | 'silver' | 'gold' | 'stamp_complete',
  stock: number,
) {
  await server.db.db.insert(weeklyGachaStocks).values({
    organizationId: organization.id,
    weekStart: tokyoWeekStart(new Date()),
    giftId,
    tier,
    initialStock: stock,
    remaining: stock,
  });
}

async function stamps(user: BuiltUser, howMany: number) {
  const [quest] = await server.db.db
    .insert(quests)
    .values({ title: 'Walk {goalValue} steps', periodType: 'daily', goalType: 'step', rewardType: 'stamp' })
    .returning();
  await server.db.db.insert(questCompletions).values(
    Array.from({ length: howMany }, (_, i) => ({
      questId: quest!.id,
      organizationMemberId: user.membership!.id,
      periodKey: `stamp-${i}`,
      goalValue: 1,
      rewardType: 'stamp' as const,
    })),
  );
}

describe('weekly gacha', () => {
  it('shows the exact odds, draws with them, then refuses a second draw until stamps give another', async () => {
    const organization = await buildOrganization(server);
    const member = await buildUser(server, { organization });
    await bulkMembers(server.db, organization.id, 9, 0);
    const gold = await giftOf({ giftType: 'weekly_gacha', name: 'Gold', price: 1000, weeklyGachaCalculationType: 'gold' });
    const bronze = await giftOf({ giftType: 'weekly_gacha', name: 'Bronze', price: 100, weeklyGachaCalculationType: 'bronze' });
    await onlyWeeklyGifts(gold.id, bronze.id);
    await stockRow(organization, gold.id, 'gold', 1);
    await stockRow(organization, bronze.id, 'bronze', 3);

    const shown = await server.request('/api/gifts/weekly_gacha', { token: member.token });
    expect(shown.status).toBe(200);
    // 10 members yet to draw, 4 prizes: an urn of 10 tickets.
    expect(
      shown.body.data.map((g: { id: string; attributes: { remaining: number; probability: number } }) => [
        g.id,
        g.attributes.remaining,
        g.attributes.probability,
      ]),
    ).toEqual([
      [String(gold.id), 1, 0.1],
      [String(bronze.id), 3, 0.3],
    ]);
    expect(shown.body.meta).toMatchObject({
      'week-start': tokyoWeekStart(new Date()),
      'draws-left': 1,
      'miss-probability': 0.6,
      stamps: 0,
      'stamps-per-card': STAMPS_PER_CARD,
      'can-draw': true,
      reason: null,
    });

    const drawn = await draw(member, 'weekly_gacha');
    expect(drawn.status).toBe(201);
    const attributes = drawn.body.data.attributes;
    expect(attributes['gacha-type']).toBe('weekly_gacha');
    // What the page showed is what the draw used.
    expect(attributes.odds).toEqual([
      { 'gift-id': gold.id, name: 'Gold', remaining: 1, probability: 0.1 },
      { 'gift-id': bronze.id, name: 'Bronze', remaining: 3, probability: 0.3 },
      { 'gift-id': null, name: '', remaining: 6, probability: 0.6 },
    ]);
    const expectedGift = attributes['random-value'] < 0.1 ? gold.id : attributes['random-value'] < 0.4 ? bronze.id : null;
    expect(attributes['gift-id']).toBe(expectedGift);
    expect(attributes.won).toBe(expectedGift !== null);
    if (expectedGift !== null) {
      expect(drawn.body.included[0]).toMatchObject({
        type: 'gift-redemptions',
        attributes: { source: 'weekly_gacha', 'gift-id': expectedGift },
      });
    }

    const again = await server.request('/api/gifts/weekly_gacha', { token: member.token });
    expect(again.body.meta).toMatchObject({ 'draws-left': 0, 'can-draw': false, reason: 'gacha.alreadyDrawn' });
    const refused = await draw(member, 'weekly_gacha');
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('gacha.alreadyDrawn');

    await stamps(member, STAMPS_PER_CARD);
    const carded = await server.request('/api/gifts/weekly_gacha', { token: member.token });
    expect(carded.body.meta).toMatchObject({ stamps: STAMPS_PER_CARD, 'draws-left': 1, 'can-draw': true });
    expect((await draw(member, 'weekly_gacha')).status).toBe(201);
    expect((await draw(member, 'weekly_gacha')).body.errors[0].code).toBe('gacha.alreadyDrawn');
  });

  it('keeps stamp-complete prizes for the draws a stamp card gives', async () => {
    const organization = await buildOrganization(server);
    const member = await buildUser(server, { organization });
    const card = await giftOf({ giftType: 'weekly_gacha', name: 'Card prize', price: 10, weeklyGachaCalculationType: 'stamp_complete' });
    await onlyWeeklyGifts(card.id);
    await stockRow(organization, card.id, 'stamp_complete', 1);
    const first = await server.request('/api/gifts/weekly_gacha', { token: member.token });
    expect(first.body.data[0].attributes.probability).toBe(0);
    expect(first.body.meta).toMatchObject({ 'can-draw': false, reason: 'gacha.nothingToWin' });
    expect((await draw(member, 'weekly_gacha')).body.errors[0].code).toBe('gacha.nothingToWin');
    // Nothing was drawn: the free draw is still there. A card draw, with nobody else left to draw, wins for sure.
    await server.db.db.insert(gachaDraws).values({
      organizationId: organization.id,
      organizationMemberId: member.membership!.id,
      gachaType: 'weekly_gacha',
      weekStart: tokyoWeekStart(new Date()),
      randomValue: 0.5,
      odds: [],
    });
    await stamps(member, STAMPS_PER_CARD);
    const carded = await draw(member, 'weekly_gacha');
    expect(carded.status).toBe(201);
    expect(carded.body.data.attributes.won).toBe(true);
    expect(carded.body.included[0].attributes.source).toBe('stamp_complete');
  });

  it('refuses members of an archived organisation and members before their activeFrom', async () => {
    const archived = await buildOrganization(server, { archived: true });
    const member = await buildUser(server, { organization: archived });
    const shown = await server.request('/api/gifts/weekly_gacha', { token: member.token });
    expect(shown.body.meta).toMatchObject({ 'can-draw': false, reason: 'gacha.notAllowed' });
    const refused = await draw(member, 'weekly_gacha');
    expect([refused.status, refused.body.errors[0].code]).toEqual([403, 'gacha.notAllowed']);
    const pending = await buildUser(server, { organization: await buildOrganization(server), activeFrom: new Date(Date.now() + 3 * DAY) });
    const early = await draw(pending, 'weekly_gacha');
    expect([early.status, early.body.errors[0].code]).toEqual([403, 'gacha.notAllowed']);
  });

  it('answers a replayed Idempotency-Key with the same draw and draws nothing more', async () => {
    const organization = await buildOrganization(server);
    const member = await buildUser(server, { organization });
    const prize = await giftOf({ giftType: 'weekly_gacha', name: 'Pin', price: 10, weeklyGachaCalculationType: 'bronze' });
    await onlyWeeklyGifts(prize.id);
    await stockRow(organization, prize.id, 'bronze', 5);
    const first = await draw(member, 'weekly_gacha', { 'Idempotency-Key': 'draw-1' });
    const replay = await draw(member, 'weekly_gacha', { 'Idempotency-Key': 'draw-1' });
    expect([first.status, replay.status]).toEqual([201, 200]);
    expect(replay.body.data).toEqual(first.body.data);
    const [draws] = await server.db.db
      .select({ n: count() })
      .from(gachaDraws)
      .where(eq(gachaDraws.organizationMemberId, member.membership!.id));
    expect(draws!.n).toBe(1);
    const tooLong = await draw(member, 'weekly_gacha', { 'Idempotency-Key': 'k'.repeat(101) });
    expect([tooLong.status, tooLong.body.errors[0].code]).toEqual([400, 'request.invalidParameter']);
  });

  it('never exceeds the weekly budget: a prize whose price no longer fits is out of the urn', async () => {
    const organization = await buildOrganization(server);
    const member = await buildUser(server, { organization });
    const other = await buildUser(server, { organization });
    const prize = await giftOf({ giftType: 'weekly_gacha', name: 'Voucher', price: 500, weeklyGachaCalculationType: 'silver' });
    await onlyWeeklyGifts(prize.id);
    await stockRow(organization, prize.id, 'silver', 2);
    // Two prizes, two members: the first draw wins for sure (two tickets, both prizes).
    const won = await draw(member, 'weekly_gacha');
    expect(won.body.data.attributes.won).toBe(true);
    const budgets = async () =>
      (await server.request(`/api/gift_budgets?organization_id=${organization.id}`, { token: admin.token })).body.data[0].attributes;
    expect(await budgets()).toMatchObject({ budget: 1000, spent: 500, remaining: 500, 'week-start': tokyoWeekStart(new Date()) });
    // The catalogue price drops to 100: the budget is now 200, already spent 500 -> nothing more may be won.
    await server.db.db.update(gifts).set({ price: 100 }).where(eq(gifts.id, prize.id));
    const shown = await server.request('/api/gifts/weekly_gacha', { token: other.token });
    expect(shown.body.meta).toMatchObject({ 'can-draw': false, reason: 'gifts.budgetExceeded' });
    const refused = await draw(other, 'weekly_gacha');
    expect([refused.status, refused.body.errors[0].code]).toEqual([409, 'gifts.budgetExceeded']);
    expect(await budgets()).toMatchObject({ budget: 200, spent: 500 });
  });
});

describe('weekly stock', () => {
  it('is made from the formulas on first read, split among a tier’s gifts, once, and the Monday job makes every organisation’s', async () => {
    const organization = await buildOrganization(server, { plan: 'business' });
    const member = await buildUser(server, { organization });
    await bulkMembers(server.db, organization.id, 39, 0);
    const bronzeA = await giftOf({ giftType: 'weekly_gacha', name: 'Bronze A', price: 100, weeklyGachaCalculationType: 'bronze' });
    const bronzeB = await giftOf({ giftType: 'weekly_gacha', name: 'Bronze B', price: 100, weeklyGachaCalculationType: 'bronze' });
    const silver = await giftOf({ giftType: 'weekly_gacha', name: 'Silver', price: 300, weeklyGachaCalculationType: 'silver' });
    const gold = await giftOf({ giftType: 'weekly_gacha', name: 'Gold', price: 1000, weeklyGachaCalculationType: 'gold' });
    await onlyWeeklyGifts(bronzeA.id, bronzeB.id, silver.id, gold.id);
    const shown = await server.request('/api/gifts/weekly_gacha', { token: member.token });
    expect(shown.status).toBe(200);
    // 40 members on the business plan: bronze 10 (5 + 5), silver 6, gold 4.
    const rows = await server.db.db
      .select({ giftId: weeklyGachaStocks.giftId, initialStock: weeklyGachaStocks.initialStock })
      .from(weeklyGachaStocks)
      .where(eq(weeklyGachaStocks.organizationId, organization.id))
      .orderBy(weeklyGachaStocks.giftId);
    expect(rows).toEqual([
      { giftId: bronzeA.id, initialStock: 5 },
      { giftId: bronzeB.id, initialStock: 5 },
      { giftId: silver.id, initialStock: 6 },
      { giftId: gold.id, initialStock: 4 },
    ]);
    const budget = await server.request(`/api/gift_budgets?organization_id=${organization.id}`, { token: admin.token });
    expect(budget.body.data[0].attributes.budget).toBe(10 * 100 + 6 * 300 + 4 * 1000);

    const archived = await buildOrganization(server, { archived: true });
    const fresh = await buildOrganization(server, { plan: 'consumer' });
    await bulkMembers(server.db, fresh.id, 20, 0);
    const now = new Date();
    await server.db.db.transaction((tx) => scheduleWeeklyStock(tx, now));
    const worker = createJobWorker({ db: server.db, handlers: jobHandlers });
    while ((await worker.runOnce()) > 0) {
      /* every due job, this week's stock among them */
    }
    const [again] = await server.db.db.transaction(async (tx) => [await ensureWeeklyStockForAll(tx, tokyoWeekStart(now))]);
    expect(again).toBe(0);
    const stockOf = async (id: number) =>
      server.db.db.select({ n: count() }).from(weeklyGachaStocks).where(eq(weeklyGachaStocks.organizationId, id));
    expect((await stockOf(archived.id))[0]!.n).toBe(0);
    const consumerRows = await server.db.db
      .select({ giftId: weeklyGachaStocks.giftId, initialStock: weeklyGachaStocks.initialStock })
      .from(weeklyGachaStocks)
      .where(eq(weeklyGachaStocks.organizationId, fresh.id))
      .orderBy(weeklyGachaStocks.giftId);
    // 20 consumer members: bronze 2 (1 + 1), silver 1, gold 1.
    expect(consumerRows.map((row) => row.initialStock)).toEqual([1, 1, 1, 1]);
    const [next] = await server.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${WEEKLY_STOCK_JOB}:${addDays(tokyoWeekStart(now), 7)}`));
    expect(next!.runAt.toISOString()).toBe(tokyoDayStart(addDays(tokyoWeekStart(now), 7)).toISOString());
  });
});

describe('coin exchanges', () => {
  it('spends the coins, takes one from stock, lists the redemption, and a replay changes nothing', async () => {
    const organization = await buildOrganization(server);
    const member = await buildUser(server, { organization });
    await giveCoins(member, 200);
    const gift = await giftOf({ giftType: 'coin_exchange', name: 'Coffee', needCoins: 80, price: 400, stock: 3 });
    const done = await exchange(member, gift.id, { 'Idempotency-Key': 'ex-1' });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({
      type: 'gift-redemptions',
      attributes: { source: 'coin_exchange', status: 'pending', 'gift-name': 'Coffee', 'coins-spent': 80, 'prize-code': null },
    });
    const replay = await exchange(member, gift.id, { 'Idempotency-Key': 'ex-1' });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(done.body.data.id);
    expect(await balanceOf(member)).toBe(120);
    const [after] = await server.db.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(after!.stock).toBe(2);
    const mine = await server.request('/api/user/gift_redemptions', { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((r: { id: string }) => r.id)).toEqual([done.body.data.id]);
    expect(mine.body.meta['total-count']).toBe(1);
    // Another member sees only their own.
    const other = await buildUser(server, { organization });
    expect((await server.request('/api/user/gift_redemptions', { token: other.token })).body.data).toEqual([]);
    expect(await ledgerProblems(server.db)).toEqual({ ledgerSum: 0, mismatchedBalances: 0, negativeBalances: 0 });
  });

  it('answers coins.notEnough and changes nothing', async () => {
    const member = await buildUser(server, { organization: await buildOrganization(server) });
    await giveCoins(member, 50);
    const gift = await giftOf({ giftType: 'coin_exchange', name: 'Headphones', needCoins: 51, price: 5000, stock: 1 });
    const refused = await exchange(member, gift.id);
    expect([refused.status, refused.body.errors[0].code]).toEqual([422, 'coins.notEnough']);
    expect(await balanceOf(member)).toBe(50);
    const [after] = await server.db.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(after!.stock).toBe(1);
    const [redemptions] = await server.db.db.select({ n: count() }).from(giftRedemptions).where(eq(giftRedemptions.giftId, gift.id));
    expect(redemptions!.n).toBe(0);
  });

  it('refuses a gift disabled after the page was shown, an expired, sold-out, wrong-type or unknown one, and an archived organisation', async () => {
    const organization = await buildOrganization(server);
    const member = await buildUser(server, { organization });
    await giveCoins(member, 1000);
    const gift = await giftOf({ giftType: 'coin_exchange', name: 'Book', needCoins: 10, price: 1000, stock: null });
    // The member had the gift on screen; the admin disables it before the request arrives.
    await server.db.db.update(gifts).set({ disabled: true }).where(eq(gifts.id, gift.id));
    const cases: [number, number, string][] = [];
    const expired = await giftOf({
      giftType: 'coin_exchange',
      name: 'Old',
      needCoins: 1,
      activeTo: new Date(Date.now() - DAY),
      activeFrom: new Date(Date.now() - 2 * DAY),
    });
    const later = await giftOf({ giftType: 'coin_exchange', name: 'Later', needCoins: 1, activeFrom: new Date(Date.now() + DAY) });
    const soldOut = await giftOf({ giftType: 'coin_exchange', name: 'Gone', needCoins: 1, stock: 0 });
    const weekly = await giftOf({ giftType: 'weekly_gacha', name: 'Weekly', weeklyGachaCalculationType: 'gold', disabled: true });
    for (const [id, status, code] of [
      [gift.id, 422, 'gifts.unavailable'],
      [expired.id, 422, 'gifts.unavailable'],
      [later.id, 422, 'gifts.unavailable'],
      [soldOut.id, 409, 'gifts.outOfStock'],
      [weekly.id, 422, 'gifts.wrongType'],
      [2_000_000_000, 404, 'resource.notFound'],
    ] as const) {
      const response = await exchange(member, id);
      cases.push([id, response.status, response.body.errors[0].code]);
      expect([response.status, response.body.errors[0].code]).toEqual([status, code]);
    }
    expect((await exchange(member, 0)).status).toBe(400);
    expect(await balanceOf(member)).toBe(1000);
    await server.db.db.update(organizations).set({ archived: true }).where(eq(organizations.id, organization.id));
    const open = await giftOf({ giftType: 'coin_exchange', name: 'Open', needCoins: 1 });
    const archived = await exchange(member, open.id);
    expect([archived.status, archived.body.errors[0].code]).toEqual([403, 'gacha.notAllowed']);
  });
});

describe('dream gacha', () => {
  it('shows the cost and exact odds, charges the cost through the ledger, and refuses without enough coins', async () => {
    const organization = await buildOrganization(server);
    const member = await buildUser(server, { organization });
    await server.db.db.update(gifts).set({ disabled: true }).where(eq(gifts.giftType, 'dream_gacha'));
    const trip = await giftOf({ giftType: 'dream_gacha', name: 'Trip', price: 100_000, stock: 3 });
    const shown = await server.request('/api/gifts/dream_gacha', { token: member.token });
    expect(shown.body.data.map((g: { attributes: { probability: number; remaining: number } }) => g.attributes)).toMatchObject([
      { name: 'Trip', remaining: 3, probability: 3 / DREAM_GACHA.tickets },
    ]);
    expect(shown.body.meta).toMatchObject({ cost: DREAM_GACHA.costCoins, balance: 0, 'can-draw': false, reason: 'coins.notEnough' });
    const poor = await draw(member, 'dream_gacha');
    expect([poor.status, poor.body.errors[0].code]).toEqual([422, 'coins.notEnough']);

    await giveCoins(member, DREAM_GACHA.costCoins * 2);
    const drawn = await draw(member, 'dream_gacha');
    expect(drawn.status).toBe(201);
    expect(drawn.body.data.attributes).toMatchObject({ 'gacha-type': 'dream_gacha', 'coins-spent': DREAM_GACHA.costCoins });
    expect(drawn.body.data.attributes.odds[0]).toEqual({
      'gift-id': trip.id,
      name: 'Trip',
      remaining: 3,
      probability: 3 / DREAM_GACHA.tickets,
    });
    expect(drawn.body.data.attributes.won).toBe(drawn.body.data.attributes['random-value'] < 3 / DREAM_GACHA.tickets);
    expect(await balanceOf(member)).toBe(DREAM_GACHA.costCoins);
    expect(await ledgerProblems(server.db)).toEqual({ ledgerSum: 0, mismatchedBalances: 0, negativeBalances: 0 });

    await server.db.db.update(gifts).set({ disabled: true }).where(eq(gifts.id, trip.id));
    const nothing = await draw(member, 'dream_gacha');
    expect([nothing.status, nothing.body.errors[0].code]).toEqual([409, 'gacha.nothingToWin']);
    expect(await balanceOf(member)).toBe(DREAM_GACHA.costCoins);
  });

  it('refuses an unknown gacha type with a validation error', async () => {
    const member = await buildUser(server, { organization: await buildOrganization(server) });
    const response = await draw(member, 'mega_gacha');
    expect([response.status, response.body.errors[0].code]).toEqual([422, 'validation.oneOf']);
  });
});

describe('GET /gift_budgets', () => {
  it('refuses a week that is not a Monday and a bad organisation id', async () => {
    const bad = await server.request('/api/gift_budgets?week=2026-11-24', { token: admin.token });
    expect([bad.status, bad.body.errors[0].code]).toEqual([400, 'request.invalidParameter']);
    const badId = await server.request('/api/gift_budgets?organization_id=abc', { token: admin.token });
    expect(badId.status).toBe(400);
    const past = await server.request(`/api/gift_budgets?week=${addDays(tokyoWeekStart(new Date()), -70)}&per=5`, { token: admin.token });
    expect(past.status).toBe(200);
    expect(past.body.data.every((line: { attributes: { budget: number } }) => line.attributes.budget === 0)).toBe(true);
    const [members] = await server.db.db.select({ n: count() }).from(organizationMembers);
    expect(members!.n).toBeGreaterThan(0);
  });
});
