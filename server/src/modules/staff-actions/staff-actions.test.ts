import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffActionRow, staffActions } from '../../db/schema/admin-console';
import { type OrganizationRow, organizations } from '../../db/schema/organizations';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { staffActionKind, staffActionTarget } from './kinds';
import { staffActionWritesSettled } from './middleware';

describe('staff action kinds', () => {
  it.each([
    ['PUT', '/api/organizations/:id', 'organizations.update'],
    ['POST', '/api/organizations', 'organizations.create'],
    ['PUT', '/api/organizations/:organizationId/members/:memberId', 'organizations.members.update'],
    ['DELETE', '/api/organizations/:organizationId/members/:memberId', 'organizations.members.delete'],
    ['PUT', '/api/organizations/:id/archive', 'organizations.archive.update'],
    ['POST', '/api/gacha_draws.csv', 'gacha_draws_csv.create'],
    ['PATCH', '/api/gifts/:id', 'gifts.update'],
  ])('%s %s is %s', (method, route, kind) => {
    expect(staffActionKind(method, route)).toBe(kind);
  });

  it('names the last parameter and the word before it as the target, or the collection', () => {
    expect(staffActionTarget('/api/organizations/:organizationId/members/:memberId', { organizationId: '3', memberId: '9' })).toEqual({
      type: 'members',
      id: '9',
    });
    expect(staffActionTarget('/api/organizations/:id/archive', { id: '3' })).toEqual({ type: 'organizations', id: '3' });
    expect(staffActionTarget('/api/gifts', {})).toEqual({ type: 'gifts', id: null });
  });
});

describe('the staff action log', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let admin: BuiltUser;
  let manager: BuiltUser;
  let member: BuiltUser;
  let otherManager: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    [acme, globex] = await Promise.all([buildOrganization(server), buildOrganization(server)]);
    [admin, manager, member, otherManager] = await Promise.all([
      buildUser(server, { role: 'admin', name: 'Ada Admin' }),
      buildUser(server, { organization: acme, memberRole: 'manager', name: 'Mana Manager' }),
      buildUser(server, { organization: acme, name: 'Mem Member' }),
      buildUser(server, { organization: globex, memberRole: 'manager' }),
    ]);
  });
  afterAll(() => server.close());

  const rowsOf = async (actor: BuiltUser): Promise<StaffActionRow[]> => {
    await staffActionWritesSettled(server.db);
    return server.db.db.select().from(staffActions).where(eq(staffActions.actorUserId, actor.user.id)).orderBy(staffActions.id);
  };
  const clear = async () => {
    await staffActionWritesSettled(server.db);
    await server.db.db.delete(staffActions);
  };
  const list = (query: string, token = admin.token) => server.request(`/api/staff_actions${query}`, { token });

  it("records a manager's member edit once, with the before and after of what changed", async () => {
    await clear();
    const fresh = await buildUser(server, { organization: acme });
    const edited = await server.request(`/api/organizations/${acme.id}/members/${fresh.membership!.id}`, {
      method: 'PUT',
      token: manager.token,
      json: { organization_member: { role: 'manager', active_to: '2099-03-31T15:00:00.000Z', belongings: [] } },
    });
    expect(edited.status).toBe(200);
    const rows = await rowsOf(manager);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorRole: 'manager',
      actorLabel: `Mana Manager <${manager.email}>`,
      organizationId: acme.id,
      kind: 'organizations.members.update',
      method: 'PUT',
      route: '/api/organizations/:organizationId/members/:memberId',
      targetType: 'members',
      targetId: String(fresh.membership!.id),
      statusCode: 200,
      changes: { role: ['member', 'manager'], activeTo: [null, '2099-03-31T15:00:00.000Z'] },
    });

    // The admin reads it back through the API, filtered by organisation, with the organisation's name.
    const found = await list(`?organization_id=${acme.id}&kind=organizations.members`);
    expect(found.status).toBe(200);
    expect(found.body.meta['total-count']).toBe(1);
    expect(found.body.data[0]).toMatchObject({
      type: 'staff-actions',
      attributes: {
        'actor-user-id': String(manager.user.id),
        'actor-role': 'manager',
        'organization-identifier': acme.identifier,
        'organization-name': acme.name,
        kind: 'organizations.members.update',
        'target-id': String(fresh.membership!.id),
        changes: [
          { field: 'role', before: 'member', after: 'manager' },
          { field: 'activeTo', before: null, after: '2099-03-31T15:00:00.000Z' },
        ],
        'status-code': 200,
      },
    });
  });

  it("logs an admin's organisation edit once (the module's own record, with before/after), not again by route", async () => {
    await clear();
    const before = (await server.request(`/api/organizations/${globex.id}`, { token: admin.token })).body.data.attributes.name;
    const changed = await server.request(`/api/organizations/${globex.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { organization: { name: 'Globex Renamed' } },
    });
    expect(changed.status).toBe(200);
    const rows = await rowsOf(admin);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorRole: 'admin',
      organizationId: globex.id,
      kind: 'organizations.update',
      route: '/api/organizations/:id',
      targetId: String(globex.id),
      statusCode: 200,
      changes: { name: [before, 'Globex Renamed'] },
    });
  });

  it("logs an admin's write by route when its module records nothing itself", async () => {
    await clear();
    const created = await server.request('/api/organizations', {
      method: 'POST',
      token: admin.token,
      json: { organization: { name: 'Logged By Route', identifier: `by-route-${Date.now().toString(36)}` } },
    });
    expect(created.status).toBe(201);
    await staffActionWritesSettled(server.db);
    const rows = await rowsOf(admin);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorRole: 'admin', kind: 'organizations.create', route: '/api/organizations', statusCode: 201 });
  });

  it("logs a manager's refused attempt in their own organisation with its status, never the request body", async () => {
    await clear();
    const fresh = await buildUser(server, { organization: acme });
    const refused = await server.request(`/api/organizations/${acme.id}/members/${fresh.membership!.id}`, {
      method: 'PUT',
      token: manager.token,
      json: { organization_member: { active_from: '2030-04-01T00:00:00.000Z', active_to: '2030-03-01T00:00:00.000Z' } },
    });
    expect(refused.status).toBe(422);
    const rows = await rowsOf(manager);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'organizations.members.update',
      route: '/api/organizations/:organizationId/members/:memberId',
      targetId: String(fresh.membership!.id),
      organizationId: acme.id,
      statusCode: 422,
      changes: {},
    });
    expect(JSON.stringify(rows[0])).not.toContain('2030-03-01');
  });

  it("logs nothing for a member's writes, a manager's outside their organisation, reads, or an unknown path", async () => {
    await clear();
    const own = await server.request(`/api/users/${member.user.id}`, {
      method: 'PUT',
      token: member.token,
      json: { user: { nickname: 'just-me' } },
    });
    expect(own.status).toBe(200);
    const elsewhere = await server.request(`/api/organizations/${acme.id}/members/${member.membership!.id}`, {
      method: 'PUT',
      token: otherManager.token,
      json: { organization_member: { role: 'manager' } },
    });
    expect(elsewhere.status).toBe(403);
    expect((await server.request('/api/organizations', { token: admin.token })).status).toBe(200);
    expect((await server.request(`/api/organizations/${acme.id}/members`, { token: manager.token })).status).toBe(200);
    expect((await server.request('/api/no_such_thing', { method: 'POST', token: admin.token, json: {} })).status).toBe(404);
    await staffActionWritesSettled(server.db);
    expect(await server.db.db.select().from(staffActions)).toEqual([]);
  });

  it('finds entries by actor id or keyword, kind and period, newest first, one page at a time', async () => {
    await clear();
    for (const name of ['First', 'Second', 'Third']) {
      const done = await server.request(`/api/organizations/${globex.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { organization: { name } },
      });
      expect(done.status).toBe(200);
    }
    await staffActionWritesSettled(server.db);
    await server.db.db
      .update(staffActions)
      .set({ createdAt: new Date('2030-01-10T03:00:00Z') })
      .where(eq(staffActions.actorUserId, admin.user.id));
    const fresh = await buildUser(server, { organization: acme });
    await server.request(`/api/organizations/${acme.id}/members/${fresh.membership!.id}`, {
      method: 'PUT',
      token: manager.token,
      json: { organization_member: { role: 'manager' } },
    });
    await staffActionWritesSettled(server.db);

    const byId = await list(`?actor=${admin.user.id}&per=2`);
    expect(byId.body.meta).toMatchObject({ 'total-count': 3, 'total-pages': 2 });
    expect(byId.body.data).toHaveLength(2);
    const ids = byId.body.data.map((item: { id: string }) => Number(item.id));
    expect(ids[0]).toBeGreaterThan(ids[1]);

    const byKeyword = await list(`?actor=${encodeURIComponent('mana man')}`);
    expect(byKeyword.body.data.map((item: { attributes: { kind: string } }) => item.attributes.kind)).toEqual([
      'organizations.members.update',
    ]);
    const byEmail = await list(`?actor=${encodeURIComponent(admin.email.toUpperCase())}`);
    expect(byEmail.body.meta['total-count']).toBe(3);

    expect((await list('?kind=organizations.update')).body.meta['total-count']).toBe(3);
    // A prefix matches whole dotted words only.
    expect((await list('?kind=organizations.upd')).body.meta['total-count']).toBe(0);
    expect((await list('?from=2030-01-10&to=2030-01-10')).body.meta['total-count']).toBe(3);
    expect((await list('?from=2030-01-11')).body.meta['total-count']).toBe(0);
    expect((await list('?to=2030-01-09')).body.meta['total-count']).toBe(1);
    expect((await list(`?organization_id=${acme.id}`)).body.meta['total-count']).toBe(1);
  });

  it("records other modules' staff writes once each with their before and after, never a secret", async () => {
    await clear();
    const org = `/api/organizations/${acme.id}`;
    const call = (path: string, method: string, json: unknown, token = manager.token) => server.request(path, { method, token, json });
    const news = await call(`${org}/news`, 'POST', { news: { title: 'Walk week', body: 'Join us', published_at: '2099-01-01T00:00:00Z' } });
    expect(news.status).toBe(201);
    expect((await call(`${org}/news/${news.body.data.id}`, 'PUT', { news: { title: 'Walking week' } })).status).toBe(200);
    expect((await server.request(`${org}/news/${news.body.data.id}`, { method: 'DELETE', token: manager.token })).status).toBe(204);
    const group = await call(`${org}/groups`, 'POST', { group: { name: 'Sales' } });
    expect(group.status).toBe(201);
    expect((await call(`${org}/groups/${group.body.data.id}`, 'PUT', { group: { name: 'Sales East' } })).status).toBe(200);
    const webhook = 'https://hooks.slack.com/services/T1/B1/secret-token-wxyz';
    expect((await call(`${org}/slack_webhooks`, 'POST', { slack_webhook: { url: webhook } })).status).toBe(201);
    const category = await call('/api/gift_categories', 'POST', { gift_category: { name: 'Drinks' } }, admin.token);
    expect(category.status).toBe(201);
    expect(
      (await call(`/api/gift_categories/${category.body.data.id}`, 'PUT', { gift_category: { name: 'Coffee' } }, admin.token)).status,
    ).toBe(200);

    const rows = [...(await rowsOf(manager)), ...(await rowsOf(admin))];
    const byKind = (kind: string) => rows.filter((row) => row.kind === kind);
    expect(rows.map((row) => row.kind).sort()).toEqual(
      [
        'gift_categories.create',
        'gift_categories.update',
        'organizations.groups.create',
        'organizations.groups.update',
        'organizations.news.create',
        'organizations.news.delete',
        'organizations.news.update',
        'organizations.slack_webhooks.create',
      ].sort(),
    );
    expect(byKind('organizations.news.create')[0]).toMatchObject({
      organizationId: acme.id,
      targetType: 'news',
      targetId: news.body.data.id,
      statusCode: 201,
      changes: { title: [null, 'Walk week'], body: [null, 'Join us'], publishedAt: [null, '2099-01-01T00:00:00.000Z'] },
    });
    expect(byKind('organizations.news.update')[0]?.changes).toEqual({ title: ['Walk week', 'Walking week'] });
    expect(byKind('organizations.news.delete')[0]).toMatchObject({ statusCode: 204, changes: { title: ['Walking week', null] } });
    expect(byKind('organizations.groups.update')[0]).toMatchObject({
      targetType: 'groups',
      targetId: group.body.data.id,
      changes: { name: ['Sales', 'Sales East'] },
    });
    expect(byKind('gift_categories.update')[0]).toMatchObject({
      actorRole: 'admin',
      organizationId: null,
      changes: { name: ['Drinks', 'Coffee'] },
    });
    // The webhook's URL is a credential: the log keeps the host and its last characters only.
    expect(byKind('organizations.slack_webhooks.create')[0]?.changes).toEqual({
      url: [null, 'https://hooks.slack.com/…wxyz'],
      language: [null, 'ja'],
    });
    expect(JSON.stringify(rows)).not.toContain('secret-token');
  });

  it("records a manager's coin grant and its cancellation with the transfer's before and after", async () => {
    await clear();
    await server.db.db.update(organizations).set({ coinBalance: 1000 }).where(eq(organizations.id, acme.id));
    const grant = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers`, {
      method: 'POST',
      token: manager.token,
      json: {
        kiwi_coin_transfer: {
          organization_member_id: member.membership!.id,
          amount: 30,
          description: 'Thanks',
          transferred_at: '2099-01-01T00:00:00Z',
        },
      },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
    const transferId = grant.body.data[0]?.id ?? grant.body.data.id;
    const cancelled = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers/${transferId}`, {
      method: 'DELETE',
      token: manager.token,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [granted, cancel] = await rowsOf(manager);
    expect(granted).toMatchObject({
      kind: 'organizations.kiwi_coin_transfers.create',
      targetType: 'kiwi_coin_transfers',
      targetId: String(transferId),
      statusCode: 201,
      changes: { organizationMemberId: [null, member.membership!.id], amount: [null, 30], description: [null, 'Thanks'] },
    });
    expect(cancel).toMatchObject({ kind: 'organizations.kiwi_coin_transfers.delete', targetId: String(transferId), statusCode: 200 });
    expect(cancel?.changes.status?.[1]).not.toBe(cancel?.changes.status?.[0]);
  });

  it('keeps an entry readable when its organisation is gone', async () => {
    await clear();
    await server.db.db.insert(staffActions).values({
      actorUserId: admin.user.id,
      actorLabel: 'Ada Admin <ada@example.com>',
      actorRole: 'admin',
      organizationId: 2_000_000_000,
      kind: 'organizations.delete',
      method: 'DELETE',
      route: '/api/organizations/:id',
      targetType: 'organizations',
      targetId: 'gone-org',
      statusCode: 204,
    });
    const found = await list('?organization_id=2000000000');
    expect(found.body.data[0].attributes).toMatchObject({
      'organization-id': '2000000000',
      'organization-identifier': null,
      'organization-name': null,
      'target-id': 'gone-org',
    });
  });

  it('refuses bad filters with a 400 naming the parameter, and anyone but an admin', async () => {
    for (const query of [
      '?kind=Bad Kind',
      '?from=2030-02-01&to=2030-01-01',
      '?organization_id=0',
      `?actor=${'x'.repeat(101)}`,
      '?per=101',
    ]) {
      const refused = await list(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body.errors[0].code).toBe('request.invalidParameter');
    }
    expect((await list('', manager.token)).status).toBe(403);
    expect((await list('', member.token)).status).toBe(403);
    expect((await server.request('/api/staff_actions')).status).toBe(401);
  });

  it('never delays nor fails the answer when the log cannot be written', async () => {
    await clear();
    // The log table refuses every insert for a moment: a write the middleware logs still gets its answer. (A module's
    // own record shares its change's transaction: there the change and its log land together or not at all.)
    await server.db.db.execute(sql.raw('alter table staff_actions add constraint staff_actions_refuse check (false) not valid'));
    try {
      const answered = await server.request('/api/organizations', {
        method: 'POST',
        token: admin.token,
        json: { organization: { name: 'Still answered', identifier: `still-${Date.now().toString(36)}` } },
      });
      expect(answered.status).toBe(201);
      expect(answered.body.data.attributes.name).toBe('Still answered');
      await staffActionWritesSettled(server.db);
    } finally {
      await server.db.db.execute(sql.raw('alter table staff_actions drop constraint staff_actions_refuse'));
    }
    expect(await server.db.db.select().from(staffActions)).toEqual([]);
  });
});
