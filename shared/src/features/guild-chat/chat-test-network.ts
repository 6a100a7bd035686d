// For the guild chat's tests: the network the real API client talks to, answering by "METHOD /path"; an answer may be
// held back (a deferred promise) to see a form's busy state, and every request is kept with its parsed body. A live
// stream stays open and silent. The backend is not part of these tests.
export type ChatRequest = { method: string; path: string; search: string; body: unknown };
export type ChatAnswer = { status?: number; body?: unknown };
export type ChatHandler = ChatAnswer | ((request: ChatRequest) => ChatAnswer | Promise<ChatAnswer>);

const jsonApi = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

export function chatNetwork(handlers: Record<string, ChatHandler>) {
  const sent: ChatRequest[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://kiwi.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const request: ChatRequest = { method, path: url.pathname, search: decodeURIComponent(url.search), body };
    sent.push(request);
    if (url.pathname.endsWith('/stream')) return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return jsonApi({ errors: [{ status: '404', code: 'route.notFound' }] }, 404);
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    return jsonApi(answer.body ?? { data: null }, answer.status ?? 200);
  }) as typeof globalThis.fetch;
  return { fetch, sent, writes: () => sent.filter((request) => request.method !== 'GET') };
}

/** A promise resolved from outside: the answer a test releases once it has seen the busy state. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The server's 422 for one field (its JSON pointer), with the message it translated. */
export const unprocessable = (pointer: string, detail: string): ChatAnswer => ({
  status: 422,
  body: { errors: [{ status: '422', code: 'validation.tooLong', detail, source: { pointer } }] },
});

/** A failure that is about no field (a 500), with the server's message. */
export const serverFailure = (detail: string): ChatAnswer => ({
  status: 500,
  body: { errors: [{ status: '500', code: 'server.unexpected', detail }] },
});

/** A guild message as GET /guilds/5/messages lists it (JSON:API), from member 11 ("Hanako", the test viewer) or 12. */
export const messageResource = (id: number, body: string, mine = true, attributes: Record<string, unknown> = {}) => ({
  type: 'guild-messages',
  id: String(id),
  attributes: {
    body,
    'image-urls': [],
    'created-at': '2026-01-01T00:00:00.000Z',
    'edited-at': null,
    'guild-id': 5,
    'author-member-id': mine ? 11 : 12,
    'author-name': mine ? 'Hanako' : 'Taro',
    'author-icon': null,
    mine,
    reactions: [],
    ...attributes,
  },
});
