import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { createEventStreamParser, openLiveStream, readEventStream, type StreamEvent } from './event-stream';

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
    const api = createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch: async () => refused() });
    const states: string[] = [];
    const close = openLiveStream({
      api,
      path: '/guilds/1/stream',
      lastEventId: 0,
      onEvent: () => undefined,
      onState: (state) => states.push(state),
    });
    await vi.waitFor(() => expect(states).toContain('failed'), { timeout: 4000 });
    close();
  });
});
