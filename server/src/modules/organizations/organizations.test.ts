import { and, desc, eq } from 'drizzle-orm';
import { staffActions } from '../../db/schema/admin-console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrganizationRow, organizations } from '../../db/schema/organizations';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

describe('organizations', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let manager: BuiltUser;
  let member: BuiltUser;
  let admin: BuiltUser;
  let globexManager: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { name: 'ACME株式会社', numberOfMembers: 50, mfaEnabled: true });
    globex = await buildOrganization(server, { name: 'Globex' });
    [manager, member, admin, globexManager] = await Promise.all([
      buildUser(server, { organization: acme, memberRole: 'manager' }),
      buildUser(server, { organization: acme }),
      buildUser(server, { role: 'admin' }),
      buildUser(server, { organization: globex, memberRole: 'manager' }),
    ]);
  });
  afterAll(() => server.close());

  describe('GET /api/organizations/:id', () => {
    it('answers the organisation by numeric id and by route identifier alike', async () => {
      const byId = await server.request(`/api/organizations/${acme.id}`, { token: manager.token });
      const byIdentifier = await server.request(`/api/organizations/${acme.identifier}`, { token: manager.token });
      expect(byId.status).toBe(200);
      expect(byIdentifier.body).toEqual(byId.body);
      expect(byId.body.data).toMatchObject({
        type: 'organizations',
        id: String(acme.id),
        attributes: { name: 'ACME株式会社', identifier: acme.identifier, 'number-of-members': 50, archived: false, 'coin-balance': 0 },
      });
      expect(byId.body.data.attributes).not.toHaveProperty('mfa-enabled');
    });

    it('adds mfa-enabled when asked with with_mfa_enabled=true', async () => {
      const response = await server.request(`/api/organizations/${acme.identifier}?with_mfa_enabled=true`, { token: member.token });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes['mfa-enabled']).toBe(true);
    });

    it('leaves the contract figures out for a plain member', async () => {
      const response = await server.request(`/api/organizations/${acme.id}`, { token: member.token });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({ name: 'ACME株式会社' });
      for (const hidden of ['number-of-members', 'plan', 'coin-balance']) expect(response.body.data.attributes).not.toHaveProperty(hidden);
    });

    it("refuses another organisation's manager, by id and by identifier, and 401s the anonymous", async () => {
      for (const key of [acme.id, acme.identifier]) {
        const response = await server.request(`/api/organizations/${key}`, { token: globexManager.token });
        expect(response.status).toBe(403);
        expect(response.body.errors[0].code).toBe('auth.forbidden');
      }
      expect((await server.request(`/api/organizations/${acme.id}`)).status).toBe(401);
    });

    it('lets an admin read any organisation and 404s one that does not exist', async () => {
      expect((await server.request(`/api/organizations/${globex.identifier}`, { token: admin.token })).status).toBe(200);
      const missing = await server.request('/api/organizations/no-such-org', { token: admin.token });
      expect(missing.status).toBe(404);
      expect(missing.body.errors[0].code).toBe('resource.notFound');
    });

    it('answers 400 for a key that is neither an id nor an identifier', async () => {
      const response = await server.request('/api/organizations/Bad%20Key', { token: admin.token });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ code: 'request.invalidParameter', source: { parameter: 'id' } });
    });
  });

  describe('PUT /api/organizations/:id', () => {
    it('lets an admin change the contract, and refuses a taken identifier', async () => {
      const org = await buildOrganization(server);
      const response = await server.request(`/api/organizations/${org.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { organization: { name: '新しい名前', number_of_members: null, plan: 'enterprise', plan_ended_at: '2030-03-31' } },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({
        name: '新しい名前',
        'number-of-members': null,
        plan: 'enterprise',
        'plan-ended-at': '2030-03-31',
      });

      const taken = await server.request(`/api/organizations/${org.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { organization: { identifier: globex.identifier } },
      });
      expect(taken.status).toBe(409);
      expect(taken.body.errors[0]).toMatchObject({ code: 'organization.identifierTaken', source: { pointer: '/organization/identifier' } });
    });

    it('lets a manager change the graph filter of their own organisation but not the contract', async () => {
      const ok = await server.request(`/api/organizations/${acme.id}`, {
        method: 'PUT',
        token: manager.token,
        json: { organization: { distribution_graph_group_filter: 'or' } },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data.attributes['distribution-graph-group-filter']).toBe('or');

      const refused = await server.request(`/api/organizations/${acme.id}`, {
        method: 'PUT',
        token: manager.token,
        json: { organization: { number_of_members: 9999 } },
      });
      expect(refused.status).toBe(403);
      const [row] = await server.db.db.select().from(organizations).where(eq(organizations.id, acme.id));
      expect(row?.numberOfMembers).toBe(50);
    });

    it('refuses a plan that ends before it starts, in the payload or against the stored start (validation.endAfterStart)', async () => {
      const org = await buildOrganization(server);
      const put = (organization: Record<string, unknown>) =>
        server.request(`/api/organizations/${org.id}`, { method: 'PUT', token: admin.token, json: { organization } });
      const both = await put({ plan_started_at: '2030-04-01', plan_ended_at: '2030-03-31' });
      expect(both.status).toBe(422);
      expect(both.body.errors[0]).toMatchObject({ code: 'validation.endAfterStart', source: { pointer: '/organization/plan_ended_at' } });
      expect((await put({ plan_started_at: '2030-04-01', plan_ended_at: '2031-03-31' })).status).toBe(200);
      const endOnly = await put({ plan_ended_at: '2030-01-31' });
      expect(endOnly.status).toBe(422);
      expect(endOnly.body.errors[0].code).toBe('validation.endAfterStart');
      const [row] = await server.db.db.select().from(organizations).where(eq(organizations.id, org.id));
      expect(row).toMatchObject({ planStartedAt: '2030-04-01', planEndedAt: '2031-03-31' });
      const created = await server.request('/api/organizations', {
        method: 'POST',
        token: admin.token,
        json: {
          organization: {
            name: 'Backwards',
            identifier: `backwards-${Date.now().toString(36)}`,
            plan_started_at: '2030-04-01',
            plan_ended_at: '2030-04-01',
          },
        },
      });
      expect(created.status).toBe(422);
      expect(created.body.errors[0].code).toBe('validation.endAfterStart');
    });

    it('answers 422 per bad field', async () => {
      const response = await server.request(`/api/organizations/${acme.id}`, {
        method: 'PUT',
        token: admin.token,
        json: {
          organization: {
            identifier: '12345',
            number_of_members: -1,
            distribution_graph_group_filter: 'xor',
            plan_started_at: 'soon',
            service_started_at: '0000-01-01',
          },
        },
      });
      expect(response.status).toBe(422);
      const codes = response.body.errors.map((error: { source: { pointer: string }; code: string }) => [error.source.pointer, error.code]);
      expect(codes).toEqual(
        expect.arrayContaining([
          ['/organization/identifier', 'validation.invalidFormat'],
          ['/organization/number_of_members', 'validation.tooSmall'],
          ['/organization/distribution_graph_group_filter', 'validation.oneOf'],
          ['/organization/plan_started_at', 'validation.invalidFormat'],
          // a year PostgreSQL cannot store: 422, not 500
          ['/organization/service_started_at', 'validation.dateOutOfRange'],
        ]),
      );
    });
  });

  describe('admin list, create and archive', () => {
    it('creates an organisation, finds it in the list and archives it', async () => {
      const identifier = `new-${Date.now().toString(36)}`;
      const created = await server.request('/api/organizations', {
        method: 'POST',
        token: admin.token,
        json: { organization: { name: 'Initech', identifier, number_of_members: 5 } },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id;

      const list = await server.request(`/api/organizations?q[name]=${identifier}`, { token: admin.token });
      expect(list.body.data.map((org: { id: string }) => org.id)).toEqual([id]);
      expect(list.body.meta).toMatchObject({ 'total-count': 1, 'current-page': 1 });

      const archived = await server.request(`/api/organizations/${id}/archive`, { method: 'PUT', token: admin.token });
      expect(archived.status).toBe(200);
      expect(archived.body.data.attributes.archived).toBe(true);

      const duplicate = await server.request('/api/organizations', {
        method: 'POST',
        token: admin.token,
        json: { organization: { name: 'Again', identifier } },
      });
      expect(duplicate.status).toBe(409);
    });

    it('refuses the archive to a manager', async () => {
      const response = await server.request(`/api/organizations/${acme.id}/archive`, { method: 'PUT', token: manager.token });
      expect(response.status).toBe(403);
    });
  });

  describe('issue 20: archive and unarchive, seats and the staff log', () => {
    const logOf = (kind: string, targetId: string | number) =>
      server.db.db
        .select()
        .from(staffActions)
        .where(and(eq(staffActions.kind, kind), eq(staffActions.targetId, String(targetId))))
        .orderBy(desc(staffActions.id));

    it('unarchives an archived organisation, each step logged with the before and after', async () => {
      const org = await buildOrganization(server);
      expect(
        (await server.request(`/api/organizations/${org.id}/archive`, { method: 'PUT', token: admin.token })).body.data.attributes.archived,
      ).toBe(true);
      const unarchived = await server.request(`/api/organizations/${org.id}/unarchive`, { method: 'PUT', token: admin.token });
      expect(unarchived.status).toBe(200);
      expect(unarchived.body.data.attributes.archived).toBe(false);
      const [archiveLog] = await logOf('organizations.archive.update', org.id);
      const [unarchiveLog] = await logOf('organizations.unarchive.update', org.id);
      expect(archiveLog).toMatchObject({ organizationId: org.id, actorUserId: admin.user.id, changes: { archived: [false, true] } });
      expect(unarchiveLog).toMatchObject({ organizationId: org.id, changes: { archived: [true, false] } });
      expect((await server.request(`/api/organizations/${org.id}/unarchive`, { method: 'PUT', token: manager.token })).status).toBe(403);
    });

    it('warns when the seats fall below the members in use, and takes them once the admin confirms', async () => {
      const org = await buildOrganization(server, { numberOfMembers: 10 });
      await Promise.all([0, 1, 2].map(() => buildUser(server, { organization: org })));
      const body = (extra: object = {}) => ({ organization: { number_of_members: 2 }, ...extra });
      const warned = await server.request(`/api/organizations/${org.id}`, { method: 'PUT', token: admin.token, json: body() });
      expect(warned.status).toBe(422);
      expect(warned.body.errors[0]).toMatchObject({
        code: 'adminOrganization.seatsBelowMembers',
        source: { pointer: '/organization/number_of_members' },
      });
      const confirmed = await server.request(`/api/organizations/${org.id}`, {
        method: 'PUT',
        token: admin.token,
        json: body({ confirm_seats_below_members: true }),
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data.attributes['number-of-members']).toBe(2);
      const equal = await server.request(`/api/organizations/${org.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { organization: { number_of_members: 3 } },
      });
      expect(equal.status).toBe(200);
      const [log] = await logOf('organizations.update', org.id);
      expect(log?.changes).toEqual({ numberOfMembers: [2, 3] });
      const list = await server.request(`/api/organizations?q[name]=${org.identifier}`, { token: admin.token });
      expect(list.body.data[0].attributes).toMatchObject({ 'members-count': 3, 'seats-used': 3 });
    });

    it('keeps the confirmation flag from managers (their payload stays strict)', async () => {
      const response = await server.request(`/api/organizations/${acme.id}`, {
        method: 'PUT',
        token: manager.token,
        json: { organization: { distribution_graph_group_filter: 'and' }, confirm_seats_below_members: true },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors[0].code).toBe('validation.unknownKey');
    });
  });
});
