// Issue 20 point 2: the platform admin's users list and actions, against the real app, database and Auth Emulator.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActions } from '../../db/schema/admin-console';
import { organizationMembers, type OrganizationRow } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { userDevices, users } from '../../db/schema/users';
import {
  type BuiltUser,
  buildOrganization,
  buildUser,
  enrolSmsSecondFactor,
  identityToolkit,
  signInWithPassword,
  TEST_PASSWORD,
} from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { loadSession, type Session } from '../../auth/session-cache';
import { ApiError } from '../../jsonapi/errors';
import { issueInvitation } from '../invitations/service';
import { changeUserRole } from './admin-service';

const DAY = 24 * 3600_000;
type Listed = { id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: { id: string }[] }> };

describe('GET /api/users (issue 20 point 2)', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let admin: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { name: 'ACME' });
    globex = await buildOrganization(server, { name: 'Globex' });
    admin = await buildUser(server, { role: 'admin', name: 'Console Admin' });
  });
  afterAll(() => server.close());

  const list = (query: string, token = admin.token) => server.request(`/api/users?${query}`, { token });
  const ids = (response: { body: { data: Listed[] } }) => response.body.data.map((row) => Number(row.id));
  const invite = (person: BuiltUser) =>
    server.db.db.transaction((tx) =>
      issueInvitation(
        tx,
        { id: person.user.id, email: person.email, name: '', language: 'ja' },
        { publicUrl: 'http://localhost', now: new Date() },
      ),
    );

  it('finds users by a name or email fragment, taking % and _ literally', async () => {
    const percent = await buildUser(server, { organization: acme, name: 'Hana 100% Sato' });
    const other = await buildUser(server, { organization: acme, name: 'Hana 1000 Sato' });
    const found = await list(`q[keyword]=${encodeURIComponent('100%')}`);
    expect(found.status).toBe(200);
    expect(ids(found)).toEqual([percent.user.id]);
    expect(ids(await list(`q[keyword]=${encodeURIComponent('hana 1_00')}`))).toEqual([]);
    expect(ids(await list(`q[keyword]=${encodeURIComponent(other.email.slice(0, 12).toUpperCase())}`))).toContain(other.user.id);
  });

  it('filters by organisation and platform role, and shows every membership with its organisation', async () => {
    const both = await buildUser(server, { organization: acme, memberRole: 'manager', name: 'Both Orgs' });
    await server.db.db
      .insert(organizationMembers)
      .values({ userId: both.user.id, organizationId: globex.id, activeTo: new Date(Date.now() - DAY) });
    const onlyAcme = await buildUser(server, { organization: acme });

    const inGlobex = await list(`q[organization_id]=${globex.id}&per=100`);
    expect(ids(inGlobex)).toContain(both.user.id);
    expect(ids(inGlobex)).not.toContain(onlyAcme.user.id);
    const row = inGlobex.body.data.find((item: Listed) => Number(item.id) === both.user.id) as Listed;
    const membershipIds = row.relationships['organization-members']!.data.map((item) => item.id);
    const included = inGlobex.body.included as { type: string; id: string; attributes: Record<string, unknown> }[];
    const memberships = membershipIds.map((id) => included.find((item) => item.type === 'organization-members' && item.id === id));
    expect(memberships.map((membership) => [membership?.attributes.role, membership?.attributes.state])).toEqual([
      ['manager', 'active'],
      ['member', 'expired'],
    ]);
    expect(included.filter((item) => item.type === 'organizations').map((item) => item.attributes.name)).toEqual(
      expect.arrayContaining(['ACME', 'Globex']),
    );

    const admins = await list('q[role]=admin&per=100');
    expect(ids(admins)).toContain(admin.user.id);
    expect(admins.body.data.every((item: Listed) => item.attributes.role === 'admin')).toBe(true);
  });

  it('tells the states apart and filters by each', async () => {
    const org = await buildOrganization(server);
    const active = await buildUser(server, { organization: org });
    const pending = await buildUser(server, { organization: org, activeFrom: new Date(Date.now() + 3 * DAY) });
    const expired = await buildUser(server, { organization: org, activeTo: new Date(Date.now() - DAY) });
    const invited = await buildUser(server, { organization: org });
    await invite(invited);
    const disabled = await buildUser(server, { organization: org });
    await server.db.db.update(users).set({ signInDisabledAt: new Date() }).where(eq(users.id, disabled.user.id));

    const all = await list(`q[organization_id]=${org.id}&per=100`);
    const stateOf = new Map(all.body.data.map((item: Listed) => [Number(item.id), item.attributes.state]));
    expect([active, pending, expired, invited, disabled].map((person) => stateOf.get(person.user.id))).toEqual([
      'active',
      'pending',
      'expired',
      'invited',
      'disabled',
    ]);
    for (const [state, person] of Object.entries({ active, pending, expired, invited, disabled })) {
      expect(ids(await list(`q[organization_id]=${org.id}&q[state]=${state}`)), state).toEqual([person.user.id]);
    }
    expect(all.body.data.find((item: Listed) => Number(item.id) === disabled.user.id)?.attributes['sign-in-disabled']).toBe(true);
  });

  it('pages with page and per, sorts by the documented keys', async () => {
    const org = await buildOrganization(server);
    for (const name of ['Charlie', 'Alpha', 'Bravo']) await buildUser(server, { organization: org, name });
    const first = await list(`q[organization_id]=${org.id}&per=2&page=1&sort=name`);
    expect(first.body.meta).toMatchObject({ 'total-count': 3, 'total-pages': 2, 'current-page': 1 });
    const second = await list(`q[organization_id]=${org.id}&per=2&page=2&sort=name`);
    const byName = [...first.body.data, ...second.body.data].map((item: Listed) => item.attributes.name);
    expect(byName).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const reversed = await list(`q[organization_id]=${org.id}&sort=-name`);
    expect(reversed.body.data.map((item: Listed) => item.attributes.name)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    const descending = await list(`q[organization_id]=${org.id}&sort=-id`);
    expect(ids(descending)).toEqual([...ids(descending)].sort((a, b) => b - a));
  });

  it.each([
    ['an unknown state', 'q[state]=asleep'],
    ['an unknown sort', 'sort=password'],
    ['a per above 100', 'per=101'],
    ['an organisation id that is no id', 'q[organization_id]=acme'],
    ['a keyword over 100 characters', `q[keyword]=${'a'.repeat(101)}`],
  ])('answers 400 request.invalidParameter for %s', async (_name, query) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('request.invalidParameter');
  });

  it('records the last sign-in from the token, shows the app and MFA enrolment', async () => {
    const person = await buildUser(server, { organization: acme });
    const before = await list(`q[keyword]=${person.email}`);
    expect(before.body.data[0].attributes).toMatchObject({ 'last-signed-in-at': null, 'app-installed': false, 'mfa-enrolled': false });

    expect((await server.request('/api/user', { token: person.token })).status).toBe(200);
    const authTime = JSON.parse(Buffer.from(person.token.split('.')[1]!, 'base64url').toString()).auth_time as number;
    await expect
      .poll(async () => (await server.db.db.select().from(users).where(eq(users.id, person.user.id)))[0]?.lastSignedInAt?.getTime())
      .toBe(authTime * 1000);

    await server.db.db
      .insert(userDevices)
      .values({ userId: person.user.id, uuid: 'phone-1', fcmToken: `fcm-${person.uid}`, platform: 'app' });
    await server.identity.auth.updateUser(person.uid, { emailVerified: true });
    const { idToken } = await identityToolkit<{ idToken: string }>(server, 'v1/accounts:signInWithPassword', {
      email: person.email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    });
    await enrolSmsSecondFactor(server, idToken, '+819055550000');
    const after = await list(`q[keyword]=${person.email}`);
    expect(after.body.data[0].attributes).toMatchObject({
      'last-signed-in-at': new Date(authTime * 1000).toISOString(),
      'app-installed': true,
      'mfa-enrolled': true,
    });
  });
});

describe('the admin actions on /api/users/:id (issue 20 point 2)', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let admin: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    admin = await buildUser(server, { role: 'admin' });
  });
  afterAll(() => server.close());

  const setRole = (target: number, role: string, token = admin.token) =>
    server.request(`/api/users/${target}/role`, { method: 'PUT', token, json: { user: { role } }, headers: { 'Accept-Language': 'en' } });
  const setSignIn = (target: number, disabled: boolean, token = admin.token) =>
    server.request(`/api/users/${target}/sign_in`, {
      method: 'PUT',
      token,
      json: { user: { disabled } },
      headers: { 'Accept-Language': 'en' },
    });
  const logOf = (targetId: number) =>
    server.db.db
      .select({ kind: staffActions.kind, route: staffActions.route, changes: staffActions.changes, actor: staffActions.actorUserId })
      .from(staffActions)
      .where(eq(staffActions.targetId, String(targetId)))
      .orderBy(staffActions.id);
  const roleOf = async (id: number) => (await server.db.db.select().from(users).where(eq(users.id, id)))[0]?.role;

  it('promotes a member to admin and demotes them again, each logged with before and after', async () => {
    const person = await buildUser(server, { organization: acme });
    expect((await server.request('/api/users', { token: person.token })).status).toBe(403);

    expect((await setRole(person.user.id, 'admin')).status).toBe(204);
    expect(await roleOf(person.user.id)).toBe('admin');
    // The session cache was dropped: the same token now reaches the admin list.
    expect((await server.request('/api/users', { token: person.token })).status).toBe(200);

    expect((await setRole(person.user.id, 'member')).status).toBe(204);
    expect((await server.request('/api/users', { token: person.token })).status).toBe(403);
    expect(await logOf(person.user.id)).toEqual([
      { kind: 'users.promote', route: '/api/users/:id/role', changes: { role: ['member', 'admin'] }, actor: admin.user.id },
      { kind: 'users.demote', route: '/api/users/:id/role', changes: { role: ['admin', 'member'] }, actor: admin.user.id },
    ]);
  });

  it('refuses an admin acting on themselves with a translated 403, and a manager with auth.forbidden', async () => {
    const demoteSelf = await setRole(admin.user.id, 'member');
    expect(demoteSelf.status).toBe(403);
    expect(demoteSelf.body.errors[0]).toMatchObject({ code: 'adminUsers.self', detail: 'Not on your own account' });
    expect((await setSignIn(admin.user.id, true)).body.errors[0].code).toBe('adminUsers.self');
    expect(await roleOf(admin.user.id)).toBe('admin');

    const manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
    const member = await buildUser(server, { organization: acme });
    const refused = await setSignIn(member.user.id, true, manager.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('auth.forbidden');
    expect(await logOf(member.user.id)).toEqual([]);
  });

  it('answers 422 for a role that is none, 404 for an unknown user', async () => {
    const person = await buildUser(server, { organization: acme });
    const invalid = await setRole(person.user.id, 'manager');
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0]).toMatchObject({ code: 'validation.oneOf', source: { pointer: '/user/role' } });
    expect((await setRole(2_000_000_000, 'admin')).status).toBe(404);
    expect((await setSignIn(2_000_000_000, true)).status).toBe(404);
  });

  it('disables sign-in: the same token is refused at once, the identity refuses the password; enabling brings both back', async () => {
    const person = await buildUser(server, { organization: acme });
    expect((await server.request('/api/user', { token: person.token })).status).toBe(200);
    // A token this server has not seen yet: the identity check itself refuses it (as the emulator always checks).
    const unseen = await signInWithPassword(server.identity.emulatorHost!, person.email, TEST_PASSWORD);

    expect((await setSignIn(person.user.id, true)).status).toBe(204);
    const unseenRefused = await server.request('/api/user', { token: unseen });
    expect([unseenRefused.status, unseenRefused.body.errors[0].code]).toEqual([403, 'auth.signInDisabled']);
    const refused = await server.request('/api/user', { token: person.token, headers: { 'Accept-Language': 'en' } });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'auth.signInDisabled', detail: 'Your sign-in has been disabled' });
    expect((await server.identity.auth.getUser(person.uid)).disabled).toBe(true);
    await expect(signInWithPassword(server.identity.emulatorHost!, person.email, TEST_PASSWORD)).rejects.toThrow(/USER_DISABLED/);
    const [row] = await server.db.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row?.signInDisabledAt).toBeInstanceOf(Date);

    expect((await setSignIn(person.user.id, false)).status).toBe(204);
    expect((await server.identity.auth.getUser(person.uid)).disabled).toBe(false);
    const token = await signInWithPassword(server.identity.emulatorHost!, person.email, TEST_PASSWORD);
    expect((await server.request('/api/user', { token })).status).toBe(200);
    const log = await logOf(person.user.id);
    expect(log.map((entry) => entry.kind)).toEqual(['users.sign_in.disable', 'users.sign_in.enable']);
    expect(log[0]?.changes.signInDisabledAt?.[0]).toBeNull();
    expect(log[1]?.changes.signInDisabledAt?.[1]).toBeNull();
  });

  it('disables a member the identity provider does not know (invited, never signed in) in the product alone', async () => {
    const person = await buildUser(server, { organization: acme });
    await server.identity.auth.deleteUser(person.uid);
    expect((await setSignIn(person.user.id, true)).status).toBe(204);
  });

  it('resends a pending invitation with a fresh mail, logged; 409 once accepted', async () => {
    const person = await buildUser(server, { organization: acme });
    await server.db.db.transaction((tx) =>
      issueInvitation(
        tx,
        { id: person.user.id, email: person.email, name: '', language: 'en' },
        { publicUrl: 'http://localhost', now: new Date() },
      ),
    );
    const mails = async () =>
      (await server.db.db.select().from(outbox).where(eq(outbox.topic, 'mail.send'))).filter(
        (row) => (row.payload as { to?: string }).to === person.email,
      ).length;
    expect(await mails()).toBe(1);
    const resent = await server.request(`/api/users/${person.user.id}/resend_invitation`, { method: 'POST', token: admin.token });
    expect(resent.status).toBe(204);
    expect(await mails()).toBe(2);
    expect((await logOf(person.user.id)).map((entry) => entry.kind)).toEqual(['users.resend_invitation.create']);

    const accepted = await buildUser(server, { organization: acme });
    const refused = await server.request(`/api/users/${accepted.user.id}/resend_invitation`, { method: 'POST', token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('member.alreadyAccepted');
  });

  it('resets a second factor through the members module, logged with the count', async () => {
    const person = await buildUser(server, { organization: acme });
    await server.identity.auth.updateUser(person.uid, { emailVerified: true });
    const { idToken } = await identityToolkit<{ idToken: string }>(server, 'v1/accounts:signInWithPassword', {
      email: person.email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    });
    await enrolSmsSecondFactor(server, idToken, '+819066660000');
    const reset = await server.request(`/api/users/${person.user.id}/mfa`, { method: 'DELETE', token: admin.token });
    expect(reset.status).toBe(204);
    expect((await server.identity.auth.getUser(person.uid)).multiFactor?.enrolledFactors ?? []).toEqual([]);
    expect(await logOf(person.user.id)).toEqual([
      { kind: 'users.mfa.delete', route: '/api/users/:id/mfa', changes: { mfaEnrolledFactors: [1, 0] }, actor: admin.user.id },
    ]);
  });
});

describe('never the last admin (issue 20 point 2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** Two admins and no other admin who can sign in. */
  async function lastTwoAdmins() {
    const first = await buildUser(server, { role: 'admin' });
    const second = await buildUser(server, { role: 'admin' });
    await server.db.db
      .update(users)
      .set({ role: 'member' })
      .where(and(eq(users.role, 'admin'), ne(users.id, first.user.id), ne(users.id, second.user.id)));
    // Both sessions warm, as for two admins at work: both requests pass the guard and meet at the lock.
    for (const admin of [first, second]) expect((await server.request('/api/users?per=1', { token: admin.token })).status).toBe(200);
    return [first, second] as const;
  }
  /**
   * One answer 204; the other refused, by the lock (409 adminUsers.lastAdmin) when both met there, or by the guard
   * (403 auth.forbidden, or auth.userInactive for an admin without membership) when the first had already finished and dropped the loser's admin session.
   */
  const expectOneThrough = (answers: { status: number; body: { errors?: { code: string }[] } }[]) => {
    const codes = answers.map((answer) => (answer.status === 204 ? 'ok' : answer.body.errors?.[0]?.code));
    expect(codes).toContain('ok');
    expect(codes.filter((code) => code !== 'ok')).toEqual([
      expect.stringMatching(/^(adminUsers\.lastAdmin|auth\.forbidden|auth\.userInactive)$/),
    ]);
  };
  const signInAdmins = async (ids: number[]) =>
    (await server.db.db.select().from(users).where(inArray(users.id, ids))).filter(
      (row) => row.role === 'admin' && row.signInDisabledAt === null,
    ).length;

  it('lets only one of two concurrent demotions of the last two admins through', async () => {
    const [first, second] = await lastTwoAdmins();
    const answers = await Promise.all([
      server.request(`/api/users/${second.user.id}/role`, { method: 'PUT', token: first.token, json: { user: { role: 'member' } } }),
      server.request(`/api/users/${first.user.id}/role`, { method: 'PUT', token: second.token, json: { user: { role: 'member' } } }),
    ]);
    expectOneThrough(answers);
    expect(await signInAdmins([first.user.id, second.user.id])).toBe(1);
  });

  it('makes the demotions take turns at the lock: the second finds no other admin and answers adminUsers.lastAdmin', async () => {
    const [first, second] = await lastTwoAdmins();
    // Straight at the service, so both have passed the guard whatever the timing of the HTTP requests.
    const [firstSession, secondSession] = await Promise.all([loadSession(server.db.db, first.uid), loadSession(server.db.db, second.uid)]);
    const demote = (actor: Session, target: number) =>
      server.db.db.transaction((tx) => changeUserRole(tx, { actor, method: 'PUT', route: '/api/users/:id/role' }, target, 'member'));
    const results = await Promise.allSettled([demote(firstSession!, second.user.id), demote(secondSession!, first.user.id)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toBeInstanceOf(ApiError);
    expect((refusal.reason as ApiError).code).toBe('adminUsers.lastAdmin');
    expect(await signInAdmins([first.user.id, second.user.id])).toBe(1);
  });

  it('lets only one of two concurrent sign-in disablings of the last two admins through', async () => {
    const [first, second] = await lastTwoAdmins();
    const answers = await Promise.all([
      server.request(`/api/users/${second.user.id}/sign_in`, { method: 'PUT', token: first.token, json: { user: { disabled: true } } }),
      server.request(`/api/users/${first.user.id}/sign_in`, { method: 'PUT', token: second.token, json: { user: { disabled: true } } }),
    ]);
    expectOneThrough(answers);
    expect(await signInAdmins([first.user.id, second.user.id])).toBe(1);
  });

  it('re-reads the actor under the lock: a session loaded before its admin was demoted or disabled acts no more', async () => {
    const stale = await buildUser(server, { role: 'admin' });
    const target = await buildUser(server, { role: 'admin' });
    await buildUser(server, { role: 'admin' }); // another admin who can sign in: the target is never the last one
    // Loaded while still an admin, as a request that has passed the guard a moment before the change.
    const session = await loadSession(server.db.db, stale.uid);
    const demoteTarget = () =>
      server.db.db.transaction((tx) =>
        changeUserRole(tx, { actor: session!, method: 'PUT', route: '/api/users/:id/role' }, target.user.id, 'member'),
      );
    for (const change of [{ role: 'member' as const }, { role: 'admin' as const, signInDisabledAt: new Date() }]) {
      await server.db.db.update(users).set(change).where(eq(users.id, stale.user.id));
      await expect(demoteTarget()).rejects.toMatchObject({ code: 'auth.forbidden' });
      expect(await signInAdmins([target.user.id])).toBe(1);
    }
  });

  it('refuses a demoted admin who still holds a token, before anything changes', async () => {
    const [first, second] = await lastTwoAdmins();
    const third = await buildUser(server, { role: 'admin' });
    expect(
      (await server.request(`/api/users/${first.user.id}/role`, { method: 'PUT', token: second.token, json: { user: { role: 'member' } } }))
        .status,
    ).toBe(204);
    const stale = await server.request(`/api/users/${third.user.id}/role`, {
      method: 'PUT',
      token: first.token,
      json: { user: { role: 'member' } },
    });
    expect(stale.status).toBe(403);
    expect(await signInAdmins([second.user.id, third.user.id])).toBe(2);
  });
});
