// The guards of spec §6 as an authorisation matrix: every caller x every guard, over a test-only router.
// (authorization-matrix.test.ts does the same for every real route of the app.)
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../db/schema/organizations';
import { organizationMembers } from '../db/schema/organizations';
import { errorHandler } from '../http/error-handler';
import {
  buildCallers,
  type Caller as BaseCaller,
  describeExpected,
  type Expected,
  expectAnswer,
  FORBIDDEN,
  INACTIVE,
  OK,
  UNAUTHENTICATED,
} from '../test/authorization';
import { buildIdentityUser, buildUser, expiredIdToken, forgedIdToken } from '../test/factories';
import { type Served, serve, startTestServer, type TestServer } from '../test/server';
import { authentication, requireAdmin, requireOrganizationMember, requireSignedIn, requireSignedInAnyMembershipState } from './guards';

const DAY = 24 * 3600 * 1000;
type Caller = BaseCaller | 'managerInSecondMembership' | 'inactiveManager';
type Route = 'signedIn' | 'admin' | 'managerById' | 'managerByIdentifier' | 'surveyById' | 'anyMembershipState';

/** Signed in, but no right in acme: everything past sign-in is refused. */
const SIGNED_IN_ONLY: Record<Route, Expected> = {
  signedIn: OK,
  admin: FORBIDDEN,
  managerById: FORBIDDEN,
  managerByIdentifier: FORBIDDEN,
  surveyById: FORBIDDEN,
  anyMembershipState: OK,
};
/** A pending or expired membership still passes requireSignedInAnyMembershipState (the mobile sync, SPEC §4). */
const INACTIVE_BUT_SYNC: Record<Route, Expected> = {
  signedIn: INACTIVE,
  admin: INACTIVE,
  managerById: INACTIVE,
  managerByIdentifier: INACTIVE,
  surveyById: INACTIVE,
  anyMembershipState: OK,
};

const MATRIX: Record<Caller, Record<Route, Expected>> = {
  anonymous: {
    signedIn: UNAUTHENTICATED,
    admin: UNAUTHENTICATED,
    managerById: UNAUTHENTICATED,
    managerByIdentifier: UNAUTHENTICATED,
    surveyById: UNAUTHENTICATED,
    anyMembershipState: UNAUTHENTICATED,
  },
  otherOrganization: SIGNED_IN_ONLY,
  member: { ...SIGNED_IN_ONLY, surveyById: OK },
  manager: { signedIn: OK, admin: FORBIDDEN, managerById: OK, managerByIdentifier: OK, surveyById: OK, anyMembershipState: OK },
  admin: { signedIn: OK, admin: OK, managerById: OK, managerByIdentifier: OK, surveyById: OK, anyMembershipState: OK },
  inactiveMember: INACTIVE_BUT_SYNC,
  // Manager of acme, but acme is only the SECOND membership: the first decides.
  managerInSecondMembership: SIGNED_IN_ONLY,
  inactiveManager: INACTIVE_BUT_SYNC,
};

describe('guards', () => {
  let server: TestServer;
  let guarded: Served;
  let acme: OrganizationRow;
  let tokens: Record<Caller, string | undefined>;

  beforeAll(async () => {
    server = await startTestServer();
    const callers = await buildCallers(server);
    ({ acme } = callers);
    const second = await buildUser(server, { organization: callers.globex, memberRole: 'member' });
    await server.db.db.insert(organizationMembers).values({ userId: second.user.id, organizationId: acme.id, role: 'manager' });
    const inactiveManager = await buildUser(server, {
      organization: acme,
      memberRole: 'manager',
      activeFrom: new Date(Date.now() + 10 * DAY),
    });
    tokens = { ...callers.tokens, managerInSecondMembership: second.token, inactiveManager: inactiveManager.token };

    const app = express();
    app.use(authentication({ identity: server.identity, sessions: server.sessions }));
    const ok: express.RequestHandler = (_req, res) => {
      res.json({ ok: true });
    };
    app.get('/signed-in', requireSignedIn, ok);
    app.get('/admin', requireAdmin, ok);
    app.get('/organizations/:organizationId/managed', requireOrganizationMember(), ok);
    app.get('/org/:identifier/managed', requireOrganizationMember(), ok);
    app.get('/organizations/:organizationId/surveys', requireOrganizationMember({ managerOnly: false }), ok);
    app.get('/any-membership-state', requireSignedInAnyMembershipState, ok);
    app.use(errorHandler);
    guarded = await serve(app);
  });
  afterAll(async () => {
    await guarded.close();
    await server.close();
  });

  const paths = (): Record<Route, string> => ({
    signedIn: '/signed-in',
    admin: '/admin',
    managerById: `/organizations/${acme.id}/managed`,
    managerByIdentifier: `/org/${acme.identifier}/managed`,
    surveyById: `/organizations/${acme.id}/surveys`,
    anyMembershipState: '/any-membership-state',
  });

  for (const [caller, routes] of Object.entries(MATRIX) as [Caller, Record<Route, Expected>][]) {
    for (const [route, expected] of Object.entries(routes) as [Route, Expected][]) {
      it(`${caller} on ${route} -> ${describeExpected(expected)}`, async () => {
        expectAnswer(await guarded.request(paths()[route], { token: tokens[caller] }), expected);
      });
    }
  }

  it('an organisation id that is not an id -> 400 request.invalidParameter', async () => {
    const response = await guarded.request('/organizations/abc/managed', { token: tokens.manager });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ code: 'request.invalidParameter', source: { parameter: 'organizationId' } });
  });

  it('requireSignedInAnyMembershipState lets an expired member through but still needs a product user and a valid token', async () => {
    const expired = await buildUser(server, {
      organization: acme,
      activeFrom: new Date(Date.now() - 90 * DAY),
      activeTo: new Date(Date.now() - DAY),
    });
    expect((await guarded.request('/any-membership-state', { token: expired.token })).status).toBe(200);
    expect((await guarded.request('/signed-in', { token: expired.token })).body.errors[0].code).toBe('auth.userInactive');
    const stranger = await buildIdentityUser(server.identity);
    const unknown = await guarded.request('/any-membership-state', { token: stranger.token });
    expect(unknown.status).toBe(403);
    expect(unknown.body.errors[0].code).toBe('auth.userNotFound');
    const stale = await guarded.request('/any-membership-state', { token: expiredIdToken(expired.uid) });
    expect([stale.status, stale.body.errors[0].code]).toEqual([401, 'auth.tokenExpired']);
    const forged = await guarded.request('/any-membership-state', { token: forgedIdToken(expired.uid) });
    expect([forged.status, forged.body.errors[0].code]).toEqual([401, 'auth.invalidToken']);
  });

  it('an unknown organisation is forbidden for a non-admin', async () => {
    const response = await guarded.request('/organizations/2147483647/managed', { token: tokens.manager });
    expect(response.status).toBe(403);
  });
});
