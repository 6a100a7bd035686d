import { backoffDelay } from '@kiwi/shared/domain/backoff';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { type JobRow, jobs } from '../db/schema/jobs';
import { type PollingWorker, type PollingWorkerOptions, pollingLoop } from '../outbox/worker';

/**
 * Runs one due job INSIDE the transaction that claimed it: the job's database effects and its "done" commit together,
 * so a job runs exactly once. Never await HTTP or mail here; enqueue an outbox row instead.
 */
export type JobHandler = (tx: Transaction, job: JobRow, now: Date) => Promise<void>;

export type JobWorkerOptions = PollingWorkerOptions & {
  handlers: Record<string, JobHandler>;
  /** Jobs run per runOnce (each in its own transaction). */
  batchSize?: number;
};

/** Runs due jobs one by one (at most batchSize); `runOnce` resolves to the number claimed. */
export type JobWorker = PollingWorker;

export function createJobWorker({
  db,
  handlers,
  logger,
  maxAttempts = 5,
  baseDelayMs = 10_000,
  maxDelayMs = 60 * 60_000,
  batchSize = 20,
  pollIntervalMs = 1_000,
  random = Math.random,
  now = () => new Date(),
}: JobWorkerOptions): JobWorker {
  /** Claims the oldest due job (FOR UPDATE SKIP LOCKED) and runs it; false when nothing was due. */
  async function runOne(): Promise<boolean> {
    const at = now();
    return db.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, at)))
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return false;
      const handler = handlers[job.kind];
      if (!handler) {
        await tx
          .update(jobs)
          .set({ status: 'dead', attempts: sql`${jobs.attempts} + 1`, lockedAt: at, lastError: `no handler for job kind ${job.kind}` })
          .where(eq(jobs.id, job.id));
        logger?.error({ jobId: job.id, kind: job.kind }, 'job has no handler');
        return true;
      }
      try {
        // A savepoint: a failing handler's writes roll back while the claim can still record the failure.
        await tx.transaction((inner) => handler(inner as unknown as Transaction, job, at));
      } catch (error) {
        const attempts = job.attempts + 1;
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
        const dead = attempts >= maxAttempts;
        await tx
          .update(jobs)
          .set({
            attempts,
            lockedAt: at,
            lastError: message,
            status: dead ? 'dead' : 'pending',
            runAt: dead ? job.runAt : new Date(at.getTime() + backoffDelay(attempts, { baseDelayMs, maxDelayMs, random })),
          })
          .where(eq(jobs.id, job.id));
        logger?.warn({ jobId: job.id, kind: job.kind, attempts, err: error }, dead ? 'job is dead' : 'job failed; will retry');
        return true;
      }
      await tx
        .update(jobs)
        .set({ status: 'done', attempts: job.attempts + 1, lockedAt: at, lastError: null })
        .where(eq(jobs.id, job.id));
      return true;
    });
  }

  async function runOnce(): Promise<number> {
    let count = 0;
    while (count < batchSize && (await runOne())) count += 1;
    return count;
  }

  return { runOnce, ...pollingLoop('jobs', runOnce, { pollIntervalMs, batchSize, logger }) };
}
