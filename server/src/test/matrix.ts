// The shape of the authorisation matrix's rows. Each feature keeps its rows beside its routes, in
// `server/src/modules/<feature>/authorization.rows.ts` exporting `matrix: MatrixModule`; authorization-matrix.test.ts
// gathers every such file, so a feature adds rows without touching a shared table.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Caller, Callers, Expected } from './authorization';
import { buildCallers, FORBIDDEN, INACTIVE, OK, UNAUTHENTICATED } from './authorization';
import { type BuiltUser, buildUser } from './factories';
import type { TestServer } from './server';

/** What rows build their samples from: the callers, plus an acme member who is none of them. */
export type Fixture = Callers & { bystander: BuiltUser };

/** The callers and their bystander, built on `server`. */
export async function buildFixture(server: TestServer): Promise<Fixture> {
  const callers = await buildCallers(server);
  return { ...callers, bystander: await buildUser(server, { organization: callers.acme }) };
}

export type Row<World = unknown> = {
  /** `METHOD /path` exactly as listRoutes() names it. */
  route: string;
  /** What this row samples when a route needs several rows (own id, another user's id). */
  sample?: string;
  /**
   * A value for each `:param` of the path, per caller. May build a fresh resource per caller (a DELETE row needs one
   * each, or the first caller's success leaves nothing for the next).
   */
  params?: (fixture: Fixture, caller: Caller, world: World) => Record<string, string | number> | Promise<Record<string, string | number>>;
  /** A query string (issue 20: a route whose query selects another mode, the admin's utilisation series). */
  query?: Record<string, string>;
  /** A valid body, so that authorisation is the only reason to refuse. */
  body?: unknown | ((fixture: Fixture, caller: Caller, world: World) => unknown | Promise<unknown>);
  /** Extra headers (a guest token, say) per caller. */
  headers?: (fixture: Fixture, caller: Caller, world: World) => Record<string, string> | Promise<Record<string, string>>;
  expect: Record<Caller, Expected>;
  /**
   * Why a mutating route lets an anonymous caller or another organisation's manager through on this row (a public
   * call of spec §6, the caller acting on their own things). Without a reason the matrix test requires a refusal.
   */
  openTo?: Partial<Record<'anonymous' | 'otherOrganization', string>>;
};

/** One feature's rows and the world they sample (its events, guilds, surveys ...), built once per run. */
export type MatrixModule<World = any> = {
  setup?: (server: TestServer, fixture: Fixture) => Promise<World>;
  rows: Row<World>[];
};

export const EVERYONE: Record<Caller, Expected> = {
  anonymous: OK,
  otherOrganization: OK,
  member: OK,
  manager: OK,
  admin: OK,
  inactiveMember: OK,
};
export const ANY_ACTIVE_USER: Record<Caller, Expected> = { ...EVERYONE, anonymous: UNAUTHENTICATED, inactiveMember: INACTIVE };
export const ADMIN_ONLY: Record<Caller, Expected> = {
  ...ANY_ACTIVE_USER,
  otherOrganization: FORBIDDEN,
  member: FORBIDDEN,
  manager: FORBIDDEN,
};
/** Any active member of acme (and admins); globex's manager is refused. */
export const ACME_MEMBERS: Record<Caller, Expected> = { ...ANY_ACTIVE_USER, otherOrganization: FORBIDDEN };
/** acme's manager and admins. */
export const ACME_MANAGERS: Record<Caller, Expected> = { ...ACME_MEMBERS, member: FORBIDDEN };

/** The params of a path whose only parameter is acme's `:organizationId`. */
export const acmeOrganization = ({ acme }: { acme: { id: number } }) => ({ organizationId: acme.id });

/** Everything of a row but its route and expectations: its params, body, sample, headers, openTo. */
export type RowParts<World = any> = Omit<Row<World>, 'route' | 'expect'>;

/** A row in one call: the route, who gets what, and the rest (params, body, sample ...) when it has any. */
export function row<World = any>(route: string, expect: Record<Caller, Expected>, rest: RowParts<World> = {}): Row<World> {
  return { route, ...rest, expect };
}
/** A route for acme's managers and admins, under acme's organisation path unless `rest.params` says otherwise. */
export const managersRow = <World = any>(route: string, rest: RowParts<World> = {}) =>
  row<World>(route, ACME_MANAGERS, { params: acmeOrganization, ...rest });
/** A route for any active member of acme (and admins), under acme's organisation path unless `rest.params` says otherwise. */
export const membersRow = <World = any>(route: string, rest: RowParts<World> = {}) =>
  row<World>(route, ACME_MEMBERS, { params: acmeOrganization, ...rest });

/** `openTo` of spec §6's calls "sent without authorization": nobody is refused. */
export const PUBLIC_CALL = {
  anonymous: 'spec §6: sent without authorization',
  otherOrganization: 'spec §6: sent without authorization',
} as const;
/** `openTo` of a shared event's guest calls (spec §6): the guest token, not a sign-in, is the right. */
export const GUEST_CALL = { anonymous: "spec §6: a shared event's guest acts with its guest token" } as const;
/** `openTo` of a call on the caller's own things (profile, days, coins): another organisation's member acts in their own. */
export const OWN_THINGS = { otherOrganization: "the caller's own profile, days or coins, inside their own organisation" } as const;

/** Every feature's rows: server/src/modules/<feature>/authorization.rows.ts exporting `matrix`, by feature name. */
export async function loadFeatureMatrices(): Promise<[string, MatrixModule][]> {
  const modulesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'modules');
  const features = readdirSync(modulesDir)
    .filter((feature) => existsSync(join(modulesDir, feature, 'authorization.rows.ts')))
    .sort();
  return Promise.all(
    features.map(async (feature): Promise<[string, MatrixModule]> => {
      const rows = (await import(join(modulesDir, feature, 'authorization.rows.ts'))) as { matrix: MatrixModule };
      return [feature, rows.matrix];
    }),
  );
}
