import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationTokens } from '../../db/schema/invitations';
import { organizations, type OrganizationRow } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { memberFiguresOfOrganization } from './figures';

const DAY = 24 * 3600 * 1000;

// Issue 21 point 6: one members figure, whichever page shows it.
describe('member figures agree across endpoints', () => {
  let server: TestServer;
  let admin: BuiltUser;
  const fixtures: { organization: OrganizationRow; manager: BuiltUser }[] = [];

  /** Two active members (one a manager), an invitee, a pending, an expired and a cancelled member. */
  async function buildWorld(archived: boolean) {
    const organization = await buildOrganization(server);
    const manager = await buildUser(server, { organization, memberRole: 'manager' });
    await buildUser(server, { organization });
    const invitee = await buildUser(server, { organization });
    await server.db.db
      .insert(invitationTokens)
      .values({ userId: invitee.user.id, tokenHash: randomBytes(16).toString('hex'), expiresAt: new Date(Date.now() + 7 * DAY) });
    await buildUser(server, { organization, activeFrom: new Date(Date.now() + 10 * DAY) });
    await buildUser(server, { organization, activeTo: new Date(Date.now() - DAY) });
    const cancelled = await buildUser(server, { organization, activeTo: new Date(Date.now() - 60_000) });
    await server.db.db
      .update(users)
      .set({ cancelledAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, cancelled.user.id));
    if (archived) await server.db.db.update(organizations).set({ archived: true }).where(eq(organizations.id, organization.id));
    fixtures.push({ organization, manager });
  }

  beforeAll(async () => {
    server = await startTestServer();
    admin = await buildUser(server, { role: 'admin' });
    await buildWorld(false);
    await buildWorld(true);
  });
  afterAll(() => server?.close());

  const get = async (path: string, token: string) => {
    const response = await server.request(path, { token });
    expect(response.status, path).toBe(200);
    return response.body;
  };

  it('counts active, pending, invited and ended memberships once, by one definition', async () => {
    const figures = await memberFiguresOfOrganization(server.db.db, fixtures[0]!.organization.id, new Date());
    // The invitee is active (their period began) and invited; the cancelled member's membership has ended.
    expect(figures).toEqual({ members: 4, active: 3, pending: 1, expired: 2, invited: 1 });
  });

  it('reports the same members figure on the members page, the organisation list and the admin dashboard', async () => {
    const dashboard = await get('/api/admin/dashboard', admin.token);
    const list = await get('/api/organizations?per=100', admin.token);
    for (const { organization, manager } of fixtures) {
      const expected = (await memberFiguresOfOrganization(server.db.db, organization.id, new Date())).members;
      const seen: Record<string, number> = {};
      if (!organization.archived) {
        const members = await get(`/api/organizations/${organization.id}/members`, manager.token);
        seen.membersPageSeats = members.meta['seats-used'];
      }
      const listed = list.data.find((row: any) => Number(row.id) === organization.id);
      seen.listMembers = listed.attributes['members-count'];
      seen.listSeats = listed.attributes['seats-used'];
      seen.dashboardSeats = dashboard.data.find((row: any) => Number(row.id) === organization.id).attributes['seats-used'];
      // The members list, filtered by state, adds up to the same figure.
      const byState = async (state: string) =>
        (await get(`/api/organizations/${organization.id}/members?q[state]=${state}`, admin.token)).meta['total-count'];
      seen.listedActivePlusPending = (await byState('active')) + (await byState('pending'));
      expect(
        Object.values(seen).every((value) => value === expected),
        JSON.stringify({ expected, seen }),
      ).toBe(true);
      expect(expected).toBe(4);
    }
  });
});
