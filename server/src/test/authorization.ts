// The callers and answers of the authorisation matrices: the guards over a test router, and every real route of the app.
import { expect } from 'vitest';
import type { OrganizationRow } from '../db/schema/organizations';
import { type BuiltUser, buildOrganization, buildUser, type World } from './factories';
import type { TestResponse } from './server';

/** OK = let through (any 2xx); otherwise the status and error code of the refusal. */
export type Expected = typeof OK | readonly [number, string];
export const OK = 200;
export const UNAUTHENTICATED = [401, 'auth.unauthenticated'] as const;
export const FORBIDDEN = [403, 'auth.forbidden'] as const;
export const INACTIVE = [403, 'auth.userInactive'] as const;

export const describeExpected = (expected: Expected) => (expected === OK ? '200' : `${expected[0]} ${expected[1]}`);

export function expectAnswer(response: TestResponse, expected: Expected): void {
  if (expected === OK) {
    expect(response.status >= 200 && response.status < 300, `${response.status} ${JSON.stringify(response.body)}`).toBe(true);
  } else {
    expect(response.status).toBe(expected[0]);
    expect(response.body.errors[0].code).toBe(expected[1]);
  }
}

export type SignedInCaller = 'otherOrganization' | 'member' | 'manager' | 'admin' | 'inactiveMember';
export type Caller = 'anonymous' | SignedInCaller;

export type Callers = {
  /** The organisation under test: member, manager and inactiveMember belong to it. */
  acme: OrganizationRow;
  /** otherOrganization manages it. */
  globex: OrganizationRow;
  users: Record<SignedInCaller, BuiltUser>;
  tokens: Record<Caller, string | undefined>;
};

const DAY = 24 * 3600 * 1000;

/** One caller of each kind, with real emulator tokens. The other organisation's caller is a manager there. */
export async function buildCallers(world: World): Promise<Callers> {
  const [acme, globex] = await Promise.all([buildOrganization(world), buildOrganization(world)]);
  const [otherOrganization, member, manager, admin, inactiveMember] = await Promise.all([
    buildUser(world, { organization: globex, memberRole: 'manager' }),
    buildUser(world, { organization: acme, memberRole: 'member' }),
    buildUser(world, { organization: acme, memberRole: 'manager' }),
    buildUser(world, { role: 'admin' }),
    buildUser(world, { organization: acme, memberRole: 'member', activeFrom: new Date(Date.now() + 10 * DAY) }),
  ]);
  const users = { otherOrganization, member, manager, admin, inactiveMember };
  const tokens = { anonymous: undefined, ...Object.fromEntries(Object.entries(users).map(([caller, user]) => [caller, user.token])) };
  return { acme, globex, users, tokens: tokens as Callers['tokens'] };
}
