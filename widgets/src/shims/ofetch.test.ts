// The widgets' ofetch shim against ofetch itself, on a real HTTP server, for every way shared/src/api/client.ts calls
// it: base URL joining, JSON and FormData bodies, the response types it asks for, null-body statuses, error answers with
// ignoreResponseError, and a request that gets no answer at all.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFetch as realCreateFetch } from 'ofetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetch } from './ofetch';

let server: Server;
let origin = '';

async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const echo = {
      method: req.method,
      path: url.pathname,
      search: url.search,
      contentType: req.headers['content-type'] ?? null,
      accept: req.headers.accept ?? null,
      auth: req.headers.authorization ?? null,
      body: await bodyOf(req),
    };
    switch (url.pathname) {
      case '/api/empty':
        res.writeHead(204).end();
        return;
      case '/api/text':
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('plain words');
        return;
      case '/api/missing':
        res
          .writeHead(404, { 'Content-Type': 'application/vnd.api+json' })
          .end(JSON.stringify({ errors: [{ status: '404', code: 'notFound' }] }));
        return;
      case '/api/stream':
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end('event: changed\ndata: 1\n\n');
        return;
      default:
        res.writeHead(200, { 'Content-Type': 'application/vnd.api+json' }).end(JSON.stringify(echo));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** `$fetch.raw` as the API client calls it, of ofetch and of the shim. */
type Raw = (request: string, options?: Record<string, unknown>) => Promise<Response & { _data?: unknown }>;
const both = (): [string, Raw][] => [
  ['ofetch', realCreateFetch({ fetch: globalThis.fetch }).raw as unknown as Raw],
  ['shim', createFetch({ fetch: globalThis.fetch }).raw as unknown as Raw],
];

async function settle<T>(work: () => Promise<T>) {
  try {
    return { ok: true as const, value: await work() };
  } catch (error) {
    const failure = error as Error & { status?: number; cause?: unknown };
    return {
      ok: false as const,
      name: failure.name,
      status: failure.status,
      causeIsTypeError: failure.cause instanceof TypeError,
      causeName: (failure.cause as Error | undefined)?.name,
    };
  }
}

describe('ofetch shim', () => {
  it('joins the base URL, sends JSON bodies with their headers and parses JSON answers as ofetch does', async () => {
    const results = [];
    for (const [, raw] of both()) {
      const calls = [
        await raw('/events?page=2', {
          baseURL: `${origin}/api`,
          method: 'GET',
          responseType: 'json',
          retry: false,
          ignoreResponseError: true,
        }),
        await raw('events', {
          baseURL: `${origin}/api/`,
          method: 'post',
          body: { event: { name: 'ヨガ <b>' } },
          retry: false,
          ignoreResponseError: true,
        }),
        await raw('/api/already', {
          baseURL: `${origin}/api`,
          method: 'PUT',
          body: 'raw text',
          headers: { Authorization: 'Bearer t' },
          retry: false,
        }),
        await raw(`${origin}/api/absolute`, { baseURL: `${origin}/other`, method: 'DELETE', body: [1, 2], retry: false }),
      ];
      results.push(calls.map((response) => ({ status: response.status, data: response._data })));
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[0]![1]!.data).toMatchObject({
      method: 'POST',
      path: '/api/events',
      contentType: 'application/json',
      accept: 'application/json',
      body: '{"event":{"name":"ヨガ <b>"}}',
    });
  });

  it('sends FormData as it is and reads text, streams and empty answers as ofetch does', async () => {
    const results = [];
    for (const [, raw] of both()) {
      const form = new FormData();
      form.append('file', new Blob(['abc'], { type: 'image/png' }), 'a.png');
      const upload = await raw('/api/upload', { baseURL: origin, method: 'POST', body: form, retry: false });
      const text = await raw('/api/text', { baseURL: origin, responseType: 'text', retry: false });
      const detected = await raw('/api/text', { baseURL: origin, retry: false });
      const empty = await raw('/api/empty', { baseURL: origin, method: 'DELETE', responseType: 'text', retry: false });
      const stream = await raw('/api/stream', { baseURL: origin, responseType: 'stream', retry: false });
      const streamed = await new Response(stream._data as ReadableStream).text();
      results.push({
        upload: (upload._data as { contentType: string }).contentType.split(';')[0],
        text: text._data,
        detected: detected._data,
        empty: [empty.status, empty._data],
        streamed,
      });
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[0]).toEqual({
      upload: 'multipart/form-data',
      text: 'plain words',
      detected: 'plain words',
      empty: [204, undefined],
      streamed: 'event: changed\ndata: 1\n\n',
    });
  });

  it('hands error answers back with ignoreResponseError, throws FetchError without it, and wraps a failed fetch', async () => {
    const results = [];
    for (const [, raw] of both()) {
      const ignored = await raw('/api/missing', { baseURL: origin, responseType: 'text', retry: false, ignoreResponseError: true });
      results.push({
        ignored: [ignored.status, ignored._data],
        thrown: await settle(() => raw('/api/missing', { baseURL: origin, retry: false })),
        // Nothing listens on port 9 (discard): no answer at all, as when CORS refuses a page.
        unreachable: await settle(() => raw('/api/x', { baseURL: 'http://127.0.0.1:9', retry: false })),
        // A stream or query the widget stopped (the element was removed): the client passes its signal.
        aborted: await settle(() =>
          raw('/api/stream', { baseURL: origin, responseType: 'stream', retry: false, signal: AbortSignal.abort() }),
        ),
      });
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[0]!.thrown).toEqual({ ok: false, name: 'FetchError', status: 404, causeIsTypeError: false, causeName: undefined });
    expect(results[0]!.unreachable).toEqual({
      ok: false,
      name: 'FetchError',
      status: undefined,
      causeIsTypeError: true,
      causeName: 'TypeError',
    });
    expect(results[0]!.aborted).toEqual({
      ok: false,
      name: 'FetchError',
      status: undefined,
      causeIsTypeError: false,
      causeName: 'AbortError',
    });
  });
});
