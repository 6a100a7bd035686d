import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMemberships, groups } from '../../db/schema/groups';
import type { OrganizationRow } from '../../db/schema/organizations';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { expectFieldError, startTestServer, type TestServer } from '../../test/server';

describe('groups', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let manager: BuiltUser;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let outsider: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    globex = await buildOrganization(server);
    [manager, alice, bob, outsider] = await Promise.all([
      buildUser(server, { organization: acme, memberRole: 'manager' }),
      buildUser(server, { organization: acme, name: 'Alice' }),
      buildUser(server, { organization: acme, name: 'Bob' }),
      buildUser(server, { organization: globex }),
    ]);
  });
  let globexGroupId: number;
  beforeAll(async () => {
    const [theirs] = await server.db.db.insert(groups).values({ organizationId: globex.id, name: 'Theirs too' }).returning();
    globexGroupId = theirs!.id;
  });
  afterAll(() => server.close());

  const call = (method: string, path: string, json?: unknown) =>
    server.request(`/api/organizations/${acme.id}/groups${path}`, { method, token: manager.token, json });

  it('creates a hierarchy with members, lists it with counts, renames and moves, and refuses cycles', async () => {
    const root = await call('POST', '', { group: { name: ' 本社 ' } });
    expect(root.status).toBe(201);
    expect(root.body.data.attributes).toEqual({ name: '本社', 'parent-id': null, 'member-count': 0 });
    const rootId = Number(root.body.data.id);

    const child = await call('POST', '', {
      group: { name: '営業部', parent_id: rootId, member_ids: [alice.membership!.id, bob.membership!.id] },
    });
    expect(child.status).toBe(201);
    expect(child.body.data.attributes).toMatchObject({ 'parent-id': rootId, 'member-count': 2 });
    expect(child.body.included.map((member: { attributes: { name: string } }) => member.attributes.name)).toEqual(['Alice', 'Bob']);
    const childId = Number(child.body.data.id);

    const list = await call('GET', '');
    expect(
      list.body.data.map((group: { attributes: { name: string; 'member-count': number } }) => [
        group.attributes.name,
        group.attributes['member-count'],
      ]),
    ).toEqual([
      ['営業部', 2],
      ['本社', 0],
    ]);

    const cycle = await call('PUT', `/${rootId}`, { group: { parent_id: childId } });
    expect(cycle.status).toBe(422);
    expect(cycle.body.errors[0]).toMatchObject({ code: 'group.invalidParent', source: { pointer: '/group/parent_id' } });
    expect((await call('PUT', `/${rootId}`, { group: { parent_id: rootId } })).status).toBe(422);

    const moved = await call('PUT', `/${childId}`, { group: { name: 'Sales', parent_id: null, member_ids: [bob.membership!.id] } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes).toEqual({ name: 'Sales', 'parent-id': null, 'member-count': 1 });

    const [foreignGroup] = await server.db.db.insert(groups).values({ organizationId: globex.id, name: 'Theirs' }).returning();
    expect((await call('GET', `/${foreignGroup!.id}`)).status).toBe(404);
  });

  it.each([
    ["another organisation's member", () => ({ member_ids: [alice.membership!.id, outsider.membership!.id] }), '/group/member_ids/1'],
    ['an unknown member id', () => ({ member_ids: [2_000_000_000] }), '/group/member_ids/0'],
    ["another organisation's group as parent", () => ({ parent_id: globexGroupId }), '/group/parent_id'],
    ['an unknown parent id', () => ({ parent_id: 2_000_000_000 }), '/group/parent_id'],
  ])('answers %s with "not found in this organization" at the id, never an empty list of choices', async (_name, fields, pointer) => {
    const response = await server.request(`/api/organizations/${acme.id}/groups`, {
      method: 'POST',
      token: manager.token,
      json: { group: { name: 'x', ...fields() } },
      headers: { 'accept-language': 'en' },
    });
    expectFieldError(response, { code: 'validation.notFoundInOrganization', pointer, detail: 'Not found in this organization' });
  });

  it('deletes a group with its sub-groups and their memberships', async () => {
    const [parent] = await server.db.db.insert(groups).values({ organizationId: acme.id, name: 'Parent' }).returning();
    const [child] = await server.db.db.insert(groups).values({ organizationId: acme.id, name: 'Child', parentId: parent!.id }).returning();
    await server.db.db.insert(groupMemberships).values({ groupId: child!.id, organizationMemberId: alice.membership!.id });
    expect((await call('DELETE', `/${parent!.id}`)).status).toBe(204);
    expect(await server.db.db.select().from(groups).where(eq(groups.id, child!.id))).toEqual([]);
    expect(await server.db.db.select().from(groupMemberships).where(eq(groupMemberships.groupId, child!.id))).toEqual([]);
    expect((await call('DELETE', `/${parent!.id}`)).status).toBe(404);
  });

  it('answers 422 for a blank or too long name', async () => {
    const response = await call('POST', '', { group: { name: '   ' } });
    expect(response.body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/group/name' } });
    expect((await call('POST', '', { group: { name: 'a'.repeat(51) } })).body.errors[0].code).toBe('validation.tooLong');
  });
});
