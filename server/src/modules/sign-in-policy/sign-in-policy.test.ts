// Issue 16 on the real app and the run's Auth Emulator: Google/Microsoft identities linked to product users by their
// verified email, the organisation's sign-in policy routes, and the guard that enforces the policy and MFA for managers.
import { SIGN_IN_METHODS } from '@kiwi/shared/domain/sign-in-policy';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentityLinks } from '../../db/schema/identity-links';
import { type OrganizationRow, organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { buildCallers, type Callers } from '../../test/authorization';
import { buildOrganization, buildUser, enrolSmsSecondFactor, signInWithIdp, signInWithPassword, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

const DAY = 24 * 3600 * 1000;
const unique = () => randomBytes(5).toString('hex');

describe('single sign-on and the sign-in policy', () => {
  let server: TestServer;
  let callers: Callers;
  const me = (token: string, language = 'en') => server.request('/api/user', { token, headers: { 'accept-language': language } });
  const policyPath = (organizationId: number) => `/api/organizations/${organizationId}/sign_in_policy`;
  const putPolicy = (organizationId: number, token: string, policy: unknown) =>
    server.request(policyPath(organizationId), {
      method: 'PUT',
      token,
      json: { sign_in_policy: policy },
      headers: { 'accept-language': 'en' },
    });
  const setPolicy = (organization: OrganizationRow, signInMethods: string[], mfaRequiredForManagers = false) =>
    putPolicy(organization.id, callers.tokens.admin!, {
      sign_in_methods: signInMethods,
      mfa_required_for_managers: mfaRequiredForManagers,
    });

  /** A product user whose first identity is not in the emulator (a CSV import not yet accepted), with a membership. */
  async function productUserWithoutIdentity(organization: OrganizationRow, { activeTo = null as Date | null } = {}) {
    const email = `sso-${unique()}@test.example`;
    const [user] = await server.db.db
      .insert(users)
      .values({ firebaseUid: `pending-${unique()}`, email, name: 'SSO' })
      .returning();
    await server.db.db.insert(organizationMembers).values({ userId: user!.id, organizationId: organization.id, activeTo });
    return { email, user: user! };
  }
  const linksOf = (userId: number) => server.db.db.select().from(userIdentityLinks).where(eq(userIdentityLinks.userId, userId));

  beforeAll(async () => {
    server = await startTestServer();
    callers = await buildCallers(server);
  });
  afterAll(() => server.close());

  describe('linking by verified email', () => {
    it.each(['google.com', 'microsoft.com'] as const)(
      'finds the product user of a new %s identity by its verified email and records the link',
      async (provider) => {
        const organization = await buildOrganization(server);
        const { email, user } = await productUserWithoutIdentity(organization);
        const { uid, token } = await signInWithIdp(server, provider, { email });

        const first = await me(token);
        expect(first.status).toBe(200);
        expect(first.body.data.id).toBe(String(user.id));
        expect(await linksOf(user.id)).toEqual([expect.objectContaining({ firebaseUid: uid, provider })]);
        // The link holds: a second sign-in under the same identity finds the user by its uid.
        const again = await signInWithIdp(server, provider, { email, sub: undefined });
        expect(again.uid).toBe(uid);
        expect((await me(again.token)).body.data.id).toBe(String(user.id));
      },
    );

    it('lets a Google sign-in of an existing account (one account per address) in under its own uid', async () => {
      const organization = await buildOrganization(server);
      const member = await buildUser(server, { organization });
      const { uid, token } = await signInWithIdp(server, 'google.com', { email: member.email });
      expect(uid).toBe(member.uid);
      expect((await me(token)).body.data.id).toBe(String(member.user.id));
      expect(await linksOf(member.user.id)).toEqual([]);
    });

    it('drops the cached session of every uid of a user when the user is invalidated', async () => {
      const organization = await buildOrganization(server);
      const { email, user } = await productUserWithoutIdentity(organization);
      const viaGoogle = await signInWithIdp(server, 'google.com', { email });
      // A second identity of the same user (as a Microsoft sign-in under another address would have been linked).
      const viaMicrosoft = await signInWithIdp(server, 'microsoft.com', { email: `other-${unique()}@test.example` });
      await server.db.db.insert(userIdentityLinks).values({ firebaseUid: viaMicrosoft.uid, userId: user.id, provider: 'microsoft.com' });
      expect((await me(viaGoogle.token)).body.data.attributes.name).toBe('SSO');
      expect((await me(viaMicrosoft.token)).body.data.attributes.name).toBe('SSO');

      await server.db.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, user.id));
      await server.sessions.invalidateUser(user.id);
      expect((await me(viaGoogle.token)).body.data.attributes.name).toBe('Renamed');
      expect((await me(viaMicrosoft.token)).body.data.attributes.name).toBe('Renamed');
    });

    it('never links an unverified email', async () => {
      const organization = await buildOrganization(server);
      const { email, user } = await productUserWithoutIdentity(organization);
      const { token } = await signInWithIdp(server, 'google.com', { email, emailVerified: false });
      const response = await me(token);
      expect(response.status).toBe(403);
      expect(response.body.errors[0]).toMatchObject({
        code: 'auth.emailNotAvailable',
        detail: "This email address is not available. Please ask your organization's manager",
      });
      expect(await linksOf(user.id)).toEqual([]);
    });

    it('refuses an address no product user has, translated', async () => {
      const { token } = await signInWithIdp(server, 'microsoft.com', { email: `nobody-${unique()}@test.example` });
      const response = await me(token, 'ja');
      expect(response.status).toBe(403);
      expect(response.body.errors[0]).toMatchObject({
        code: 'auth.emailNotAvailable',
        detail: 'このメールアドレスはご利用いただけません。組織のマネージャーにお問い合わせください',
      });
    });

    it('refuses an address whose membership has ended, and links nothing', async () => {
      const organization = await buildOrganization(server);
      const { email, user } = await productUserWithoutIdentity(organization, { activeTo: new Date(Date.now() - DAY) });
      const response = await me((await signInWithIdp(server, 'google.com', { email })).token);
      expect(response.status).toBe(403);
      expect(response.body.errors[0].code).toBe('auth.emailNotAvailable');
      expect(await linksOf(user.id)).toEqual([]);
    });
  });

  describe('policy routes', () => {
    it('answers every method and no MFA requirement until a manager chooses', async () => {
      const response = await server.request(policyPath(callers.acme.id), { token: callers.tokens.manager });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        type: 'sign-in-policies',
        id: String(callers.acme.id),
        attributes: { 'sign-in-methods': [...SIGN_IN_METHODS], 'mfa-required-for-managers': false },
      });
    });

    it('stores what the manager chose, each method once', async () => {
      const organization = await buildOrganization(server);
      const manager = await buildUser(server, { organization, memberRole: 'manager' });
      const response = await putPolicy(organization.id, manager.token, {
        sign_in_methods: ['password', 'google', 'password'],
        mfa_required_for_managers: false,
      });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toEqual({ 'sign-in-methods': ['password', 'google'], 'mfa-required-for-managers': false });
      const [row] = await server.db.db.select().from(organizations).where(eq(organizations.id, organization.id));
      expect(row).toMatchObject({ signInMethods: ['password', 'google'], mfaRequiredForManagers: false });
    });

    it.each([
      [{ sign_in_methods: [], mfa_required_for_managers: false }, 'validation.required', '/sign_in_policy/sign_in_methods'],
      [
        { sign_in_methods: ['password', 'facebook'], mfa_required_for_managers: false },
        'validation.oneOf',
        '/sign_in_policy/sign_in_methods/1',
      ],
      [{ sign_in_methods: 'password', mfa_required_for_managers: false }, 'validation.invalidType', '/sign_in_policy/sign_in_methods'],
      [
        { sign_in_methods: Array(9).fill('password'), mfa_required_for_managers: false },
        'validation.tooManyItems',
        '/sign_in_policy/sign_in_methods',
      ],
      [{ sign_in_methods: ['password'] }, 'validation.required', '/sign_in_policy/mfa_required_for_managers'],
      [{ sign_in_methods: ['password'], mfa_required_for_managers: false, extra: 1 }, 'validation.unknownKey', '/sign_in_policy/extra'],
    ])('refuses %j with %s', async (policy, code, pointer) => {
      const response = await putPolicy(callers.acme.id, callers.tokens.manager!, policy);
      expect(response.status).toBe(422);
      expect(response.body.errors[0]).toMatchObject({ code, source: { pointer } });
    });

    it("refuses a manager's policy that would refuse their own sign-in; an admin is not bound by it", async () => {
      const organization = await buildOrganization(server);
      const manager = await buildUser(server, { organization, memberRole: 'manager' });
      const refused = await putPolicy(organization.id, manager.token, { sign_in_methods: ['google'], mfa_required_for_managers: false });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'signInPolicy.excludesOwnMethod',
        source: { pointer: '/sign_in_policy/sign_in_methods' },
      });
      expect((await setPolicy(organization, ['google'])).status).toBe(200);
    });
  });

  describe('enforcement', () => {
    it('refuses a sign-in method the organisation does not allow, naming the allowed ones, at once after the change', async () => {
      const organization = await buildOrganization(server);
      const member = await buildUser(server, { organization });
      expect((await me(member.token)).status).toBe(200);

      expect((await setPolicy(organization, ['google', 'microsoft'])).status).toBe(200);
      const refused = await me(member.token);
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'auth.signInMethodNotAllowed',
        detail: 'Your organization does not allow this way of signing in. Please sign in with Google or Microsoft',
      });
      expect((await me(member.token, 'ja')).body.errors[0].detail).toBe(
        'この方法でのログインは組織で許可されていません。GoogleまたはMicrosoftでログインしてください',
      );
      // Every route, not only the profile: the refusal is the session's.
      expect((await server.request(`/api/organizations/${organization.id}/members`, { token: member.token })).status).toBe(403);
      expect((await me((await signInWithIdp(server, 'google.com', { email: member.email })).token)).status).toBe(200);
      expect((await me((await signInWithIdp(server, 'microsoft.com', { email: member.email })).token)).status).toBe(200);
    });

    it.each([
      [['password'], 'google.com', 403],
      [['password'], 'microsoft.com', 403],
      [['google'], 'microsoft.com', 403],
      [['microsoft'], 'google.com', 403],
      [['microsoft'], 'microsoft.com', 200],
      [['emailLink'], 'google.com', 403],
    ] as const)('with %j allowed, a %s sign-in answers %i', async (methods, provider, status) => {
      const organization = await buildOrganization(server);
      const member = await buildUser(server, { organization });
      await setPolicy(organization, [...methods]);
      const response = await me((await signInWithIdp(server, provider, { email: member.email })).token);
      expect(response.status).toBe(status);
      if (status === 403) expect(response.body.errors[0].code).toBe('auth.signInMethodNotAllowed');
    });

    it('lets a password token in where only email links are allowed (Firebase names both "password")', async () => {
      const organization = await buildOrganization(server);
      const member = await buildUser(server, { organization });
      await setPolicy(organization, ['emailLink']);
      expect((await me(member.token)).status).toBe(200);
    });

    it('does not bind a platform admin to the policy of the organisation they belong to', async () => {
      const organization = await buildOrganization(server);
      const admin = await buildUser(server, { role: 'admin', organization });
      await setPolicy(organization, ['microsoft']);
      expect((await me(admin.token)).status).toBe(200);
    });
  });

  describe('MFA required for managers', () => {
    /** The manager signed in again with an SMS second factor, enrolled as /user/mfa_setting does. */
    async function withSecondFactor(built: { uid: string; email: string; token: string }) {
      await server.identity.auth.updateUser(built.uid, { emailVerified: true });
      return enrolSmsSecondFactor(
        server,
        await signInWithPassword(server.identity.emulatorHost!, built.email, TEST_PASSWORD),
        '+819011112222',
      );
    }

    it('keeps a manager without a second factor out of the manager routes, not out of the portal', async () => {
      const organization = await buildOrganization(server);
      const manager = await buildUser(server, { organization, memberRole: 'manager' });
      const member = await buildUser(server, { organization });
      expect((await setPolicy(organization, [...SIGN_IN_METHODS], true)).status).toBe(200);

      expect((await me(manager.token)).status).toBe(200);
      const refused = await server.request(policyPath(organization.id), { token: manager.token, headers: { 'accept-language': 'en' } });
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toMatchObject({ code: 'auth.mfaRequired', detail: expect.stringContaining('two-step verification') });
      expect((await server.request(`/api/organizations/${organization.id}/embed_origins`, { token: manager.token })).status).toBe(403);
      // A manager's action behind a signed-in guard is refused too (authorize): resending an invitation, an MFA reset.
      const reset = await server.request(`/api/users/${member.user.id}/mfa_reset`, { method: 'POST', token: manager.token });
      expect(reset.status).toBe(403);
      expect(reset.body.errors[0].code).toBe('auth.mfaRequired');
      // Routes any member of the organisation may call (the colleague list) are not manager routes.
      expect((await server.request(`/api/organizations/${organization.id}/members`, { token: manager.token })).status).toBe(200);

      expect((await server.request(policyPath(organization.id), { token: await withSecondFactor(manager) })).status).toBe(200);
      // Members are not asked for one; admins are exempt.
      expect((await me(member.token)).status).toBe(200);
      expect((await server.request(policyPath(organization.id), { token: callers.tokens.admin })).status).toBe(200);
    });

    it('asks nothing of managers while the organisation does not require it', async () => {
      const organization = await buildOrganization(server);
      const manager = await buildUser(server, { organization, memberRole: 'manager' });
      expect((await server.request(policyPath(organization.id), { token: manager.token })).status).toBe(200);
    });
  });
});
