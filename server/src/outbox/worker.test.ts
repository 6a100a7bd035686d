import { startFakeSlack, type FakeSlack, type Received } from '@kiwi/slack-app/testing/fake-slack';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { organizations } from '../db/schema/organizations';
import { slackWebhooks } from '../db/schema/slack';
import { createTestDatabase } from '../test/database';
import { createWorkers } from '../workers';
import { enqueue } from './enqueue';
import { createOutboxWorker, type OutboxHandler, retryDeadRow } from './worker';

let db: DatabaseHandle;
let slack: FakeSlack;
let organizationId: number;
const config = { publicUrl: 'https://kiwi.example', mail: { smtpUrl: undefined, from: 'kiwi@test.example' } };

const fast = { baseDelayMs: 10, maxDelayMs: 50, pollIntervalMs: 10 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function drain(run: () => Promise<unknown>, until: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await until())) {
    if (Date.now() - started > limitMs) throw new Error('outbox did not drain');
    await run();
    await sleep(20);
  }
}
const pendingCount = async () => (await db.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'pending'))).length;
const label = (r: Received) => (r.json as { blocks: { elements?: { text: string }[] }[] }).blocks[1]?.elements?.[0]?.text ?? '';

beforeAll(async () => {
  db = await createTestDatabase();
  slack = await startFakeSlack();
  const [org] = await db.db
    .insert(organizations)
    .values({ name: 'Outbox org', identifier: `outbox-${Date.now()}` })
    .returning();
  organizationId = org!.id;
  await db.db.insert(slackWebhooks).values({ organizationId, url: `${slack.url}/services/T000/B000/XXXX`, language: 'en' });
});
afterAll(async () => {
  await slack.close();
  await db.close();
});
beforeEach(async () => {
  await db.db.delete(outbox);
  slack.received.length = 0;
  slack.setWebhookScript(() => ({ status: 200, body: 'ok' }));
});

describe('outbox worker', () => {
  it('retries 500s, waits out a 429 Retry-After, and posts every message exactly once and never early', async () => {
    const failuresByMessage = new Map<string, number>();
    const retryAfterAt = new Map<string, number>();
    slack.setWebhookScript((request) => {
      const name = label(request);
      const seen = failuresByMessage.get(name) ?? 0;
      failuresByMessage.set(name, seen + 1);
      if (seen < 2) return { status: 500, body: 'internal_error' };
      if (seen === 2) {
        retryAfterAt.set(name, Date.now());
        return { status: 429, headers: { 'retry-after': '1' }, body: 'rate_limited' };
      }
      return { status: 200, body: 'ok' };
    });
    await db.db.transaction(async (tx) => {
      for (let i = 0; i < 10; i += 1) await enqueue(tx, 'slack.test_message', { requestedBy: `message-${i}` }, { organizationId });
    });
    const workers = createWorkers({ db, config, outbox: fast });
    await drain(
      () => workers.runOnce(),
      async () => (await pendingCount()) === 0,
    );

    const posts = slack.webhookPosts();
    const names = [...new Set(posts.map(label))].sort();
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `Sent by message-${i}`).sort());
    // 2 × 500, 1 × 429, then 200 (the script answers 200 from the fourth request on): exactly four requests each.
    for (const name of names) expect(posts.filter((post) => label(post) === name)).toHaveLength(4);
    for (const name of names) {
      const last = posts.filter((post) => label(post) === name).at(-1)!;
      expect(last.at - retryAfterAt.get(name)!).toBeGreaterThanOrEqual(1000);
    }
    const rows = await db.db.select().from(outbox);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 4 && row.deliveredAt !== null)).toBe(true);
  }, 60_000);

  it('marks a row dead after the last attempt, and "retry" puts it back', async () => {
    slack.setWebhookScript(() => ({ status: 503, body: 'unavailable' }));
    const id = await db.db.transaction((tx) => enqueue(tx, 'slack.test_message', { requestedBy: 'doomed' }, { organizationId }));
    const workers = createWorkers({ db, config, outbox: { ...fast, maxAttempts: 3 } });
    await drain(
      () => workers.runOnce(),
      async () => (await pendingCount()) === 0,
    );
    const [dead] = await db.db.select().from(outbox).where(eq(outbox.id, id));
    expect(dead).toMatchObject({ status: 'dead', attempts: 3 });
    expect(dead!.lastError).toContain('503');
    expect(slack.webhookPosts()).toHaveLength(3);

    slack.setWebhookScript(() => ({ status: 200, body: 'ok' }));
    expect(await retryDeadRow(db.db, id, organizationId + 1, new Date())).toBe(false);
    expect(await retryDeadRow(db.db, id, organizationId, new Date())).toBe(true);
    await drain(
      () => workers.runOnce(),
      async () => (await pendingCount()) === 0,
    );
    const [done] = await db.db.select().from(outbox).where(eq(outbox.id, id));
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
    expect(slack.webhookPosts()).toHaveLength(4);
  }, 30_000);

  it('a removed webhook (404) is dead at once: Slack will never accept it', async () => {
    slack.setWebhookScript(() => ({ status: 404, body: 'no_service' }));
    const id = await db.db.transaction((tx) => enqueue(tx, 'slack.test_message', { requestedBy: 'gone' }, { organizationId }));
    await createWorkers({ db, config, outbox: fast }).runOnce();
    const [row] = await db.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'dead', attempts: 1 });
  });

  it('completes a notification for an organisation without a webhook without posting it', async () => {
    const [other] = await db.db
      .insert(organizations)
      .values({ name: 'No Slack', identifier: `noslack-${Date.now()}` })
      .returning();
    const id = await db.db.transaction((tx) => enqueue(tx, 'slack.test_message', { requestedBy: 'nobody' }, { organizationId: other!.id }));
    await createWorkers({ db, config, outbox: fast }).runOnce();
    const [row] = await db.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'done', lastError: 'skipped: no Slack webhook configured' });
    expect(slack.webhookPosts()).toHaveLength(0);
  });

  it('two workers on one database never post a row twice', async () => {
    slack.setWebhookScript(async () => {
      await sleep(2);
      return { status: 200, body: 'ok' };
    });
    await db.db.transaction(async (tx) => {
      for (let i = 0; i < 300; i += 1) await enqueue(tx, 'slack.test_message', { requestedBy: `pair-${i}` }, { organizationId });
    });
    const one = createWorkers({ db, config, outbox: { ...fast, batchSize: 7 } });
    const two = createWorkers({ db, config, outbox: { ...fast, batchSize: 7 } });
    one.start();
    two.start();
    try {
      await drain(
        async () => {},
        async () => (await pendingCount()) === 0,
        60_000,
      );
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
    const labels = slack.webhookPosts().map(label);
    expect(labels).toHaveLength(300);
    expect(new Set(labels).size).toBe(300);
  }, 90_000);

  it("a claim whose lease ran out is delivered by another worker; the first worker's late outcome changes nothing", async () => {
    // Due exactly at `start`: a default next_attempt_at is the database's now(), in microseconds, which can fall after a
    // Date.now() taken within the same millisecond, and then the first claim finds nothing due.
    const start = Date.now();
    const id = await db.db.transaction((tx) =>
      enqueue(tx, 'slack.test_message', { requestedBy: 'stuck' }, { organizationId, notBefore: new Date(start) }),
    );
    let release: () => void = () => {};
    const calls: string[] = [];
    const stuck: OutboxHandler = (row) => {
      calls.push(`a:${row.attempts}`);
      return new Promise((_resolve, reject) => {
        release = () => reject(new Error('too late'));
      });
    };
    const quick: OutboxHandler = async (row) => {
      calls.push(`b:${row.attempts}`);
    };
    const a = createOutboxWorker({ db, handlers: () => stuck, leaseMs: 1_000, now: () => new Date(start) });
    const b = createOutboxWorker({ db, handlers: () => quick, leaseMs: 1_000, now: () => new Date(start + 500) });
    const later = createOutboxWorker({ db, handlers: () => quick, leaseMs: 1_000, now: () => new Date(start + 1_500) });
    const first = a.runOnce();
    await expect.poll(() => calls.length).toBe(1);
    // Within the lease the row is invisible to other workers; after it, it is claimed again.
    expect(await b.runOnce()).toBe(0);
    expect(await later.runOnce()).toBe(1);
    release();
    await first;
    const [row] = await db.db.select().from(outbox).where(eq(outbox.id, id));
    expect(calls).toEqual(['a:1', 'b:2']);
    expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(row!.deliveredAt!.getTime()).toBe(start + 1_500);
  });
});
