import { parseRetryAfter } from '@kiwi/shared/domain/backoff';
import { DeliveryError } from './delivery-error';
import type { SlackMessage } from './blocks';
import type { CommandAnswer } from './ports';

export type WebhookOptions = { fetch?: typeof globalThis.fetch; timeoutMs?: number; now?: () => Date };

/**
 * Posts one message to an incoming webhook (or a command's response_url, which Slack answers the same way). Written on fetch rather than @slack/webhook, which treats a 429 like any
 * other failure and drops Retry-After: here a 429 becomes a DeliveryError carrying it, 5xx and network failures are
 * retried, and the 4xx answers Slack gives for a removed webhook or a bad payload are permanent.
 */
export async function postToWebhook(
  url: string,
  message: SlackMessage | CommandAnswer,
  { fetch = globalThis.fetch, timeoutMs = 10_000, now = () => new Date() }: WebhookOptions = {},
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new DeliveryError(`webhook unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.text().catch(() => '')).slice(0, 200);
  if (response.ok) return;
  if (response.status === 429) {
    throw new DeliveryError(`Slack rate limit (429)`, {
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()) ?? 30_000,
    });
  }
  const permanent = [400, 401, 403, 404, 410].includes(response.status);
  throw new DeliveryError(`Slack answered ${response.status} ${body}`.trim(), { permanent });
}
