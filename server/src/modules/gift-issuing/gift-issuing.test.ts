import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coinMovements } from '../../db/schema/coins';
import type { OrganizationRow } from '../../db/schema/organizations';
import { type GiftRedemptionRow, type GiftRow, giftRedemptions } from '../../db/schema/rewards';
import { buildOrganization, buildUser, type BuiltUser } from '../../test/factories';
import { serve, startTestServer, type TestServer, testConfig } from '../../test/server';
import { awardActivityCoins, memberBalance, moveCoins } from '../coins/ledger';
import { ledgerProblems } from '../gacha/test-helpers';
import { insertGift } from '../gift-audit/test-support';
import { devGiftIssuerRoutes, devPrizeCode } from './dev-issuer-routes';
import { createGiftIssuingWorker, type GiftIssuingWorkerOptions, idempotencyKeyFor, prizeCodeOf } from './worker';

type Received = { body: { gifteeCode: string; redemptionId: number; idempotencyKey: string }; headers: IncomingMessage['headers'] };
type Answer = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };

/** A local e-gift issuer: records what arrives and answers what the test queued (201 with a code by default). */
class Receiver {
  received: Received[] = [];
  answers: Answer[] = [];
  private server: Server | null = null;
  url = '';
  async start() {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', async () => {
        const body = JSON.parse(data) as Received['body'];
        this.received.push({ body, headers: req.headers });
        const answer = this.answers.shift() ?? { status: 201, body: { code: `CODE-${body.redemptionId}` } };
        if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? '{}' : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }
  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

let server: TestServer;
let receiver: Receiver;
let organization: OrganizationRow;
let member: BuiltUser;
let gift: GiftRow;
const clock = new Date('2026-03-02T01:00:00Z');

const worker = (options: Partial<GiftIssuingWorkerOptions> = {}) =>
  createGiftIssuingWorker({
    db: server.db,
    issuer: { url: receiver.url, token: 'issuer-secret' },
    baseDelayMs: 1_000,
    maxDelayMs: 10_000,
    random: () => 0,
    now: () => clock,
    ...options,
  });

/** A redemption as an exchange leaves it: `coins` paid to issuance (reason gift_exchange) and the row pending. */
async function exchange(coins = 0): Promise<GiftRedemptionRow> {
  return server.db.db.transaction(async (tx) => {
    const movementId =
      coins > 0
        ? await moveCoins(tx, {
            from: { kind: 'member', organizationMemberId: member.membership!.id },
            legs: [{ to: { kind: 'issuance' }, amount: coins }],
            reason: 'gift_exchange',
          })
        : null;
    const [row] = await tx
      .insert(giftRedemptions)
      .values({
        organizationId: organization.id,
        organizationMemberId: member.membership!.id,
        giftId: gift.id,
        source: 'coin_exchange',
        coinsSpent: coins,
        price: gift.price,
        coinMovementId: movementId,
        issueNextAt: new Date(clock.getTime() - 1000),
      })
      .returning();
    return row!;
  });
}

const reload = async (id: number) => (await server.db.db.select().from(giftRedemptions).where(eq(giftRedemptions.id, id)))[0]!;
const balance = () => server.db.db.transaction((tx) => memberBalance(tx, member.membership!.id));

beforeAll(async () => {
  server = await startTestServer();
  receiver = new Receiver();
  await receiver.start();
  organization = await buildOrganization(server);
  member = await buildUser(server, { organization });
  gift = await insertGift(server.db.db, {
    giftType: 'coin_exchange',
    weeklyGachaCalculationType: null,
    gifteeCode: 'GT-AMAZON-500',
    stock: 10,
  });
  await server.db.db.transaction((tx) =>
    awardActivityCoins(tx, { organizationMemberId: member.membership!.id, amount: 1000, day: '2026-01-01' }),
  );
});
afterEach(async () => {
  // Every test starts with no redemption left pending from another.
  await server.db.db.update(giftRedemptions).set({ status: 'failed' }).where(eq(giftRedemptions.status, 'pending'));
  receiver.received = [];
  receiver.answers = [];
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

describe('gift issuing worker', () => {
  it('issues a pending redemption: posts the giftee code with an idempotency key and stores the code', async () => {
    const redemption = await exchange(100);
    expect(await worker().runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [{ body, headers }] = receiver.received as [Received];
    expect(body).toEqual({ gifteeCode: 'GT-AMAZON-500', redemptionId: redemption.id, idempotencyKey: idempotencyKeyFor(redemption.id) });
    expect(headers.authorization).toBe('Bearer issuer-secret');
    expect(headers['idempotency-key']).toBe(idempotencyKeyFor(redemption.id));
    expect(await reload(redemption.id)).toMatchObject({
      status: 'issued',
      prizeCode: `CODE-${redemption.id}`,
      issuedAt: clock,
      issueError: null,
    });
    // Nothing is left to do, and an issued prize is never posted again.
    expect(await worker().runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('keeps a URL answer as the prize', async () => {
    const redemption = await exchange();
    receiver.answers.push({ status: 200, body: { url: 'https://gift.example/r/abc' } });
    await worker().runOnce();
    expect(await reload(redemption.id)).toMatchObject({ status: 'issued', prizeCode: 'https://gift.example/r/abc' });
  });

  it.each([
    [503, '120', 120_000],
    [429, '30', 30_000],
    // No Retry-After: the backoff's first wait (half of 1 s fixed, the random half pinned to 0).
    [500, '', 500],
  ])('retries a %i, waiting for Retry-After "%s" (or the backoff), then issues', async (status, retryAfter, waitMs) => {
    const redemption = await exchange(50);
    receiver.answers.push({ status, body: { error: 'busy' }, ...(retryAfter ? { headers: { 'retry-after': retryAfter } } : {}) });
    await worker().runOnce();
    const waiting = await reload(redemption.id);
    expect(waiting).toMatchObject({ status: 'pending', issueAttempts: 1, prizeCode: null });
    expect(waiting.issueError).toContain(String(status));
    expect(waiting.issueNextAt.getTime()).toBe(clock.getTime() + waitMs);
    // Not due yet: nothing is posted.
    expect(await worker({ now: () => new Date(clock.getTime() + waitMs - 1) }).runOnce()).toBe(0);
    await worker({ now: () => new Date(clock.getTime() + waitMs) }).runOnce();
    expect(await reload(redemption.id)).toMatchObject({ status: 'issued', issueAttempts: 2, prizeCode: `CODE-${redemption.id}` });
    expect(receiver.received.map((request) => request.body.idempotencyKey)).toEqual([
      idempotencyKeyFor(redemption.id),
      idempotencyKeyFor(redemption.id),
    ]);
  });

  it('fails a redemption the issuer refuses (4xx) and refunds its coins through the ledger in the same transaction', async () => {
    const before = await balance();
    const redemption = await exchange(120);
    expect(await balance()).toBe(before - 120);
    receiver.answers.push({ status: 422, body: { error: 'unknown product' } });
    await worker().runOnce();
    expect(await reload(redemption.id)).toMatchObject({ status: 'failed', prizeCode: null });
    expect((await reload(redemption.id)).issueError).toContain('422');
    expect(await balance()).toBe(before);
    const refunds = await server.db.db.select().from(coinMovements).where(eq(coinMovements.reason, 'gift_refund'));
    expect(refunds.length).toBeGreaterThan(0);
    expect(await ledgerProblems(server.db)).toEqual({ ledgerSum: 0, mismatchedBalances: 0, negativeBalances: 0 });
    // Failed is final: the worker never posts it again.
    expect(await worker({ now: () => new Date(clock.getTime() + 3_600_000) }).runOnce()).toBe(0);
  });

  it('fails and refunds once the transient failures run out', async () => {
    const before = await balance();
    const redemption = await exchange(30);
    let at = clock.getTime();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      receiver.answers.push({ status: 502 });
      await worker({ maxAttempts: 3, now: () => new Date(at) }).runOnce();
      at = (await reload(redemption.id)).issueNextAt.getTime();
    }
    expect(await reload(redemption.id)).toMatchObject({ status: 'failed', issueAttempts: 3 });
    expect(await balance()).toBe(before);
  });

  it('refuses a gift without a giftee code without calling the issuer', async () => {
    const bare = await insertGift(server.db.db, { giftType: 'coin_exchange', weeklyGachaCalculationType: null, gifteeCode: null });
    const redemption = await exchange(10);
    await server.db.db.update(giftRedemptions).set({ giftId: bare.id }).where(eq(giftRedemptions.id, redemption.id));
    await worker().runOnce();
    expect(receiver.received).toHaveLength(0);
    expect(await reload(redemption.id)).toMatchObject({ status: 'failed' });
  });

  it('posts each redemption once when two workers run at the same time', async () => {
    const redemptions = await Promise.all(Array.from({ length: 6 }, () => exchange(5)));
    for (let index = 0; index < 6; index += 1) receiver.answers.push({ status: 201, delayMs: 50, body: { code: `SLOW-${index}` } });
    const before = await balance();
    await Promise.all([worker({ batchSize: 3 }).runOnce(), worker({ batchSize: 3 }).runOnce(), worker({ batchSize: 3 }).runOnce()]);
    const posted = receiver.received.map((request) => request.body.redemptionId).sort((a, b) => a - b);
    expect(posted).toEqual(redemptions.map((row) => row.id).sort((a, b) => a - b));
    const rows = await Promise.all(redemptions.map((row) => reload(row.id)));
    expect(rows.every((row) => row.status === 'issued')).toBe(true);
    expect(new Set(rows.map((row) => row.prizeCode)).size).toBe(6);
    expect(await balance()).toBe(before);
  });

  it('leaves prizes pending when no issuer is configured', async () => {
    const redemption = await exchange();
    expect(await worker({ issuer: { url: undefined, token: undefined } }).runOnce()).toBe(0);
    expect(await reload(redemption.id)).toMatchObject({ status: 'pending', issueAttempts: 0 });
  });

  it('reads only a code or URL string of sane length from the answer', () => {
    expect(prizeCodeOf('{"code":" ABC "}')).toBe('ABC');
    expect(prizeCodeOf('{"code":""}')).toBeNull();
    expect(prizeCodeOf('{"code":12}')).toBeNull();
    expect(prizeCodeOf(JSON.stringify({ code: 'x'.repeat(2001) }))).toBeNull();
    expect(prizeCodeOf('not json')).toBeNull();
  });
});

describe('dev gift issuer', () => {
  it('answers the same code for the same idempotency key in development, and does not exist otherwise', async () => {
    const development = testConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:8080' });
    expect(development.giftIssuer.url).toBe('http://localhost:8080/dev/gift-issuer');
    expect(testConfig().giftIssuer.url).toBeUndefined();
    expect(testConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://kiwi.example' }).giftIssuer.url).toBeUndefined();
    expect(testConfig({ GIFT_ISSUER_URL: 'https://issuer.example/' }).giftIssuer.url).toBe('https://issuer.example');
    expect(devGiftIssuerRoutes({ config: testConfig() }).stack).toHaveLength(0);

    const dev = await serve(express().use(devGiftIssuerRoutes({ config: development })));
    try {
      const post = (json: unknown) => dev.request('/dev/gift-issuer/v1/gifts', { method: 'POST', json });
      const first = await post({ gifteeCode: 'GT-1', redemptionId: 1, idempotencyKey: 'k-1' });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ code: devPrizeCode('k-1') });
      expect((await post({ gifteeCode: 'GT-1', redemptionId: 1, idempotencyKey: 'k-1' })).body).toEqual(first.body);
      expect((await post({ redemptionId: 1 })).status).toBe(400);
    } finally {
      await dev.close();
    }
  });
});
