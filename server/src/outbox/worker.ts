import { backoffDelay } from '@kiwi/shared/domain/backoff';
import { DeliveryError } from '@kiwi/slack-app/delivery-error';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';
import { type OutboxRow, outbox } from '../db/schema/outbox';

/** Delivers one outbox row (outside any transaction). Throw to retry; a DeliveryError can ask for a delay or give up. */
export type OutboxHandler = (row: OutboxRow) => Promise<void | { skipped: string }>;
/** Finds the handler for a topic; `slack.*` topics share one. */
export type OutboxHandlers = (topic: string) => OutboxHandler | undefined;

/** What the polling queue workers (outbox, jobs, gift issuing) share: retries with backoff, batches, the clock. */
export type PollingWorkerOptions = {
  db: DatabaseHandle;
  logger?: Logger;
  /** Failed attempts before a row gives up. */
  maxAttempts?: number;
  /** First retry delay; each further attempt doubles it (with jitter), capped at maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  batchSize?: number;
  pollIntervalMs?: number;
  random?: () => number;
  now?: () => Date;
};

/** A polling queue worker: `runOnce` handles one batch of due rows and resolves to how many it claimed. */
export type PollingWorker = { runOnce(): Promise<number>; start(): void; stop(): Promise<void> };

export type OutboxWorkerOptions = PollingWorkerOptions & {
  handlers: OutboxHandlers;
  /** After this many failed attempts a row is dead (shown to managers with a "retry" button). */
  maxAttempts?: number;
  /**
   * How long a claimed row stays invisible to other workers. It must exceed the slowest delivery (the Slack client
   * times out after 10 s), otherwise a second worker could post a row the first is still posting.
   */
  leaseMs?: number;
};

export type OutboxWorker = PollingWorker;

export function createOutboxWorker({
  db,
  handlers,
  logger,
  maxAttempts = 8,
  baseDelayMs = 2_000,
  maxDelayMs = 30 * 60_000,
  leaseMs = 60_000,
  batchSize = 20,
  pollIntervalMs = 1_000,
  random = Math.random,
  now = () => new Date(),
}: OutboxWorkerOptions): OutboxWorker {
  /**
   * Claims due rows with FOR UPDATE SKIP LOCKED and, in the same short transaction, counts the attempt and pushes
   * next_attempt_at past the lease, so the row stays invisible to other workers while it is delivered outside.
   */
  async function claim(at: Date): Promise<OutboxRow[]> {
    return db.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        // Due within `at`'s millisecond counts as due: next_attempt_at defaults to the database's now(), in microseconds,
        // which can fall just after a Date of the same millisecond (a row enqueued just now would wait a poll).
        .where(and(eq(outbox.status, 'pending'), lt(outbox.nextAttemptAt, new Date(at.getTime() + 1))))
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + leaseMs) })
        .where(
          inArray(
            outbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  // Each outcome is written only while the row is still ours: still pending, with the attempt count we claimed it at.
  const stillOurs = (row: OutboxRow) => and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.attempts, row.attempts));

  /** Delivers one claimed row; failures are recorded here, successes are returned to be marked done in one update. */
  async function deliver(row: OutboxRow): Promise<{ row: OutboxRow; skipped: string | null } | null> {
    const handler = handlers(row.topic);
    if (!handler) {
      await db.db
        .update(outbox)
        .set({ status: 'dead', lastError: `no handler for topic ${row.topic}` })
        .where(stillOurs(row));
      logger?.error({ outboxId: row.id, topic: row.topic }, 'outbox row has no handler');
      return null;
    }
    try {
      const outcome = await handler(row);
      return { row, skipped: outcome ? outcome.skipped : null };
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      const permanent = error instanceof DeliveryError && error.permanent;
      if (permanent || row.attempts >= maxAttempts) {
        await db.db.update(outbox).set({ status: 'dead', lastError: message }).where(stillOurs(row));
        logger?.warn({ outboxId: row.id, topic: row.topic, attempts: row.attempts, err: error }, 'outbox row is dead');
        return null;
      }
      const retryAfter = error instanceof DeliveryError ? (error.retryAfterMs ?? 0) : 0;
      const delay = Math.max(retryAfter, backoffDelay(row.attempts, { baseDelayMs, maxDelayMs, random }));
      await db.db
        .update(outbox)
        .set({ nextAttemptAt: new Date(now().getTime() + delay), lastError: message })
        .where(stillOurs(row));
      logger?.info({ outboxId: row.id, topic: row.topic, attempts: row.attempts, delayMs: delay }, 'outbox delivery failed; will retry');
      return null;
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim(now());
    if (rows.length === 0) return 0;
    const results = (await Promise.all(rows.map((row) => deliver(row)))).filter((result) => result !== null);
    // The one window for a double post: the process dies after a post and before this update (docs/decisions.md).
    const deliveredAt = now();
    const delivered = results.filter((result) => result.skipped === null).map((result) => result.row);
    if (delivered.length > 0) {
      // One update for the batch; every row of a claim carries the same lease, which fences rows claimed again since.
      await db.db
        .update(outbox)
        .set({ status: 'done', deliveredAt, lastError: null })
        .where(
          and(
            inArray(
              outbox.id,
              delivered.map((row) => row.id),
            ),
            eq(outbox.status, 'pending'),
            eq(outbox.nextAttemptAt, delivered[0]!.nextAttemptAt),
          ),
        );
    }
    for (const { row, skipped } of results) {
      if (skipped !== null)
        await db.db
          .update(outbox)
          .set({ status: 'done', deliveredAt, lastError: `skipped: ${skipped}` })
          .where(stillOurs(row));
    }
    return rows.length;
  }

  return { runOnce, ...pollingLoop('outbox', runOnce, { pollIntervalMs, batchSize, logger }) };
}

/** Runs `step` until it finds nothing, then sleeps pollIntervalMs; stop() waits for the step in progress. */
export function pollingLoop(
  name: string,
  step: () => Promise<number>,
  { pollIntervalMs, batchSize, logger }: { pollIntervalMs: number; batchSize: number; logger?: Logger },
): { start(): void; stop(): Promise<void> } {
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;

  const tick = () => {
    timer = null;
    if (!running) return;
    current = (async () => {
      let delay = pollIntervalMs;
      try {
        const claimed = await step();
        if (claimed >= batchSize) delay = 0;
      } catch (error) {
        logger?.error({ err: error }, `${name} worker step failed`);
      }
      if (running) timer = setTimeout(tick, delay);
    })();
  };

  return {
    start() {
      if (running) return;
      running = true;
      tick();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
}

/** A dead row goes back in the queue with a fresh set of attempts (the External services page's "retry"). */
export async function retryDeadRow(db: DatabaseHandle['db'], id: number, organizationId: number | null, at: Date): Promise<boolean> {
  const conditions = [eq(outbox.id, id), eq(outbox.status, 'dead')];
  if (organizationId !== null) conditions.push(eq(outbox.organizationId, organizationId));
  const rows = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: at, lastError: null })
    .where(and(...conditions))
    .returning({ id: outbox.id });
  return rows.length > 0;
}
