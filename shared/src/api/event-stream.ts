// Server-Sent Events read with fetch, so the bearer token travels in the Authorization header rather than in the URL
// (EventSource cannot send headers). Used by the guild chat and the event pages in the browser and by the server's tests
// in Node.
import { backoffDelay } from '../domain/backoff';
import type { ApiClient } from './client';
import { HttpResponseError, IgnorableError } from './errors';

export type StreamEvent = { id: string | null; event: string; data: string };

/**
 * An incremental parser of the text/event-stream format: feed it decoded text as it arrives, it calls `onEvent` per
 * complete event. Comments (heartbeats) and `retry:` lines are skipped; `id` is remembered across events as the spec says.
 */
export function createEventStreamParser(onEvent: (event: StreamEvent) => void): (chunk: string) => void {
  let buffer = '';
  let lastId: string | null = null;
  let event = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    for (;;) {
      const newline = buffer.search(/\r\n|\r|\n/);
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) onEvent({ id: lastId, event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\u0000')) lastId = value;
    }
  };
}

/** Reads a response body to its end (or until aborted), calling `onEvent` per event. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void): Promise<void> {
  const parse = createEventStreamParser(onEvent);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parse(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'failed';

export type LiveStreamOptions = {
  api: ApiClient;
  /** The API path of the stream: `/guilds/12/stream`. */
  path: string;
  /**
   * Where to start: the `last-event-id` the page's data was loaded with. Given, the loop resumes from the last event
   * seen (Last-Event-ID) and drops repeats; without it (signal-only streams) a reconnect calls `onReconnect`.
   */
  lastEventId?: number;
  /** A bearer token to stream with instead of the session's (a shared-event guest), or `public` to send none. */
  token?: string | null;
  public?: boolean;
  onEvent: (event: StreamEvent) => void;
  onState?: (state: LiveState) => void;
  /** The server cannot fill the gap (or the guild is gone): reload everything. */
  onReset?: () => void;
  /** Live again after a drop: what happened meanwhile may have been missed (streams without lastEventId). */
  onReconnect?: () => void;
};

/** The reconnect backoff of every event stream (shared/src/domain/backoff.ts's one formula). */
export const STREAM_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 30_000 };

/** The `reconnect` event's retry_ms, at most 30 s; null when unreadable (the backoff applies then). */
function serverRetryOf(data: string): number | null {
  try {
    const ms = Math.min(Number(JSON.parse(data).retry_ms), 30_000);
    return ms >= 0 ? ms : null;
  } catch {
    return null;
  }
}

/** Whether a failed connection attempt is worth another: not a 4xx (no longer a member, gone), except 408 and 429. */
function isFinalRefusal(error: unknown): boolean {
  if (error instanceof IgnorableError) return true;
  return error instanceof HttpResponseError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * The one SSE reconnect loop (guild chat, event pages, shared events): keeps one stream open and, on a drop, reconnects
 * with jittered backoff (or when a draining server said to, through the load balancer to another replica), resuming
 * from Last-Event-ID so no event is lost or repeated. A 4xx answer (no longer a member, guild deleted) stops it.
 * Returns the function that closes it.
 */
export function openLiveStream({
  api,
  path,
  lastEventId,
  token,
  public: isPublic = false,
  onEvent,
  onState,
  onReset,
  onReconnect,
}: LiveStreamOptions): () => void {
  const controller = new AbortController();
  let cursor = lastEventId;
  let attempt = 0;
  let dropped = false;
  // The server ends a stream when its token expires; a token that expired on the way (clock skew) is worth one more
  // attempt, which asks for a fresh one. Two refusals in a row mean the session is gone.
  let refusedBefore = false;

  const run = async () => {
    while (!controller.signal.aborted) {
      onState?.(dropped ? 'reconnecting' : 'connecting');
      let serverRetryMs: number | null = null;
      try {
        const response = await api.raw<'stream'>(path, {
          responseType: 'stream',
          headers: { ...(cursor === undefined ? {} : { 'Last-Event-ID': String(cursor) }), Accept: 'text/event-stream' },
          signal: controller.signal,
          // This loop reconnects itself (with the Last-Event-ID the client's own retry would not update).
          retry: false,
          ...(token ? { token } : isPublic ? { public: true } : {}),
        });
        const body = response._data ?? response.body;
        if (!body) throw new Error('no stream body');
        onState?.('live');
        if (dropped) onReconnect?.();
        attempt = 0;
        refusedBefore = false;
        let reset = false;
        await readEventStream(body, (event) => {
          if (event.event === 'reset') {
            reset = true;
            return;
          }
          if (event.event === 'reconnect') {
            serverRetryMs = serverRetryOf(event.data);
            return;
          }
          if (cursor !== undefined && event.id !== null && /^\d+$/.test(event.id)) {
            const seq = Number(event.id);
            if (seq <= cursor) return;
            cursor = seq;
          }
          onEvent(event);
        });
        if (reset) {
          onReset?.();
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        const retryableRefusal = error instanceof HttpResponseError && error.status === 401 && !refusedBefore;
        if (error instanceof HttpResponseError) refusedBefore = error.status === 401;
        if (!retryableRefusal && isFinalRefusal(error)) {
          onState?.('failed');
          return;
        }
      }
      if (controller.signal.aborted) return;
      dropped = true;
      onState?.('reconnecting');
      attempt += 1;
      await new Promise((resolve) => setTimeout(resolve, serverRetryMs ?? backoffDelay(attempt, STREAM_BACKOFF)));
    }
  };
  void run();
  return () => controller.abort();
}
