import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, type OrganizationRow } from '../../db/schema/organizations';
import { userDevices, users } from '../../db/schema/users';
import { buildIdentityUser, buildOrganization, buildUser } from '../../test/factories';
import { expectFieldError, startTestServer, type TestServer } from '../../test/server';

const DAY = 24 * 3600 * 1000;
/** A URL of the shape POST /api/images hands out. */
const ICON = `/api/images/${'a'.repeat(32)}`;

describe('users', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { name: 'ACME株式会社', plan: 'business', numberOfMembers: 50 });
    globex = await buildOrganization(server, { name: 'Globex', numberOfMembers: 20 });
  });
  afterAll(() => server.close());

  describe('GET /api/user', () => {
    it('returns the product user with memberships and organisations included, first membership first', async () => {
      const member = await buildUser(server, { organization: acme, memberRole: 'manager', name: '山田 太郎' });
      // A second (later) membership comes after the first.
      await server.db.db.insert(organizationMembers).values({ userId: member.user.id, organizationId: globex.id, role: 'member' });

      const response = await server.request('/api/user', { token: member.token });
      expect(response.status).toBe(200);
      const { data, included } = response.body;
      expect(data).toMatchObject({
        type: 'users',
        id: String(member.user.id),
        attributes: {
          role: 'member',
          name: '山田 太郎',
          email: member.email,
          nickname: null,
          birthday: null,
          'resting-heart-rate': null,
          icon: null,
          active: true,
        },
      });
      const memberships = data.relationships['organization-members'].data;
      expect(memberships).toHaveLength(2);
      expect(memberships[0]).toEqual({ type: 'organization-members', id: String(member.membership?.id) });

      const first = included.find(
        (item: { type: string; id: string }) => item.type === 'organization-members' && item.id === memberships[0].id,
      );
      expect(first.attributes).toMatchObject({
        role: 'manager',
        'active-from': null,
        'active-to': null,
        state: 'active',
        name: '山田 太郎',
        belongings: [],
        occupations: [],
      });
      expect(first.relationships.organization.data).toEqual({ type: 'organizations', id: String(acme.id) });
      const organization = included.find(
        (item: { type: string; id: string }) => item.type === 'organizations' && item.id === String(acme.id),
      );
      expect(organization.attributes).toEqual({
        name: 'ACME株式会社',
        identifier: acme.identifier,
        icon: null,
        plan: 'business',
        'number-of-members': 50,
        'service-started-at': null,
        archived: false,
      });
      expect(included.filter((item: { type: string }) => item.type === 'organizations')).toHaveLength(2);
    });

    it('refuses a member whose first membership has not started yet (pending)', async () => {
      const pending = await buildUser(server, { organization: acme, activeFrom: new Date(Date.now() + 30 * DAY) });
      const response = await server.request('/api/user', { token: pending.token });
      expect(response.status).toBe(403);
      expect(response.body.errors[0]).toMatchObject({ status: '403', code: 'auth.userInactive' });
    });

    it('refuses a member whose first membership has ended (expired)', async () => {
      const expired = await buildUser(server, {
        organization: acme,
        activeFrom: new Date(Date.now() - 90 * DAY),
        activeTo: new Date(Date.now() - DAY),
      });
      const response = await server.request('/api/user', { token: expired.token });
      expect(response.status).toBe(403);
      expect(response.body.errors[0].code).toBe('auth.userInactive');
    });

    it('judges only the first membership', async () => {
      const user = await buildUser(server, { organization: acme, activeTo: new Date(Date.now() - DAY) });
      await server.db.db.insert(organizationMembers).values({ userId: user.user.id, organizationId: globex.id });
      const response = await server.request('/api/user', { token: user.token });
      expect(response.body.errors[0].code).toBe('auth.userInactive');
    });

    it('refuses a member without any membership', async () => {
      const lonely = await buildUser(server);
      const response = await server.request('/api/user', { token: lonely.token });
      expect(response.status).toBe(403);
      expect(response.body.errors[0].code).toBe('auth.userInactive');
    });

    it('lets a platform admin without membership in', async () => {
      const admin = await buildUser(server, { role: 'admin' });
      const response = await server.request('/api/user', { token: admin.token });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({ role: 'admin', active: true });
      expect(response.body.data.relationships['organization-members'].data).toEqual([]);
      expect(response.body.included).toEqual([]);
    });

    it('refuses a Firebase user that has no product user', async () => {
      const stranger = await buildIdentityUser(server.identity);
      const response = await server.request('/api/user', { token: stranger.token });
      expect(response.status).toBe(403);
      expect(response.body.errors[0].code).toBe('auth.userNotFound');
    });

    it('is 401 for an anonymous caller', async () => {
      const response = await server.request('/api/user');
      expect(response.status).toBe(401);
      expect(response.body.errors[0].code).toBe('auth.unauthenticated');
    });
  });

  describe('PUT /api/users/:id', () => {
    it('updates the own profile and answers the updated user', async () => {
      const member = await buildUser(server, { organization: acme });
      const response = await server.request(`/api/users/${member.user.id}`, {
        method: 'PUT',
        token: member.token,
        json: {
          user: {
            name: '  佐藤 花子 ',
            nickname: 'はなこ🌸',
            birthday: '1990-04-01',
            resting_heart_rate: 62,
            icon: ICON,
          },
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({
        name: '佐藤 花子',
        nickname: 'はなこ🌸',
        birthday: '1990-04-01',
        'resting-heart-rate': 62,
        icon: ICON,
      });
      expect(response.body.included).toHaveLength(2);

      const [row] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row).toMatchObject({ name: '佐藤 花子', nickname: 'はなこ🌸', birthday: '1990-04-01', restingHeartRate: 62 });

      // null clears a field; fields left out stay.
      const cleared = await server.request(`/api/users/${member.user.id}`, {
        method: 'PUT',
        token: member.token,
        json: { user: { nickname: null } },
      });
      expect(cleared.body.data.attributes).toMatchObject({ nickname: null, name: '佐藤 花子', 'resting-heart-rate': 62 });

      // The next GET sees the change (the session cache was invalidated).
      const fetched = await server.request('/api/user', { token: member.token });
      expect(fetched.body.data.attributes).toMatchObject({ name: '佐藤 花子', nickname: null });
    });

    it('stores the interface language, which the next GET answers', async () => {
      const member = await buildUser(server, { organization: acme });
      // Warm the session cache first, so the GET below proves the update dropped it.
      expect((await server.request('/api/user', { token: member.token })).body.data.attributes.language).toBe('ja');

      const response = await server.request(`/api/users/${member.user.id}`, {
        method: 'PUT',
        token: member.token,
        json: { user: { language: 'en' } },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes.language).toBe('en');
      const [row] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row?.language).toBe('en');
      const fetched = await server.request('/api/user', { token: member.token });
      expect(fetched.body.data.attributes.language).toBe('en');
    });

    it('answers 422 validation.oneOf for a language the portal does not offer, and keeps the stored one', async () => {
      const member = await buildUser(server, { organization: acme });
      const response = await server.request(`/api/users/${member.user.id}`, {
        method: 'PUT',
        token: member.token,
        headers: { 'Accept-Language': 'en' },
        json: { user: { language: 'fr' } },
      });
      expectFieldError(response, { code: 'validation.oneOf', pointer: '/user/language', detail: 'Choose one of: ja, en' });
      const [row] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row?.language).toBe('ja');
    });

    it('stores the device and updates its token by uuid', async () => {
      const member = await buildUser(server, { organization: acme });
      const put = (fcmToken: string) =>
        server.request(`/api/users/${member.user.id}`, {
          method: 'PUT',
          token: member.token,
          json: { user: { device: { uuid: 'device-1', fcm_token: fcmToken } } },
        });
      expect((await put('token-a')).status).toBe(200);
      expect((await put('token-b')).status).toBe(200);
      const devices = await server.db.db.select().from(userDevices).where(eq(userDevices.userId, member.user.id));
      expect(devices).toHaveLength(1);
      expect(devices[0]).toMatchObject({ uuid: 'device-1', fcmToken: 'token-b' });
    });

    it('answers 422 with one pointer per bad field', async () => {
      const member = await buildUser(server, { organization: acme });
      const response = await server.request(`/api/users/${member.user.id}`, {
        method: 'PUT',
        token: member.token,
        json: {
          user: { name: '', birthday: '1990-13-45', resting_heart_rate: 300, icon: 'ftp://x', shoe_size: 42, device: { uuid: 'x' } },
        },
      });
      expect(response.status).toBe(422);
      const errors = response.body.errors.map((error: { code: string; source: { pointer: string } }) => [error.source.pointer, error.code]);
      expect(errors).toEqual(
        expect.arrayContaining([
          ['/user/name', 'validation.required'],
          ['/user/birthday', 'validation.invalidFormat'],
          ['/user/resting_heart_rate', 'validation.tooBig'],
          ['/user/icon', 'validation.invalidFormat'],
          ['/user/shoe_size', 'validation.unknownKey'],
          ['/user/device/fcm_token', 'validation.required'],
        ]),
      );
      const heartRate = response.body.errors.find(
        (error: { source: { pointer: string } }) => error.source.pointer === '/user/resting_heart_rate',
      );
      expect(heartRate.detail).toContain('220');
      for (const error of response.body.errors) {
        expect(error.status).toBe('422');
        expect(error.title).toEqual(expect.any(String));
        expect(error.title).not.toMatch(/^validation\./);
      }
    });

    it('answers 422 validation.required for a missing user object', async () => {
      const member = await buildUser(server, { organization: acme });
      const response = await server.request(`/api/users/${member.user.id}`, { method: 'PUT', token: member.token, json: {} });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([expect.objectContaining({ code: 'validation.required', source: { pointer: '/user' } })]);
    });

    it("refuses another user's profile with 403", async () => {
      const member = await buildUser(server, { organization: acme });
      const other = await buildUser(server, { organization: acme });
      const response = await server.request(`/api/users/${other.user.id}`, {
        method: 'PUT',
        token: member.token,
        json: { user: { name: 'hijack' } },
      });
      expect(response.status).toBe(403);
      expect(response.body.errors[0].code).toBe('auth.forbidden');
      const [row] = await server.db.db.select().from(users).where(eq(users.id, other.user.id));
      expect(row?.name).not.toBe('hijack');
    });

    it("lets an admin update someone else's profile, and 404s an unknown id", async () => {
      const admin = await buildUser(server, { role: 'admin' });
      const member = await buildUser(server, { organization: acme });
      const response = await server.request(`/api/users/${member.user.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { user: { nickname: 'set by admin' } },
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id: String(member.user.id), attributes: { nickname: 'set by admin' } });

      const missing = await server.request('/api/users/999999', { method: 'PUT', token: admin.token, json: { user: {} } });
      expect(missing.status).toBe(404);
      expect(missing.body.errors[0].code).toBe('resource.notFound');
    });

    it('is 401 for an anonymous caller', async () => {
      const response = await server.request('/api/users/1', { method: 'PUT', json: { user: { name: 'x' } } });
      expect(response.status).toBe(401);
      expect(response.body.errors[0].code).toBe('auth.unauthenticated');
    });
  });
});
