/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type RetryPolicy } from './client';
import { HttpResponseError, IgnorableError } from './errors';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

const seen: Seen[] = [];
let server: Server;
let baseURL: string;

const json = (res: ServerResponse, status: number, body: unknown, type = 'application/vnd.api+json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** Per path: the failures to answer before answering 200 (`drop` closes the connection without any answer). */
type Failure = 'drop' | { status: number; retryAfter?: string };
const failures = new Map<string, Failure[]>();

// A tiny stand-in for the Kiwi server: real HTTP, answers fixed by path.
function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const path = (req.url ?? '').split('?')[0] ?? '';
  const failure = failures.get(path)?.shift();
  if (failure === 'drop') return req.socket.destroy();
  if (failure) {
    res.writeHead(failure.status, {
      'content-type': 'application/vnd.api+json',
      ...(failure.retryAfter ? { 'retry-after': failure.retryAfter } : {}),
    });
    return res.end(JSON.stringify({ errors: [{ status: String(failure.status), code: 'busy' }] }));
  }
  if (path.startsWith('/api/flaky')) return json(res, 200, { data: { type: 'echoes', id: '1', attributes: { method: req.method } } });
  switch (`${req.method} ${path}`) {
    case 'GET /api/echo':
    case 'POST /api/echo':
    case 'PUT /api/echo':
    case 'DELETE /api/echo':
      return json(res, 200, { data: { type: 'echoes', id: '1', attributes: { method: req.method, url: req.url, body } } });
    case 'GET /api/user':
      return json(res, 200, {
        data: {
          type: 'users',
          id: '1',
          attributes: { name: '山田 花子', 'resting-heart-rate': 60 },
          relationships: { 'organization-members': { data: [{ type: 'organization-members', id: '10' }] } },
        },
        included: [
          {
            type: 'organization-members',
            id: '10',
            attributes: { role: 'manager', 'active-from': null },
            relationships: { organization: { data: { type: 'organizations', id: '100' } }, user: { data: { type: 'users', id: '1' } } },
          },
          { type: 'organizations', id: '100', attributes: { identifier: 'acme', name: 'ACME株式会社' } },
        ],
      });
    case 'GET /api/users':
      return json(res, 200, {
        data: [
          { type: 'users', id: '1', attributes: { name: 'A' } },
          { type: 'users', id: '2', attributes: { name: 'B' } },
        ],
        meta: { 'total-count': 42, 'current-page': 1, 'total-pages': 21 },
      });
    case 'PUT /api/users/1':
      return json(res, 422, {
        errors: [
          { status: '422', code: 'validation.tooLong', title: 'Too long', source: { pointer: '/user/name' } },
          { status: '422', code: 'validation.unknownKey', source: { pointer: '/user/admin' } },
        ],
      });
    case 'GET /api/broken':
      return json(res, 502, '<html><body>Bad gateway</body></html>', 'text/html');
    case 'GET /api/garbled':
      return json(res, 500, '{"errors": [', 'application/json');
    case 'GET /api/empty-error':
      res.writeHead(503);
      return res.end();
    case 'DELETE /api/users/1':
      res.writeHead(204);
      return res.end();
    case 'GET /api/report.csv':
      res.writeHead(200, { 'content-type': 'text/csv' });
      return res.end('id,name\n1,A\n');
    default:
      return json(res, 404, { errors: [{ status: '404', code: 'route.notFound' }] });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  failures.clear();
});

// Short waits keep the tests quick; the waits themselves are backoff.test.ts's subject.
const quickRetries: RetryPolicy = { retries: 2, baseDelayMs: 2, maxDelayMs: 4, maxRetryAfterMs: 5_000 };
const signedIn = (retryPolicy = quickRetries) =>
  createApiClient({ baseURL, getToken: async () => 'token-123', language: () => 'en', retryPolicy });
const signedOut = () => createApiClient({ baseURL, getToken: async () => null });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('createApiClient', () => {
  it('sends the bearer token, Accept-Language and a JSON:API Accept header', async () => {
    await signedIn().get('/echo');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.authorization).toBe('Bearer token-123');
    expect(seen[0]?.headers['accept-language']).toBe('en');
    expect(seen[0]?.headers.accept).toContain('application/vnd.api+json');
  });

  it('throws IgnorableError without sending anything when nobody is signed in', async () => {
    const error = await failure(signedOut().get('/echo'));
    expect(error).toBeInstanceOf(IgnorableError);
    expect((error as IgnorableError).type).toBe('ignore');
    expect(seen).toHaveLength(0);
  });

  it('sends public calls without a token, or with a guest token when given', async () => {
    await signedOut().get('/echo', undefined, { public: true });
    await signedOut().get('/echo', undefined, { public: true, token: 'guest-7' });
    expect(seen.map((request) => request.headers.authorization)).toEqual([undefined, 'Bearer guest-7']);
  });

  it('serialises the query Rails-style', async () => {
    const { data } = await signedIn().get<{ url: string }>('/echo', { q: { most_used: true }, per: 5, ids: [1, 2] });
    expect(data.url).toBe('/api/echo?q[most_used]=true&per=5&ids[]=1&ids[]=2');
  });

  it('sends bodies as JSON', async () => {
    const body = { user: { nickname: 'はなこ', device: { uuid: 'u-1', fcm_token: 'f-1' } } };
    const { data } = await signedIn().put<{ method: string; body: string }>('/echo', body);
    expect(data.method).toBe('PUT');
    expect(JSON.parse(data.body)).toEqual(body);
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('decodes JSON:API with included relationships, camelCase and string ids', async () => {
    const { data } = await signedIn().get('/user');
    expect(data).toEqual({
      id: '1',
      type: 'users',
      name: '山田 花子',
      restingHeartRate: 60,
      organizationMembers: [
        {
          id: '10',
          type: 'organizationMembers',
          role: 'manager',
          activeFrom: null,
          organization: { id: '100', type: 'organizations', identifier: 'acme', name: 'ACME株式会社' },
          user: { id: '1', type: 'users' },
        },
      ],
    });
  });

  it('decodes lists with camelCased meta', async () => {
    const { data, meta } = await signedIn().get<{ name: string }[]>('/users', { page: 1, per: 2 });
    expect(data.map((user) => user.name)).toEqual(['A', 'B']);
    expect(meta).toEqual({ totalCount: 42, currentPage: 1, totalPages: 21 });
  });

  it('turns a JSON:API error document into HttpResponseError with its error list', async () => {
    const error = await failure(signedIn().put('/users/1', { user: { name: 'x'.repeat(100) } }));
    expect(error).toBeInstanceOf(HttpResponseError);
    const httpError = error as HttpResponseError;
    expect(httpError.code).toBe('http-response/422');
    expect(httpError.status).toBe(422);
    expect(httpError.errors.map((item) => item.code)).toEqual(['validation.tooLong', 'validation.unknownKey']);
    expect(httpError.errors[0]?.source?.pointer).toBe('/user/name');
    expect(httpError.body).toEqual({ errors: httpError.errors });
  });

  it.each<[string, string, number, string, unknown]>([
    ['an HTML page', '/broken', 502, 'Bad Gateway', '<html><body>Bad gateway</body></html>'],
    ['truncated JSON', '/garbled', 500, 'Internal Server Error', '{"errors": ['],
    ['an empty body', '/empty-error', 503, 'Service Unavailable', undefined],
  ])('reads %s as one unknown error carrying the status text', async (_name, path, status, statusText, body) => {
    const error = (await failure(signedIn().get(path))) as HttpResponseError;
    expect(error).toBeInstanceOf(HttpResponseError);
    expect(error.code).toBe(`http-response/${status}`);
    expect(error.errors).toEqual([{ status: String(status), type: 'unknown', detail: statusText }]);
    expect(error.body).toEqual(body);
  });

  it.each<[string, string, Failure[], 'GET' | 'POST' | 'PUT' | 'DELETE', number]>([
    ['a GET after no answer at all', '/flaky-drop', ['drop'], 'GET', 2],
    ['a GET after a 503', '/flaky-503', [{ status: 503 }], 'GET', 2],
    // A load balancer's 502: the replica went away (a rolling restart); the next attempt reaches another one.
    ['a GET after a 502', '/flaky-502', [{ status: 502 }], 'GET', 2],
    ['a GET after a 429 and a 503', '/flaky-busy', [{ status: 429 }, { status: 503 }], 'GET', 3],
    ['a POST after a 429 with Retry-After (the server did not act on it)', '/flaky-post', [{ status: 429, retryAfter: '0' }], 'POST', 2],
    [
      'a PUT after a 503 with Retry-After as an HTTP date',
      '/flaky-put',
      [{ status: 503, retryAfter: 'Thu, 01 Jan 1970 00:00:00 GMT' }],
      'PUT',
      2,
    ],
  ])('retries %s', async (_name, path, planned, method, attempts) => {
    failures.set(`/api${path}`, planned);
    const { data } = await signedIn()
      .raw(path, { method })
      .then((response) => ({ data: response._data }));
    expect(data).toMatchObject({ data: { attributes: { method } } });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(Array(attempts).fill(`${method} /api${path}`));
  });

  it.each<[string, string, Failure[], 'GET' | 'POST' | 'PUT' | 'DELETE', string]>([
    ['a POST after no answer (it may have been processed)', '/flaky-post-drop', ['drop'], 'POST', 'no answer'],
    ['a DELETE after no answer', '/flaky-delete-drop', ['drop'], 'DELETE', 'no answer'],
    ['a POST after a 503 without Retry-After', '/flaky-post-503', [{ status: 503 }], 'POST', 'http-response/503'],
    ['a GET after a 400', '/flaky-400', [{ status: 400 }], 'GET', 'http-response/400'],
    ['a GET after a 500', '/flaky-500', [{ status: 500 }], 'GET', 'http-response/500'],
    ['a POST after a 502 (the replica may have done it)', '/flaky-post-502', [{ status: 502 }], 'POST', 'http-response/502'],
    ['a DELETE after a 502', '/flaky-delete-502', [{ status: 502 }], 'DELETE', 'http-response/502'],
    ['a GET whose Retry-After is beyond the cap', '/flaky-later', [{ status: 503, retryAfter: '3600' }], 'GET', 'http-response/503'],
  ])('does not retry %s', async (_name, path, planned, method, outcome) => {
    failures.set(`/api${path}`, planned);
    const error = await failure(signedIn().raw(path, { method }));
    if (outcome === 'no answer') {
      expect(error).not.toBeInstanceOf(HttpResponseError);
      expect((error as Error).cause).toBeInstanceOf(TypeError);
    } else {
      expect(error).toMatchObject({ code: outcome, errors: [{ code: 'busy' }] });
    }
    expect(seen).toHaveLength(1);
  });

  it("gives up after the policy's retries and raises the last answer", async () => {
    failures.set('/api/flaky-down', [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }]);
    const error = await failure(signedIn().get('/flaky-down'));
    expect(error).toMatchObject({ code: 'http-response/503', errors: [{ code: 'busy' }] });
    expect(seen).toHaveLength(1 + quickRetries.retries);
  });

  it('waits for Retry-After, not for its own backoff', async () => {
    // A backoff of an hour would time the test out: the second attempt comes after Retry-After's second.
    const patient: RetryPolicy = { retries: 1, baseDelayMs: 3_600_000, maxDelayMs: 3_600_000, maxRetryAfterMs: 5_000 };
    failures.set('/api/flaky-wait', [{ status: 429, retryAfter: '1' }]);
    await signedIn(patient).get('/flaky-wait');
    expect(seen).toHaveLength(2);
  });

  it('does not retry event streams and other calls that ask not to be', async () => {
    failures.set('/api/flaky-stream', [{ status: 503 }]);
    const error = await failure(signedIn().raw('/flaky-stream', { responseType: 'stream', retry: false }));
    // The error list is read from the streamed body too.
    expect(error).toMatchObject({ code: 'http-response/503', errors: [{ code: 'busy' }] });
    expect(seen).toHaveLength(1);
  });

  it('asks for the token again on every attempt, and abandons a retry once nobody is signed in', async () => {
    const tokensOf = (tokens: (string | null)[]) =>
      createApiClient({ baseURL, getToken: async () => tokens.shift() ?? null, retryPolicy: quickRetries });
    failures.set('/api/flaky-token', [{ status: 503 }]);
    await tokensOf(['first', 'second']).get('/flaky-token');
    expect(seen.map((request) => request.headers.authorization)).toEqual(['Bearer first', 'Bearer second']);

    seen.length = 0;
    failures.set('/api/flaky-token', [{ status: 503 }]);
    const error = await failure(tokensOf(['only', null]).get('/flaky-token'));
    expect(error).toBeInstanceOf(IgnorableError);
    expect(seen.map((request) => request.headers.authorization)).toEqual(['Bearer only']);
  });

  it('resolves 204 No Content with data null', async () => {
    await expect(signedIn().delete('/users/1')).resolves.toEqual({ data: null });
    expect(seen[0]?.method).toBe('DELETE');
  });

  it('sends a query and a body with DELETE (reaction removal)', async () => {
    const { data } = await signedIn().delete<{ url: string; body: string }>('/echo', {
      query: { page: 1 },
      body: { message_reaction: { emoji: '👍' } },
    });
    expect(data.url).toBe('/api/echo?page=1');
    expect(JSON.parse(data.body)).toEqual({ message_reaction: { emoji: '👍' } });
  });

  it('gives raw access for non-JSON:API answers with the same auth and errors', async () => {
    const response = await signedIn().raw('/report.csv', { responseType: 'text' });
    expect(response._data).toBe('id,name\n1,A\n');
    expect(seen[0]?.headers.authorization).toBe('Bearer token-123');
    await expect(signedIn().raw('/nowhere', { responseType: 'blob' })).rejects.toMatchObject({
      code: 'http-response/404',
      errors: [{ status: '404', code: 'route.notFound' }],
    });
  });

  it('uses the fetch it is given', async () => {
    const calls: string[] = [];
    const client = createApiClient({
      baseURL,
      getToken: async () => 't',
      fetch: (input, init) => {
        calls.push(String(input));
        return globalThis.fetch(input, init);
      },
    });
    await client.get('/echo');
    expect(calls).toEqual([`${baseURL}/echo`]);
  });
});
