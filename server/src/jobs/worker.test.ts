import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { outbox } from '../db/schema/outbox';
import { createTestDatabase } from '../test/database';
import { cancelJob, scheduleJob } from './schedule';
import { createJobWorker, type JobHandler } from './worker';

let db: DatabaseHandle;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const at = new Date('2026-06-01T09:00:00Z');
const job = async (id: number) => (await db.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('jobs worker', () => {
  it('runs a due job inside its claiming transaction once, and leaves future and cancelled ones alone', async () => {
    const runs: number[] = [];
    const handler: JobHandler = async (tx, row) => {
      runs.push(row.id);
      await tx.insert(outbox).values({ topic: 'slack.test_message', payload: { requestedBy: `job-${row.id}` } });
    };
    const due = (await db.db.transaction((tx) => scheduleJob(tx, { kind: 'test.once', runAt: at, dedupeKey: 'once-1' })))!;
    expect(await db.db.transaction((tx) => scheduleJob(tx, { kind: 'test.once', runAt: at, dedupeKey: 'once-1' }))).toBeNull();
    const later = (await db.db.transaction((tx) => scheduleJob(tx, { kind: 'test.once', runAt: new Date(at.getTime() + 60_000) })))!;
    const cancelled = (await db.db.transaction((tx) => scheduleJob(tx, { kind: 'test.once', runAt: at, dedupeKey: 'once-2' })))!;
    expect(await db.db.transaction((tx) => cancelJob(tx, 'once-2'))).toBe(true);

    const workers = [1, 2].map(() => createJobWorker({ db, handlers: { 'test.once': handler }, now: () => at }));
    await Promise.all(workers.map((worker) => worker.runOnce()));
    await Promise.all(workers.map((worker) => worker.runOnce()));
    expect(runs).toEqual([due]);
    expect((await job(due)).status).toBe('done');
    expect((await job(later)).status).toBe('pending');
    expect((await job(cancelled)).lastError).toBe('cancelled');
    const [posted] = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.payload}->>'requestedBy' = ${`job-${due}`}`);
    expect(posted!.n).toBe(1);
  });

  it('rolls back a failing job, retries it later and gives up after the last attempt', async () => {
    const failing: JobHandler = async (tx) => {
      await tx.insert(outbox).values({ topic: 'slack.test_message', payload: { requestedBy: 'must-roll-back' } });
      throw new Error('boom');
    };
    const id = (await db.db.transaction((tx) => scheduleJob(tx, { kind: 'test.fail', runAt: at })))!;
    let now = at;
    const worker = createJobWorker({
      db,
      handlers: { 'test.fail': failing },
      maxAttempts: 3,
      baseDelayMs: 1000,
      random: () => 0.5,
      now: () => now,
    });
    await worker.runOnce();
    const first = await job(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom' });
    expect(first.runAt.getTime()).toBeGreaterThan(at.getTime());
    await worker.runOnce();
    expect((await job(id)).attempts).toBe(1);
    for (let i = 0; i < 2; i += 1) {
      now = new Date(now.getTime() + 3_600_000);
      await worker.runOnce();
    }
    expect(await job(id)).toMatchObject({ status: 'dead', attempts: 3 });
    const rolledBack = await db.db.select().from(outbox).where(sql`${outbox.payload}->>'requestedBy' = 'must-roll-back'`);
    expect(rolledBack).toHaveLength(0);
  });

  it('marks a job of an unknown kind dead', async () => {
    const id = (await db.db.transaction((tx) => scheduleJob(tx, { kind: 'test.unknown', runAt: at })))!;
    await createJobWorker({ db, handlers: {}, now: () => at }).runOnce();
    expect(await job(id)).toMatchObject({ status: 'dead', lastError: 'no handler for job kind test.unknown' });
  });
});
