// The matrix asks globex's manager to use acme's paths; here globex's manager uses their OWN organisation's path with
// acme's resource ids (`/api/organizations/<globex>/members/<an acme member>`): the guard passes, so only the service's
// "this resource belongs to this organisation" check stands between them and acme's data. Every row that acme's
// manager may call with a nested resource id is replayed that way and must be refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OK } from './test/authorization';
import { buildFixture, type Fixture, loadFeatureMatrices } from './test/matrix';
import { startTestServer, type TestServer } from './test/server';

const MODULES = await loadFeatureMatrices();

describe("another organisation's manager with acme's ids under their own organisation's path", () => {
  let server: TestServer;
  let fixture: Fixture;
  beforeAll(async () => {
    server = await startTestServer();
    fixture = await buildFixture(server);
  });
  afterAll(() => server.close());

  for (const [feature, module] of MODULES) {
    const rows = module.rows.filter((row) => {
      const names = [...row.route.matchAll(/:(\w+)/g)].map((match) => match[1]);
      return row.expect.manager === OK && names.includes('organizationId') && names.length > 1;
    });
    if (rows.length === 0) continue;
    it(`${feature}: is refused on every nested resource`, async () => {
      const world = await module.setup?.(server, fixture);
      const leaks: string[] = [];
      for (const row of rows) {
        const [method = '', pattern = ''] = row.route.split(' ');
        const params: Record<string, string | number> = {
          ...((await row.params?.(fixture, 'manager', world)) ?? {}),
          organizationId: fixture.globex.id,
        };
        const path = pattern.replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(String(params[name])));
        const json = typeof row.body === 'function' ? await row.body(fixture, 'manager', world) : row.body;
        const headers = (await row.headers?.(fixture, 'manager', world)) ?? {};
        const response = await server.request(path, { method, token: fixture.tokens.otherOrganization, json, headers });
        if (response.status < 400) leaks.push(`${row.route}${row.sample ? ` (${row.sample})` : ''} -> ${response.status}`);
      }
      expect(leaks).toEqual([]);
    }, 120_000);
  }
});
