// The one retry backoff of Kiwi: the API client's retries, the event-stream reconnects, the server's outbox and jobs and
// its LISTEN reconnect all wait `backoffDelay(attempt, ...)`, and read a server's Retry-After with `parseRetryAfter`.

export type BackoffOptions = {
  /** The wait before the first retry, at most (attempt 1). */
  baseDelayMs: number;
  /** Where the doubling stops. */
  maxDelayMs: number;
  /** A number in [0, 1); tests pin it. */
  random?: () => number;
};

/**
 * Exponential backoff with "equal jitter" for attempt 1, 2, 3...: half of min(max, base * 2^(attempt-1)) fixed, half
 * random, so many clients cut off together (a server restart) spread out but a retry never collapses to 0 ms.
 */
export function backoffDelay(attempt: number, { baseDelayMs, maxDelayMs, random = Math.random }: BackoffOptions): number {
  const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** Retry-After (RFC 9110 §10.2.3) in ms from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  // Only a date with letters: Date.parse reads bare numbers ("-1", "1e3") as years.
  if (!/[a-z]/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
