/**
 * What a delivery handler throws when a post did not go through. The outbox worker decides when to try again:
 * `retryAfterMs` (Slack's 429 Retry-After) is a floor under its backoff; `permanent` errors are not retried.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly retryAfterMs: number | null;
  readonly permanent: boolean;
  constructor(message: string, { retryAfterMs = null, permanent = false }: { retryAfterMs?: number | null; permanent?: boolean } = {}) {
    super(message);
    this.retryAfterMs = retryAfterMs;
    this.permanent = permanent;
  }
}

/** Retry-After is either delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
