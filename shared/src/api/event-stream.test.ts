import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { createEventStreamParser, openLiveStream, readEventStream, type StreamEvent } from './event-stream';

/** A guild's live stream over `fetch`, signed in with `token`, keeping the states it goes through. */
function watchStates(token: string | null, fetch: typeof globalThis.fetch) {
  const api = createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => token, fetch });
  const states: string[] = [];
  const close = openLiveStream({
    api,
    path: '/guilds/1/stream',
    lastEventId: 0,
    onEvent: () => undefined,
    onState: (state) => states.push(state),
  });
  return { states, close };
}

function parseAll(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parse = createEventStreamParser((event) => events.push(event));
  for (const chunk of chunks) parse(chunk);
  return events;
}

describe('createEventStreamParser', () => {
  it.each<[string, string[], StreamEvent[]]>([
    ['one event', ['id: 1\nevent: message.created\ndata: {"a":1}\n\n'], [{ id: '1', event: 'message.created', data: '{"a":1}' }]],
    ['split anywhere', ['id: 1\nev', 'ent: x\nda', 'ta: y', '\n', '\n'], [{ id: '1', event: 'x', data: 'y' }]],
    ['CRLF line ends', ['id: 2\r\nevent: x\r\ndata: y\r\n\r\n'], [{ id: '2', event: 'x', data: 'y' }]],
    ['comments and retry are skipped', [': keep-alive\n\nretry: 2000\n\n'], []],
    ['no event name is "message"', ['data: y\n\n'], [{ id: null, event: 'message', data: 'y' }]],
    ['several data lines join with newlines', ['data: a\ndata: b\n\n'], [{ id: null, event: 'message', data: 'a\nb' }]],
    [
      'the id carries over to the next event',
      ['id: 5\ndata: a\n\ndata: b\n\n'],
      [
        { id: '5', event: 'message', data: 'a' },
        { id: '5', event: 'message', data: 'b' },
      ],
    ],
    ['an incomplete event waits', ['id: 1\ndata: a\n'], []],
  ])('%s', (_name, chunks, expected) => {
    expect(parseAll(chunks)).toEqual(expected);
  });
});

describe('readEventStream', () => {
  it('decodes UTF-8 split across chunks', async () => {
    const bytes = new TextEncoder().encode('event: x\ndata: 絵文字👍\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < bytes.length; index += 3) controller.enqueue(bytes.slice(index, index + 3));
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    await readEventStream(body, (event) => events.push(event));
    expect(events).toEqual([{ id: null, event: 'x', data: '絵文字👍' }]);
  });
});

describe('openLiveStream', () => {
  const sse = (text: string) =>
    new Response(new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode(text)) }), {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    });
  /** A stream the server ends after `text` (a replica shutting down, a dropped connection). */
  const ended = (text: string) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start: (controller) => {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );
  const refused = () =>
    new Response(JSON.stringify({ errors: [{ status: '401', code: 'auth.tokenExpired' }] }), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    });

  it('tries once more after a 401 (a token that expired on the way), with a fresh token', async () => {
    const tokens: (string | null)[] = [];
    const answers = [refused(), sse('id: 8\nevent: message.created\ndata: {}\n\n')];
    const api = createApiClient({
      baseURL: 'http://kiwi.test/api',
      getToken: async () => `token-${tokens.length}`,
      fetch: async (_input, init) => {
        tokens.push(new Headers(init?.headers).get('authorization'));
        return answers.shift() ?? new Promise<Response>(() => undefined);
      },
    });
    const events: StreamEvent[] = [];
    const states: string[] = [];
    const close = openLiveStream({
      api,
      path: '/guilds/1/stream',
      lastEventId: 7,
      onEvent: (event) => events.push(event),
      onState: (state) => states.push(state),
    });
    await vi.waitFor(() => expect(events.map((event) => event.id)).toEqual(['8']), { timeout: 4000 });
    close();
    expect(tokens.slice(0, 2)).toEqual(['Bearer token-0', 'Bearer token-1']);
    expect(states).not.toContain('failed');
  });

  it('gives up after two refusals in a row', async () => {
    const { states, close } = watchStates('token', async () => refused());
    await vi.waitFor(() => expect(states).toContain('failed'), { timeout: 4000 });
    close();
  });

  it('comes back when a draining server says so, from the last event seen, without repeats', async () => {
    const sent: (string | null)[] = [];
    // A replica shutting down: one event, then `reconnect` with its jittered wait, then the end. The next replica
    // answers from Last-Event-ID 8 and repeats event 8, which is dropped.
    const answers = [
      ended('id: 8\nevent: message.created\ndata: {"n":8}\n\nretry: 5\nevent: reconnect\ndata: {"retry_ms":5}\n\n'),
      sse('id: 8\nevent: message.created\ndata: {"n":8}\n\nid: 9\nevent: message.created\ndata: {"n":9}\n\n'),
    ];
    const api = createApiClient({
      baseURL: 'http://kiwi.test/api',
      getToken: async () => 'token',
      fetch: async (_input, init) => {
        sent.push(new Headers(init?.headers).get('last-event-id'));
        return answers.shift() ?? new Promise<Response>(() => undefined);
      },
    });
    const events: StreamEvent[] = [];
    const close = openLiveStream({ api, path: '/guilds/1/stream', lastEventId: 7, onEvent: (event) => events.push(event) });
    await vi.waitFor(() => expect(events.map((event) => event.data)).toEqual(['{"n":8}', '{"n":9}']), { timeout: 4000 });
    close();
    expect(sent.slice(0, 2)).toEqual(['7', '8']);
  });

  it('streams signals without Last-Event-ID, as a guest, and says when it is live again after a drop', async () => {
    const seen: { lastEventId: string | null; authorization: string | null }[] = [];
    const answers = [ended('event: changed\ndata: {}\n\n'), sse('event: changed\ndata: {}\n\n')];
    const api = createApiClient({
      baseURL: 'http://kiwi.test/api',
      getToken: async () => null,
      fetch: async (_input, init) => {
        const headers = new Headers(init?.headers);
        seen.push({ lastEventId: headers.get('last-event-id'), authorization: headers.get('authorization') });
        return answers.shift() ?? new Promise<Response>(() => undefined);
      },
    });
    let changes = 0;
    let reconnects = 0;
    const close = openLiveStream({
      api,
      path: '/shared_events/1/stream',
      token: 'guest-token',
      onEvent: (event) => (changes += event.event === 'changed' ? 1 : 0),
      onReconnect: () => (reconnects += 1),
    });
    await vi.waitFor(() => expect(changes).toBe(2), { timeout: 4000 });
    close();
    expect(reconnects).toBe(1);
    expect(seen.slice(0, 2)).toEqual(Array(2).fill({ lastEventId: null, authorization: 'Bearer guest-token' }));
  });

  it('stops at once when nobody is signed in', async () => {
    const { states, close } = watchStates(null, async () => sse(''));
    await vi.waitFor(() => expect(states).toEqual(['connecting', 'failed']), { timeout: 4000 });
    close();
  });
});
