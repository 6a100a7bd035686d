/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { HttpResponseError, IgnorableError } from './errors';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

const seen: Seen[] = [];
let server: Server;
let baseURL: string;

const json = (res: ServerResponse, status: number, body: unknown, type = 'application/vnd.api+json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

// A tiny stand-in for the Kiwi server: real HTTP, answers fixed by path.
function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const path = (req.url ?? '').split('?')[0];
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
});

const signedIn = () => createApiClient({ baseURL, getToken: async () => 'token-123', language: () => 'en' });
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

  it('does not retry a failed GET', async () => {
    await failure(signedIn().get('/broken'));
    expect(seen).toHaveLength(1);
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
