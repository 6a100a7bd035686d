import type { NotificationTopic, Notifications } from '@kiwi/slack-app/notifications';
import type { Executor } from '../db/client';
import { outbox } from '../db/schema/outbox';

/**
 * Leaves a side effect (Slack post, mail) for the outbox workers. Call it with the transaction that makes the change,
 * so the notification exists exactly when the change does.
 */
export async function enqueue<T extends NotificationTopic>(
  tx: Executor,
  topic: T,
  payload: Notifications[T],
  { organizationId = null, notBefore }: { organizationId?: number | null; notBefore?: Date } = {},
): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({ topic, payload, organizationId, ...(notBefore ? { nextAttemptAt: notBefore } : {}) })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox row not inserted');
  return row.id;
}
