import { backoffDelay } from '@kiwi/shared/domain/backoff';
import type { Request, Response } from 'express';

export type EventStream = {
  /** One event: `id` becomes the client's Last-Event-ID. `data` is sent on one line (JSON has no raw newlines). */
  send(event: { id?: number | string; event: string; data: string }): void;
  /** An event already framed by `frameEvent` (one Buffer shared by every subscriber of a broadcast). */
  write(frame: Buffer): void;
  /** Ends the response. */
  close(): void;
  /** Resolves when the client went away or close() ran. */
  closed: Promise<void>;
};

const HEARTBEAT_MS = 20_000;
/**
 * What a slow reader may leave queued in this process before its stream is ended. Its client reconnects with
 * Last-Event-ID and catches up from the log, so ending costs nothing but memory stays bounded per subscriber.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Every open stream of this process with its shutdown closer, so a shutdown can end them instead of waiting. */
const openStreams = new Map<EventStream, (retryMs: number) => void>();

/** How soon a stream ended by a shutdown comes back, spread over 1-2 s so its clients do not all return at once. */
export const SHUTDOWN_RECONNECT = { baseDelayMs: 2_000, maxDelayMs: 2_000 };

/**
 * Ends every open event stream (graceful shutdown: `server.close()` would otherwise wait for each client to go away).
 * Each first gets a jittered `retry:` and a `reconnect` event: its client comes back with Last-Event-ID after that
 * wait, through the load balancer to another replica (or to this one once it is back), and misses nothing.
 */
export function closeEventStreams({ random = Math.random }: { random?: () => number } = {}): number {
  const closers = [...openStreams.values()];
  for (const close of closers) close(backoffDelay(1, { ...SHUTDOWN_RECONNECT, random }));
  return closers.length;
}

/**
 * A Server-Sent Events response. A comment line every 20 s keeps proxies from closing an idle stream; `retry` tells an
 * EventSource-style client how soon to come back.
 */
export function openEventStream(
  req: Request,
  res: Response,
  { retryMs = 2000, maxBufferedBytes = MAX_BUFFERED_BYTES }: { retryMs?: number; maxBufferedBytes?: number } = {},
): EventStream {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  // nginx and similar proxies buffer responses unless told not to.
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  req.socket.setNoDelay(true);
  req.socket.setKeepAlive(true);
  res.write(`retry: ${retryMs}\n\n`);

  let done = false;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const finish = () => {
    if (done) return;
    done = true;
    clearInterval(heartbeat);
    openStreams.delete(stream);
    resolveClosed();
  };
  // Backpressure: a reader that does not keep up is cut off rather than buffered without bound. What is already queued
  // counts, not the new chunk, so one large event still reaches a reader that keeps up (memory: the limit + one event).
  const put = (chunk: Buffer | string) => {
    if (done) return;
    if (res.writableLength > maxBufferedBytes) {
      // Not end(): that would queue behind what the reader is not reading. Its client resumes from the last whole event.
      finish();
      res.destroy();
      return;
    }
    res.write(chunk);
  };
  const stream: EventStream = {
    send: (message) => put(frameEvent(message)),
    write: (frame) => put(frame),
    close() {
      if (done) return;
      finish();
      res.end();
    },
    closed,
  };
  const heartbeat = setInterval(() => put(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  res.on('close', finish);
  // At shutdown the connection goes too: an idle keep-alive socket would hold server.close() for keepAliveTimeout.
  openStreams.set(stream, (retryAfterMs) => {
    if (done) return;
    put(`retry: ${retryAfterMs}\n${frameEvent({ event: 'reconnect', data: JSON.stringify({ retry_ms: retryAfterMs }) }).toString()}`);
    finish();
    res.end(() => req.socket.end());
  });
  // The client may have gone while the caller was still preparing (subscribing): then 'close' has fired already.
  if (res.destroyed || req.socket.destroyed) finish();
  return stream;
}

/** One event in the text/event-stream format, encoded once. */
export function frameEvent({ id, event, data }: { id?: number | string; event: string; data: string }): Buffer {
  return Buffer.from(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data.replace(/\r?\n/g, '\ndata: ')}\n\n`);
}

/** Last-Event-ID as a non-negative integer, or null when absent or unusable (the client then starts live). */
export function lastEventIdOf(req: Request): number | null {
  const raw = req.get('last-event-id');
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** Longest a stream stays open (RFC 7240 `Prefer: wait=N` may ask for less). */
export const MAX_STREAM_SECONDS = 30 * 60;

/**
 * Ends `stream` after `Prefer: wait=N` seconds (at most 30 minutes) and never past `tokenExpiresAt` (ms since epoch,
 * the expiry of the bearer token the stream was opened with): the client then reconnects with a fresh token, which is
 * checked again. Used by the guild chat and the event page streams.
 */
export function limitStreamLifetime(stream: EventStream, req: Request, tokenExpiresAt?: number): void {
  const match = /(?:^|[,;\s])wait\s*=\s*(\d{1,6})/i.exec(req.get('prefer') ?? '');
  const waitMs = (match ? Math.min(Number(match[1]), MAX_STREAM_SECONDS) : MAX_STREAM_SECONDS) * 1000;
  const lifetimeMs = Math.min(waitMs, tokenExpiresAt === undefined ? Infinity : Math.max(0, tokenExpiresAt - Date.now()));
  const lifetime = setTimeout(() => stream.close(), lifetimeMs);
  lifetime.unref();
  void stream.closed.then(() => clearTimeout(lifetime));
}
