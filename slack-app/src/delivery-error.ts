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
