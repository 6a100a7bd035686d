import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDays } from '../../db/schema/activity';
import { groupMemberships, groups } from '../../db/schema/groups';
import { organizationMembers, type OrganizationRow, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { refreshActivityMonths } from './months';

const CREATED = new Date('2025-01-01T00:00:00Z');

/** `count` consecutive days from `first` (YYYY-MM-DD), each worth `points` (steps chosen to give them). */
function days(first: string, count: number, steps: number, workoutMinutes: number, points: number) {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({
    day: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    steps,
    workoutMinutes,
    healthPoints: points,
  }));
}

describe('workout dashboard aggregation (SQL)', () => {
  let server: TestServer;
  let org: OrganizationRow;
  let other: OrganizationRow;
  let manager: BuiltUser;
  let otherManager: BuiltUser;
  let plainMember: BuiltUser;
  let admin: BuiltUser;
  const group: Record<'sales' | 'tokyo' | 'engineering' | 'elsewhere', number> = { sales: 0, tokyo: 0, engineering: 0, elsewhere: 0 };

  /** A member without a Firebase account (as the demo data has), with a birthday, a period and activity rows. */
  async function insertMember(
    organization: OrganizationRow,
    {
      birthday = null,
      activeFrom = null,
      activeTo = null,
      appInstalled = false,
      activity = [],
      createdAt = CREATED,
    }: {
      birthday?: string | null;
      activeFrom?: Date | null;
      activeTo?: Date | null;
      appInstalled?: boolean;
      activity?: ReturnType<typeof days>;
      createdAt?: Date;
    },
  ): Promise<number> {
    const uid = `summary-${randomBytes(5).toString('hex')}`;
    const [user] = await server.db.db
      .insert(users)
      .values({ firebaseUid: uid, email: `${uid}@test.example`, name: uid, birthday })
      .returning();
    const [membership] = await server.db.db
      .insert(organizationMembers)
      .values({ userId: user!.id, organizationId: organization.id, activeFrom, activeTo, appInstalled, createdAt })
      .returning();
    if (activity.length > 0) {
      await server.db.db
        .insert(activityDays)
        .values(
          activity.map((day) => ({ ...day, organizationMemberId: membership!.id, calories: 0, distanceMeters: 0, source: 'app' as const })),
        );
      await refreshActivityMonths(server.db.db, { memberIds: [membership!.id] });
    }
    return membership!.id;
  }

  beforeAll(async () => {
    server = await startTestServer();
    [org, other] = await Promise.all([buildOrganization(server), buildOrganization(server)]);
    [manager, otherManager, plainMember, admin] = await Promise.all([
      buildUser(server, { organization: org, memberRole: 'manager' }),
      buildUser(server, { organization: other, memberRole: 'manager' }),
      buildUser(server, { organization: org, memberRole: 'member' }),
      buildUser(server, { role: 'admin' }),
    ]);
    // The callers were created today; date them back so they count in April 2025 like everybody else.
    await server.db.db.update(organizationMembers).set({ createdAt: CREATED }).where(eq(organizationMembers.organizationId, org.id));

    // April 2025 (30 days). The manager and plainMember log nothing: both land in the 0 group with no birthday.
    const young = await insertMember(org, { birthday: '1995-06-01', appInstalled: true, activity: days('2025-04-01', 30, 8_000, 30, 12) }); // 360
    const forties = await insertMember(org, { birthday: '1985-04-01', activity: days('2025-04-01', 30, 3_000, 0, 3) }); // 90
    const sixties = await insertMember(org, {
      birthday: '1960-01-01',
      appInstalled: true,
      activity: [...days('2025-03-20', 12, 8_000, 30, 12), ...days('2025-04-21', 10, 8_000, 30, 12)],
    }); // 120 in April
    const thirties = await insertMember(org, { birthday: '1990-04-02', activity: days('2025-03-01', 20, 8_000, 30, 12) }); // 0 in April
    // Not counted in April: expired in March, pending from May, another organisation.
    await insertMember(org, {
      birthday: '1980-01-01',
      activeTo: new Date('2025-03-15T00:00:00+09:00'),
      activity: days('2025-04-01', 30, 8_000, 30, 12),
    });
    await insertMember(org, {
      birthday: '1980-01-01',
      activeFrom: new Date('2025-05-01T00:00:00+09:00'),
      activity: days('2025-04-01', 5, 8_000, 30, 12),
    });
    await insertMember(other, { birthday: '1980-01-01', appInstalled: true, activity: days('2025-04-01', 30, 8_000, 30, 12) });

    const insertGroup = async (organization: OrganizationRow, name: string, parentId: number | null = null) =>
      (await server.db.db.insert(groups).values({ organizationId: organization.id, name, parentId }).returning())[0]!.id;
    group.sales = await insertGroup(org, 'Sales');
    group.tokyo = await insertGroup(org, 'Tokyo', group.sales);
    group.engineering = await insertGroup(org, 'Engineering');
    group.elsewhere = await insertGroup(other, 'Elsewhere');
    await server.db.db.insert(groupMemberships).values([
      { groupId: group.tokyo, organizationMemberId: young },
      { groupId: group.sales, organizationMemberId: forties },
      { groupId: group.engineering, organizationMemberId: sixties },
      { groupId: group.tokyo, organizationMemberId: sixties },
      { groupId: group.engineering, organizationMemberId: thirties },
    ]);
  });
  afterAll(() => server.close());

  const summary = (query: string, token = manager.token, organizationId = org.id) =>
    server.request(`/api/organizations/${organizationId}/health_point_summary?${query}`, { token });
  const distribution = (list: { group: string; members: number }[]) =>
    Object.fromEntries(list.map((entry) => [entry.group, entry.members]));
  const setMode = (mode: 'and' | 'or') =>
    server.db.db.update(organizations).set({ distributionGraphGroupFilter: mode }).where(eq(organizations.id, org.id));

  describe('GET /api/organizations/:organizationId/health_point_summary', () => {
    it('buckets each counted member by month total and by age range', async () => {
      const response = await summary('month=2025-04');
      expect(response.status).toBe(200);
      const { data } = response.body;
      expect(data).toMatchObject({ type: 'health-point-summaries', id: `${org.id}-2025-04` });
      expect(data.attributes).toMatchObject({
        month: '2025-04',
        members: 6,
        'total-points': 570,
        'average-points': 95,
        'group-ids': [],
        'group-filter': 'and',
      });
      expect(distribution(data.attributes.distribution)).toEqual({
        '0': 3,
        '1-99': 1,
        '100-149': 1,
        '150-199': 0,
        '200-249': 0,
        '250-349': 0,
        '350+': 1,
      });
      const ranges = Object.fromEntries(
        data.attributes['age-ranges'].map(
          (range: { range: string; members: number; average: number; distribution: { group: string; members: number }[] }) => [
            range.range,
            {
              members: range.members,
              average: range.average,
              groups: Object.entries(distribution(range.distribution)).filter(([, count]) => count > 0),
            },
          ],
        ),
      );
      expect(ranges).toEqual({
        upTo20s: { members: 1, average: 360, groups: [['350+', 1]] },
        '30s': { members: 1, average: 0, groups: [['0', 1]] },
        '40s': { members: 1, average: 90, groups: [['1-99', 1]] },
        '50s': { members: 0, average: 0, groups: [] },
        '60sAndOver': { members: 1, average: 120, groups: [['100-149', 1]] },
        unknown: { members: 2, average: 0, groups: [['0', 2]] },
      });
    });

    it('counts March on its own days only', async () => {
      const response = await summary('month=2025-03');
      // sixties: 12 days x 12 = 144; thirties: 20 x 12 = 240; the expired member (until 15 March) counts, with 0.
      expect(response.body.data.attributes.members).toBe(7);
      expect(distribution(response.body.data.attributes.distribution)).toMatchObject({ '0': 5, '100-149': 1, '200-249': 1, '350+': 0 });
    });

    it("filters by groups (a group includes the groups below it) combined with the organisation's and/or setting", async () => {
      await setMode('and');
      const sales = await summary(`month=2025-04&group_ids[]=${group.sales}`);
      expect(sales.body.data.attributes).toMatchObject({ members: 3, 'total-points': 570, 'group-ids': [group.sales] });
      const both = await summary(`month=2025-04&group_ids[]=${group.sales}&group_ids[]=${group.engineering}`);
      expect(both.body.data.attributes).toMatchObject({ members: 1, 'total-points': 120, 'group-filter': 'and' });

      await setMode('or');
      const either = await summary(`month=2025-04&group_ids[]=${group.sales}&group_ids[]=${group.engineering}`);
      expect(either.body.data.attributes).toMatchObject({ members: 4, 'total-points': 570, 'group-filter': 'or' });
      expect(distribution(either.body.data.attributes.distribution)).toMatchObject({ '0': 1, '1-99': 1, '100-149': 1, '350+': 1 });
      await setMode('and');
    });

    it("refuses another organisation's group and malformed parameters with 400", async () => {
      for (const query of [`group_ids[]=${group.elsewhere}`, 'month=2025-4', 'group_ids[]=abc', 'month=1899-01']) {
        const response = await summary(query);
        expect(response.status, query).toBe(400);
        expect(response.body.errors[0].code).toBe('request.invalidParameter');
      }
    });

    it('answers odd parameters with a coded 400, never a 500', async () => {
      for (const query of [
        'month[]=2025-04',
        'month=2025-00',
        'month=',
        'month=NaN',
        'month[a]=1',
        'group_ids=5',
        'group_ids[]=99999999999',
        'group_ids[]=2147483648',
        'group_ids[]=-1',
        'group_ids[]=1.5',
        'group_ids[a]=1',
      ]) {
        const response = await summary(query, admin.token);
        expect([query, response.status, response.body.errors?.[0]?.code]).toEqual([query, 400, 'request.invalidParameter']);
      }
      for (const id of ['99999999999999999999', '2147483648', 'abc', '0', '-1', '1e3']) {
        const response = await summary('month=2025-04', admin.token, id as unknown as number);
        expect([id, response.status]).toEqual([id, 400]);
      }
    });

    it("is for the organisation's managers and admins only", async () => {
      expect((await summary('month=2025-04', plainMember.token)).status).toBe(403);
      expect((await summary('month=2025-04', otherManager.token)).status).toBe(403);
      expect((await summary('month=2025-04', admin.token)).status).toBe(200);
      expect((await summary('month=2025-04', admin.token, 2_000_000_000)).status).toBe(404);
    });
  });

  describe('GET /api/organizations/utilization_rates', () => {
    const rates = (query: string, token = manager.token) => server.request(`/api/organizations/utilization_rates?${query}`, { token });

    it("gives a manager their organisation's invited, app-installed and active members", async () => {
      const response = await rates('month=2025-04');
      expect(response.status).toBe(200);
      // Invited: manager, plainMember, four members and the one starting in May (pending but invited); not the expired one.
      expect(response.body.data).toEqual([
        {
          type: 'utilization-rates',
          id: String(org.id),
          attributes: {
            'organization-id': org.id,
            'organization-name': org.name,
            month: '2025-04',
            invited: 7,
            'app-installed': 2,
            active: 4,
            'app-installed-rate': 0.286,
            'active-rate': 0.571,
          },
        },
      ]);
    });

    it('applies the group filter', async () => {
      const response = await rates(`month=2025-04&group_ids[]=${group.engineering}`);
      expect(response.body.data[0].attributes).toMatchObject({ invited: 2, 'app-installed': 1, active: 1 });
    });

    it("refuses another organisation's figures to a manager and all of them to a member", async () => {
      const foreign = await rates(`organization_id=${other.id}`);
      expect(foreign.status).toBe(403);
      expect((await rates('', plainMember.token)).status).toBe(403);
    });

    it('answers odd parameters with a coded 4xx, never a 500', async () => {
      for (const query of [
        'organization_id=9999999999',
        'organization_id=2147483648',
        'organization_id[]=1',
        'organization_id=0',
        'month=2025-13',
        'group_ids=1',
      ]) {
        const response = await rates(query, admin.token);
        expect([query, response.status, response.body.errors?.[0]?.code]).toEqual([query, 400, 'request.invalidParameter']);
      }
      const unknown = await rates('organization_id=2147483647', admin.token);
      expect(unknown.status).toBe(404);
    });

    it('gives an admin any organisation, or all of them', async () => {
      const one = await rates(`organization_id=${other.id}&month=2025-04`, admin.token);
      expect(one.body.data).toHaveLength(1);
      expect(one.body.data[0].attributes).toMatchObject({ 'organization-id': other.id, invited: 1, 'app-installed': 1, active: 1 });
      const all = await rates('month=2025-04', admin.token);
      const ids = all.body.data.map((row: { id: string }) => Number(row.id));
      expect(ids).toEqual(expect.arrayContaining([org.id, other.id]));
      const grouped = await rates(`group_ids[]=${group.sales}`, admin.token);
      expect(grouped.status).toBe(400);
    });
  });
  describe('boundaries', () => {
    /** Month rows worth exactly `total` points in July 2025 (12 a day at most). */
    const pointsInJuly = (total: number) => {
      const full = Math.floor(total / 12);
      const rest = total % 12;
      return [
        ...days('2025-07-01', full, 8_000, 30, 12),
        ...(rest > 0 ? days(`2025-07-${String(full + 1).padStart(2, '0')}`, 1, 1_000, 0, rest) : []),
      ];
    };
    const totals = [0, 1, 99, 100, 149, 150, 199, 200, 249, 250, 349, 350, 372];

    it('puts every month total in its point group at both ends of each group', async () => {
      const edges = await buildOrganization(server);
      for (const total of totals) await insertMember(edges, { activity: pointsInJuly(total) });
      const response = await summary('month=2025-07', admin.token, edges.id);
      expect(response.body.data.attributes).toMatchObject({ members: totals.length, 'total-points': totals.reduce((a, b) => a + b, 0) });
      expect(distribution(response.body.data.attributes.distribution)).toEqual({
        '0': 1,
        '1-99': 2,
        '100-149': 2,
        '150-199': 2,
        '200-249': 2,
        '250-349': 2,
        '350+': 2,
      });
    });

    it("takes the age on the month's first day: a birthday on that day counts, 29 February and month ends too", async () => {
      const ages = await buildOrganization(server);
      for (const birthday of [
        '1995-07-01',
        '1995-07-02',
        '1995-06-30',
        '1965-07-01',
        '1965-07-02',
        '1996-02-29',
        '1996-03-02',
        '1985-07-31',
      ]) {
        await insertMember(ages, { birthday, createdAt: new Date('1980-01-01T00:00:00Z') });
      }
      const rangesIn = async (month: string) => {
        const response = await summary(`month=${month}`, admin.token, ages.id);
        return Object.fromEntries(
          response.body.data.attributes['age-ranges'].map((range: { range: string; members: number }) => [range.range, range.members]),
        );
      };
      expect(await rangesIn('2025-07')).toEqual({ upTo20s: 3, '30s': 3, '40s': 0, '50s': 1, '60sAndOver': 1, unknown: 0 });
      expect(await rangesIn('2025-08')).toEqual({ upTo20s: 2, '30s': 3, '40s': 1, '50s': 0, '60sAndOver': 2, unknown: 0 });
      expect(await rangesIn('2026-03')).toEqual({ upTo20s: 1, '30s': 4, '40s': 1, '50s': 0, '60sAndOver': 2, unknown: 0 });
      // A month before some were born (the picker goes back to 1900): not yet born is the youngest range, not a 500.
      expect(await rangesIn('1990-01')).toEqual({ upTo20s: 8, '30s': 0, '40s': 0, '50s': 0, '60sAndOver': 0, unknown: 0 });
    });

    it("counts a membership in a month by Japan's calendar, not UTC's", async () => {
      const periods = await buildOrganization(server);
      // 1 August 01:00 in Japan (still 31 July in UTC): not July's.
      await insertMember(periods, { activeFrom: new Date('2025-07-31T16:00:00Z') });
      // 31 July 23:59 in Japan: July's.
      await insertMember(periods, { activeFrom: new Date('2025-07-31T14:59:00Z') });
      // Ended at 1 July 00:00 in Japan: not July's.
      await insertMember(periods, { activeTo: new Date('2025-06-30T15:00:00Z') });
      // Ended at 1 July 01:00 in Japan (still 30 June in UTC): July's.
      await insertMember(periods, { activeTo: new Date('2025-06-30T16:00:00Z') });
      // Added on 1 August 00:00 in Japan (no period): not yet a member in July, as utilisation's "invited" says too.
      await insertMember(periods, { createdAt: new Date('2025-07-31T15:00:00Z') });
      // Added on 31 July 23:59 in Japan: July's.
      await insertMember(periods, { createdAt: new Date('2025-07-31T14:59:00Z') });
      const response = await summary('month=2025-07', admin.token, periods.id);
      expect(response.body.data.attributes.members).toBe(3);
      const rates = await server.request(`/api/organizations/utilization_rates?organization_id=${periods.id}&month=2025-07`, {
        token: admin.token,
      });
      // Invited also counts the member starting in August (pending in July), who has no place in July's distribution.
      expect(rates.body.data[0].attributes.invited).toBe(4);
    });

    it('counts as active only members who did something in the month (a day corrected to zeros is no activity)', async () => {
      const usage = await buildOrganization(server);
      await insertMember(usage, { appInstalled: true, activity: pointsInJuly(5) });
      await insertMember(usage, { appInstalled: true, activity: days('2025-07-03', 2, 0, 0, 0) });
      await insertMember(usage, { activity: days('2025-06-30', 1, 9_000, 0, 8) });
      const response = await server.request(`/api/organizations/utilization_rates?organization_id=${usage.id}&month=2025-07`, {
        token: admin.token,
      });
      expect(response.body.data[0].attributes).toMatchObject({ invited: 3, 'app-installed': 2, active: 1 });
    });
  });
});
