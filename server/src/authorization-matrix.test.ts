// Every real route of the app x every kind of caller (spec §6). The table must name exactly the routes the app
// serves, read from Express itself: a new route fails the run until it has a row here, and so does a row whose route is gone.
// Every answer, refusal or success, must also be a valid JSON:API 1.1 document (test/jsonapi-contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from './http/list-routes';
import { jsonApiProblems } from './test/jsonapi-contract';
import { type Caller, describeExpected, type Expected, expectAnswer, OK } from './test/authorization';
import {
  ADMIN_ONLY,
  ANY_ACTIVE_USER,
  buildFixture,
  EVERYONE,
  type Fixture,
  loadFeatureMatrices,
  type MatrixModule,
  OWN_THINGS,
  type Row,
} from './test/matrix';
import { startTestServer, type TestServer } from './test/server';

/** The caller's own user id; anonymous has none, so it gets another user's. */
function ownUserId({ users, bystander }: Fixture, caller: Caller) {
  return { id: (caller === 'anonymous' ? bystander : users[caller]).user.id };
}
function otherUserId({ bystander }: Fixture) {
  return { id: bystander.user.id };
}
// Nicknames are unique within an organisation (issue 15): each call asks for a fresh one, so only rights decide.
let profileChanges = 0;
const profileChange = (_fixture: Fixture, caller: Caller) => ({
  user: { nickname: `matrix-${caller}-${++profileChanges}`, height_cm: 170.5, weight_kg: 60 },
});
const MUTATING = /^(POST|PUT|PATCH|DELETE) /;

const CORE: MatrixModule = {
  rows: [
    { route: 'GET /api/health', expect: EVERYONE },
    { route: 'GET /api/ready', expect: EVERYONE },
    { route: 'GET /api/client_config', expect: EVERYONE },
    { route: 'GET /api/user', expect: ANY_ACTIVE_USER },
    { route: 'PUT /api/users/:id', sample: 'own id', params: ownUserId, body: profileChange, expect: ANY_ACTIVE_USER, openTo: OWN_THINGS },
    // Not even the manager of the user's organisation: only the user and a platform admin.
    { route: 'PUT /api/users/:id', sample: "another user's id", params: otherUserId, body: profileChange, expect: ADMIN_ONLY },
  ],
};

const FEATURES = await loadFeatureMatrices();
const MODULES: [string, MatrixModule][] = [['core', CORE], ...FEATURES];

describe('authorisation matrix of the real routes', () => {
  let server: TestServer;
  let fixture: Fixture;
  beforeAll(async () => {
    server = await startTestServer();
    fixture = await buildFixture(server);
  });
  afterAll(() => server.close());

  const allRows = MODULES.flatMap(([, module]) => module.rows);
  const routesIn = (rows: Row[]) => new Set(rows.map((row) => row.route));
  const servedRoutes = () => new Set(listRoutes(server.app).map(({ method, path }) => `${method} ${path}`));

  it('has a row for every route the app serves', () => {
    const covered = routesIn(allRows);
    expect([...servedRoutes()].filter((route) => !covered.has(route))).toEqual([]);
  });

  it('has no row for a route the app no longer serves', () => {
    const served = servedRoutes();
    expect([...routesIn(allRows)].filter((route) => !served.has(route))).toEqual([]);
  });

  it('asks every mutating route of an anonymous caller and of another organisation, and either refuses them or says why not', () => {
    const problems: string[] = [];
    for (const route of servedRoutes()) {
      if (!MUTATING.test(route)) continue;
      const rows = allRows.filter((row) => row.route === route);
      for (const caller of ['anonymous', 'otherOrganization'] as const) {
        for (const row of rows) {
          const expected = row.expect[caller];
          const name = `${route}${row.sample ? ` (${row.sample})` : ''}`;
          if (expected === undefined) problems.push(`${name}: no ${caller} row`);
          else if (expected === OK && !row.openTo?.[caller]) problems.push(`${name}: lets ${caller} through without saying why`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  for (const [feature, module] of MODULES) {
    describe(feature, () => {
      let world: unknown;
      beforeAll(async () => {
        world = await module.setup?.(server, fixture);
      });
      for (const row of module.rows) {
        const [method = '', pattern = ''] = row.route.split(' ');
        for (const [caller, expected] of Object.entries(row.expect) as [Caller, Expected][]) {
          it(`${row.route}${row.sample ? ` (${row.sample})` : ''}: ${caller} -> ${describeExpected(expected)}`, async () => {
            const filled = fillPath(pattern, (await row.params?.(fixture, caller, world)) ?? {});
            const path = row.query ? `${filled}?${new URLSearchParams(row.query)}` : filled;
            const json = typeof row.body === 'function' ? await row.body(fixture, caller, world) : row.body;
            const headers = (await row.headers?.(fixture, caller, world)) ?? {};
            const response = await server.request(path, { method, token: fixture.tokens[caller], json, headers });
            expectAnswer(response, expected);
            // The contract holds for refusals as much as for successes.
            expect(jsonApiProblems(response), JSON.stringify(response.body)).toEqual([]);
          });
        }
      }
    });
  }
});

/** `/api/users/:id` with `{ id: 7 }` -> `/api/users/7`; a parameter without a sample value is a mistake in the row. */
function fillPath(pattern: string, params: Record<string, string | number>): string {
  const path = pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no sample value for :${name} of ${pattern}`);
    return encodeURIComponent(String(value));
  });
  if (/[*{}]/.test(path)) throw new Error(`give ${pattern} a row with a concrete sample path`);
  return path;
}
