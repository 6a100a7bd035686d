// Every route of the app, read from Express, with each path parameter in turn set to something that is not an id
// ("abc") or that no integer column can hold (twenty digits): a coded 4xx, never a 500 from the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCallers, type Callers } from '../test/authorization';
import { startTestServer, type TestServer } from '../test/server';
import { listRoutes } from './list-routes';

const BAD_VALUES = ['abc', '99999999999999999999'];

let server: TestServer;
let callers: Callers;
beforeAll(async () => {
  server = await startTestServer();
  callers = await buildCallers(server);
});
afterAll(() => server.close());

describe('bad path parameters', () => {
  it('no route answers a bad id with a 5xx', async () => {
    const failures: string[] = [];
    const routes = listRoutes(server.app).filter((route) => route.path.includes('/:'));
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path } of routes) {
      const params = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      for (const bad of params) {
        for (const value of BAD_VALUES) {
          // The other parameters get a real organisation id (so organisation guards pass) or a plain small id.
          const url = path.replace(/:(\w+)/g, (_all, name: string) =>
            name === bad
              ? value
              : /^(organizationId|id)$/.test(name) && path.startsWith('/api/organizations/:')
                ? String(callers.acme.id)
                : '1',
          );
          for (const caller of ['manager', 'admin'] as const) {
            const response = await server.request(url, {
              method: method === '*' ? 'GET' : method,
              token: callers.tokens[caller],
              headers: { prefer: 'wait=0' },
              ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
            });
            const coded = response.status < 400 || typeof response.body?.errors?.[0]?.code === 'string';
            if (response.status >= 500 || !coded)
              failures.push(`${method} ${url} as ${caller} -> ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

describe('bad paging parameters', () => {
  it('no list answers a huge or odd page/per with a 5xx', async () => {
    const failures: string[] = [];
    const lists = listRoutes(server.app).filter((route) => route.method === 'GET' && !/\/:(?!organizationId\b)/.test(route.path));
    expect(lists.length).toBeGreaterThan(10);
    for (const { path } of lists) {
      const url = path.replace(':organizationId', String(callers.acme.id));
      for (const query of ['page=99999999999999999999', 'per=99999999999999999999', 'page=1e30&per=1e30', 'page=-1&per=0', 'page=abc']) {
        for (const caller of ['manager', 'admin'] as const) {
          const response = await server.request(`${url}?${query}`, { token: callers.tokens[caller], headers: { prefer: 'wait=0' } });
          const coded = response.status < 400 || typeof response.body?.errors?.[0]?.code === 'string';
          if (response.status >= 500 || !coded)
            failures.push(`GET ${url}?${query} as ${caller} -> ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
