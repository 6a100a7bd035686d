import { DeliveryError } from '@kiwi/slack-app/delivery-error';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema/outbox';
import type { NotificationTopic, Notifications } from '@kiwi/slack-app/notifications';
import type { OutboxHandler } from './worker';

/** How long a row posted at once stays invisible to the workers (longer than the slowest post, 10 s). */
export const DELIVER_NOW_LEASE_MS = 30_000;
/** When a failed immediate post is tried again by a worker. */
const RETRY_AFTER_FAILURE_MS = 2_000;

/**
 * Queues a row and posts it at once, for answers someone is waiting for (a /kiwi command's answer). The row is queued
 * already leased, as a worker's claim would be, so no worker takes it while it is posted here; a post that fails is
 * left to the workers (retried with their backoff, dead when permanent), a post that succeeds marks it done. The one
 * window for a double post is the outbox's own: the process dies between the post and the update.
 */
export async function enqueueAndDeliver<T extends NotificationTopic>(
  db: Database,
  topic: T,
  payload: Notifications[T],
  handler: OutboxHandler,
  { organizationId = null, now = () => new Date() }: { organizationId?: number | null; now?: () => Date } = {},
): Promise<void> {
  const notBefore = new Date(now().getTime() + DELIVER_NOW_LEASE_MS);
  const [row] = await db.insert(outbox).values({ topic, payload, organizationId, nextAttemptAt: notBefore, attempts: 1 }).returning();
  if (!row) throw new Error('outbox row not inserted');
  const ours = and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.attempts, 1));
  try {
    await handler(row);
    await db.update(outbox).set({ status: 'done', deliveredAt: now(), lastError: null }).where(ours);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const permanent = error instanceof DeliveryError && error.permanent;
    const retryAfter = error instanceof DeliveryError ? (error.retryAfterMs ?? 0) : 0;
    await db
      .update(outbox)
      .set(
        permanent
          ? { status: 'dead', lastError: message }
          : { lastError: message, nextAttemptAt: new Date(now().getTime() + Math.max(retryAfter, RETRY_AFTER_FAILURE_MS)) },
      )
      .where(ours);
  }
}
