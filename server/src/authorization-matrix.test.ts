// Every real route of the app x every kind of caller (spec §6). The table must name exactly the routes the app
// serves, read from Express itself: a new route fails the run until it has a row here, and so does a row whose route is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from './http/list-routes';
import {
  buildCallers,
  type Caller,
  type Callers,
  describeExpected,
  type Expected,
  expectAnswer,
  FORBIDDEN,
  INACTIVE,
  OK,
  UNAUTHENTICATED,
} from './test/authorization';
import { type BuiltUser, buildUser } from './test/factories';
import { startTestServer, type TestServer } from './test/server';

/** What rows build their samples from: the callers, plus an acme member who is none of them. */
type Fixture = Callers & { bystander: BuiltUser };

type Row = {
  /** `METHOD /path` exactly as listRoutes() names it. */
  route: string;
  /** What this row samples when a route needs several rows (own id, another user's id). */
  sample?: string;
  /** A value for each `:param` of the path, per caller. */
  params?: (fixture: Fixture, caller: Caller) => Record<string, string | number>;
  /** A valid body, so that authorisation is the only reason to refuse. */
  body?: unknown;
  expect: Record<Caller, Expected>;
};

const EVERYONE: Record<Caller, Expected> = { anonymous: OK, otherOrganization: OK, member: OK, manager: OK, admin: OK, inactiveMember: OK };
const ANY_ACTIVE_USER: Record<Caller, Expected> = { ...EVERYONE, anonymous: UNAUTHENTICATED, inactiveMember: INACTIVE };
const ADMIN_ONLY: Record<Caller, Expected> = { ...ANY_ACTIVE_USER, otherOrganization: FORBIDDEN, member: FORBIDDEN, manager: FORBIDDEN };

/** The caller's own user id; anonymous has none, so it gets another user's. */
const ownUserId = ({ users, bystander }: Fixture, caller: Caller) => ({ id: (caller === 'anonymous' ? bystander : users[caller]).user.id });
const otherUserId = ({ bystander }: Fixture) => ({ id: bystander.user.id });
const profileChange = { user: { nickname: 'matrix' } };

const MATRIX: Row[] = [
  { route: 'GET /api/health', expect: EVERYONE },
  { route: 'GET /api/client_config', expect: EVERYONE },
  { route: 'GET /api/user', expect: ANY_ACTIVE_USER },
  { route: 'PUT /api/users/:id', sample: 'own id', params: ownUserId, body: profileChange, expect: ANY_ACTIVE_USER },
  // Not even the manager of the user's organisation: only the user and a platform admin.
  { route: 'PUT /api/users/:id', sample: "another user's id", params: otherUserId, body: profileChange, expect: ADMIN_ONLY },
];

describe('authorisation matrix of the real routes', () => {
  let server: TestServer;
  let fixture: Fixture;
  beforeAll(async () => {
    server = await startTestServer();
    const callers = await buildCallers(server);
    fixture = { ...callers, bystander: await buildUser(server, { organization: callers.acme }) };
  });
  afterAll(() => server.close());

  const routesIn = (rows: Row[]) => new Set(rows.map((row) => row.route));
  const servedRoutes = () => new Set(listRoutes(server.app).map(({ method, path }) => `${method} ${path}`));

  it('has a row for every route the app serves', () => {
    const covered = routesIn(MATRIX);
    expect([...servedRoutes()].filter((route) => !covered.has(route))).toEqual([]);
  });

  it('has no row for a route the app no longer serves', () => {
    const served = servedRoutes();
    expect([...routesIn(MATRIX)].filter((route) => !served.has(route))).toEqual([]);
  });

  for (const row of MATRIX) {
    const [method = '', pattern = ''] = row.route.split(' ');
    for (const [caller, expected] of Object.entries(row.expect) as [Caller, Expected][]) {
      it(`${row.route}${row.sample ? ` (${row.sample})` : ''}: ${caller} -> ${describeExpected(expected)}`, async () => {
        const path = fillPath(pattern, row.params?.(fixture, caller) ?? {});
        expectAnswer(await server.request(path, { method, token: fixture.tokens[caller], json: row.body }), expected);
      });
    }
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
