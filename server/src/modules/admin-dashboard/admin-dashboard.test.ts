import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDays } from '../../db/schema/activity';
import { organizationChangeRequests } from '../../db/schema/admin-console';
import { coinMovements } from '../../db/schema/coins';
import { organizationMembers, type OrganizationRow } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { violationReports } from '../../db/schema/violation-reports';
import { type BuiltUser, buildAdminMemberManager, buildOrganization } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { refreshActivityMonths } from '../activity/months';
import { moveCoins } from '../coins/ledger';
import { findReportedObject } from '../violation-reports/objects';
import { fileReport } from '../violation-reports/service';
import { insertGuild, insertGuildMessage } from '../violation-reports/test-support';

const DAY = 86_400_000;
const CREATED = new Date('2025-01-01T00:00:00Z');

describe('admin dashboard', () => {
  let server: TestServer;
  let admin: BuiltUser;
  let manager: BuiltUser;
  let member: BuiltUser;
  // A plan of this file's own, so figures are exactly this file's organisations whatever else the database holds.
  const plan = `dash-${randomBytes(4).toString('hex')}`;
  const otherPlan = `${plan}-other`;
  let acme: OrganizationRow;
  let archived: OrganizationRow;
  let ended: OrganizationRow;
  let other: OrganizationRow;

  /** A membership without a Firebase account (as the demo data has). */
  async function insertMember(
    organization: OrganizationRow,
    {
      activeFrom = null,
      activeTo = null,
      createdAt = CREATED,
    }: { activeFrom?: Date | null; activeTo?: Date | null; createdAt?: Date } = {},
  ): Promise<number> {
    const uid = `dashboard-${randomBytes(5).toString('hex')}`;
    const [user] = await server.db.db
      .insert(users)
      .values({ firebaseUid: uid, email: `${uid}@test.example`, name: uid })
      .returning();
    const [membership] = await server.db.db
      .insert(organizationMembers)
      .values({ userId: user!.id, organizationId: organization.id, activeFrom, activeTo, createdAt })
      .returning();
    return membership!.id;
  }

  /** One day of activity per entry ([day, steps]); steps 0 is a day corrected to zeros (no activity). */
  async function insertActivity(memberId: number, entries: [string, number][]) {
    await server.db.db.insert(activityDays).values(
      entries.map(([day, steps]) => ({
        organizationMemberId: memberId,
        day,
        steps,
        healthPoints: steps > 0 ? 4 : 0,
        source: 'app' as const,
      })),
    );
    await refreshActivityMonths(server.db.db, { memberIds: [memberId] });
  }

  const dashboard = (query: string, token = admin.token) => server.request(`/api/admin/dashboard?${query}`, { token });
  const series = (query: string, token = admin.token) => server.request(`/api/organizations/utilization_rates?${query}`, { token });

  beforeAll(async () => {
    server = await startTestServer();
    [acme, archived, ended, other] = await Promise.all([
      buildOrganization(server, { plan, numberOfMembers: 10 }),
      buildOrganization(server, { plan, numberOfMembers: null, archived: true }),
      buildOrganization(server, { plan, numberOfMembers: 5, planEndedAt: '2020-01-31' }),
      buildOrganization(server, { plan: otherPlan, numberOfMembers: 3 }),
    ]);
    ({ admin, manager, member } = await buildAdminMemberManager(server, acme));
    const now = Date.now();
    // acme: manager + member + one more active, one pending (starts tomorrow), one expired (ended yesterday): 4 seats used,
    // as on the members page and in seat checks (a pending member holds a seat; issue 21 point 6).
    const third = await insertMember(acme);
    await insertMember(acme, { activeFrom: new Date(now + DAY) });
    await insertMember(acme, { activeTo: new Date(now - DAY) });
    // archived: one active member, unlimited seats. other: two active members.
    await insertMember(archived);
    await insertMember(other);
    await insertMember(other);

    // Change requests: two pending and one approved at acme, one pending at the other plan's organisation.
    await server.db.db.insert(organizationChangeRequests).values([
      { organizationId: acme.id, requestedNumberOfMembers: 20, reason: 'growing' },
      { organizationId: acme.id, requestedName: 'Acme 2', reason: 'rename' },
      { organizationId: acme.id, requestedNumberOfMembers: 12, status: 'approved' },
      { organizationId: other.id, requestedNumberOfMembers: 4 },
    ]);

    // Violation reports: two pending at acme (one decided after), one left pending at the end.
    const guild = await insertGuild(server, acme.id, manager.membership!.id, [member.membership!.id, third]);
    const reports = [];
    for (const reporter of [member.membership!.id, third]) {
      const message = await insertGuildMessage(server, guild.id, manager.membership!.id, 'Reported');
      reports.push(
        await server.db.db.transaction(async (tx) =>
          fileReport(tx, {
            object: (await findReportedObject(tx, 'GuildMessage', message.id))!,
            reporter: { memberId: reporter, guestId: null, name: 'Reporter' },
            input: { violation_object_type: 'GuildMessage', violation_object_id: message.id, reason_category: 'spam' },
            now: new Date(),
          }),
        ),
      );
    }
    await server.db.db.update(violationReports).set({ status: 'resolved' }).where(eq(violationReports.id, reports[0]!.id));

    // Coins at acme today: granted 1000 (admin to the organisation) + 30 (activity) + 20 (quest) = 1050; the manager's grant
    // of 100 moves coins inside acme (not granted); spent 50 (gift) + 40 (gacha) - 20 (refund) = 70.
    const memberAccount = { kind: 'member' as const, organizationMemberId: member.membership!.id };
    const issuance = { kind: 'issuance' as const };
    const old = await server.db.db.transaction(async (tx) => {
      await moveCoins(tx, {
        from: issuance,
        legs: [{ to: { kind: 'organization', organizationId: acme.id }, amount: 1000 }],
        reason: 'admin_grant',
      });
      await moveCoins(tx, {
        from: { kind: 'organization', organizationId: acme.id },
        legs: [{ to: memberAccount, amount: 100 }],
        reason: 'grant',
      });
      await moveCoins(tx, { from: issuance, legs: [{ to: memberAccount, amount: 30 }], reason: 'activity' });
      await moveCoins(tx, { from: issuance, legs: [{ to: memberAccount, amount: 20 }], reason: 'quest_reward' });
      await moveCoins(tx, { from: memberAccount, legs: [{ to: issuance, amount: 50 }], reason: 'gift_exchange' });
      await moveCoins(tx, { from: memberAccount, legs: [{ to: issuance, amount: 40 }], reason: 'dream_gacha' });
      await moveCoins(tx, { from: issuance, legs: [{ to: memberAccount, amount: 20 }], reason: 'gift_refund' });
      // Two years ago: outside the default period, inside March 2024.
      return moveCoins(tx, { from: issuance, legs: [{ to: memberAccount, amount: 500 }], reason: 'activity' });
    });
    await server.db.db
      .update(coinMovements)
      .set({ createdAt: new Date('2024-03-31T14:59:00Z') })
      .where(eq(coinMovements.id, old));
    // Three days ago: a finished day, counted through the day totals (1050 + 7 = 1057 granted in the default period).
    const earlier = await server.db.db.transaction((tx) =>
      moveCoins(tx, { from: issuance, legs: [{ to: memberAccount, amount: 7 }], reason: 'activity' }),
    );
    await server.db.db
      .update(coinMovements)
      .set({ createdAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(coinMovements.id, earlier));

    // Utilisation of `other` from May to July 2025 (hand-counted in the test below).
    const always = await insertMember(other, { createdAt: CREATED });
    const leftInJune = await insertMember(other, { activeTo: new Date('2025-06-15T00:00:00+09:00') });
    const joinsInJuly = await insertMember(other, { activeFrom: new Date('2025-07-01T00:00:00+09:00') });
    const zeros = await insertMember(other);
    // Ended at 1 June 00:00 in Japan (31 May 15:00 UTC): May's member, not June's.
    await insertMember(other, { activeTo: new Date('2025-05-31T15:00:00Z') });
    await insertActivity(always, [['2025-06-03', 5000]]);
    await insertActivity(leftInJune, [
      ['2025-05-20', 8000],
      ['2025-05-21', 8000],
    ]);
    await insertActivity(joinsInJuly, [
      ['2025-06-30', 9000],
      ['2025-07-02', 3000],
    ]);
    await insertActivity(zeros, [['2025-07-04', 0]]);
    // Created in August: no member before it.
    await insertMember(other, { createdAt: new Date('2025-07-31T15:00:00Z') });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('gives the admin every figure of a plan: states, seats, coins, pending requests and reports', async () => {
    const response = await dashboard(`plan=${plan}`);
    expect(response.status).toBe(200);
    const byId = new Map(response.body.data.map((row: { id: string; attributes: unknown }) => [Number(row.id), row.attributes]));
    expect([...byId.keys()].sort()).toEqual([acme.id, archived.id, ended.id].sort());
    expect(byId.get(acme.id)).toEqual({
      name: acme.name,
      identifier: acme.identifier,
      plan,
      state: 'active',
      'plan-ended-at': null,
      'seats-used': 4,
      'seats-contracted': 10,
      'coins-granted': 1057,
      'coins-spent': 70,
      'pending-change-requests': 2,
      'pending-violation-reports': 1,
    });
    expect(byId.get(archived.id)).toMatchObject({ state: 'archived', 'seats-used': 1, 'seats-contracted': null, 'coins-granted': 0 });
    expect(byId.get(ended.id)).toMatchObject({ state: 'planEnded', 'seats-used': 0, 'seats-contracted': 5 });
    expect(response.body.meta).toMatchObject({
      plan,
      totals: {
        organizations: 3,
        states: { active: 1, planEnded: 1, archived: 1 },
        seatsUsed: 5,
        seatsContracted: 15,
        unlimitedOrganizations: 1,
        coinsGranted: 1057,
        coinsSpent: 70,
        pendingChangeRequests: 2,
        pendingViolationReports: 1,
      },
      'by-plan': [{ plan, total: 3, active: 1, planEnded: 1, archived: 1 }],
    });
    expect(response.body.meta.plans).toEqual(expect.arrayContaining([plan, otherPlan]));
  });

  it('defaults to the last 12 months and counts the coins of the period asked for', async () => {
    const now = await dashboard(`plan=${plan}`);
    const [year, month] = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7).split('-').map(Number) as [number, number];
    const back = year * 12 + month - 1 - 11;
    expect(now.body.meta.from).toBe(`${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`);
    expect(now.body.meta.to).toBe(`${year}-${String(month).padStart(2, '0')}`);
    // The old activity coins were moved at 31 March 2024 23:59 in Japan: March's, not April's.
    const march = await dashboard(`plan=${plan}&from=2024-01&to=2024-03`);
    expect(march.body.meta.totals).toMatchObject({ coinsGranted: 500, coinsSpent: 0 });
    const april = await dashboard(`plan=${plan}&from=2024-04&to=2024-06`);
    expect(april.body.meta.totals).toMatchObject({ coinsGranted: 0, coinsSpent: 0 });
  });

  it('filters by plan and lists every organisation without one', async () => {
    const filtered = await dashboard(`plan=${otherPlan}`);
    expect(filtered.body.data.map((row: { id: string }) => Number(row.id))).toEqual([other.id]);
    expect(filtered.body.meta.totals).toMatchObject({ organizations: 1, pendingChangeRequests: 1, seatsUsed: 6, seatsContracted: 3 });
    const all = await dashboard('');
    const ids = all.body.data.map((row: { id: string }) => Number(row.id));
    expect(ids).toEqual(expect.arrayContaining([acme.id, archived.id, ended.id, other.id]));
    expect(all.body.meta.totals.organizations).toBe(ids.length);
  });

  it('refuses everybody but an admin', async () => {
    expect((await server.request('/api/admin/dashboard')).status).toBe(401);
    expect((await dashboard('', manager.token)).status).toBe(403);
    expect((await dashboard('', member.token)).status).toBe(403);
  });

  it('answers a bad period or plan with a coded 400, never a 500', async () => {
    const cases: [string, string][] = [
      ['from=2025-13', 'request.invalidParameter'],
      ['to=2025-1', 'request.invalidParameter'],
      ['from[]=2025-01', 'request.invalidParameter'],
      ['from=2025-03&to=2025-02', 'adminDashboard.period'],
      ['from=2024-01&to=2026-01', 'adminDashboard.period'],
      ['plan[]=a', 'request.invalidParameter'],
      [`plan=${'p'.repeat(51)}`, 'request.invalidParameter'],
    ];
    for (const [query, code] of cases) {
      const response = await dashboard(query);
      expect([query, response.status, response.body.errors?.[0]?.code]).toEqual([query, 400, code]);
    }
    expect((await dashboard('from=2024-01&to=2025-12')).status).toBe(200);
  });

  describe('utilisation series (GET /api/organizations/utilization_rates with a period)', () => {
    it('counts per month the members of the month and, of them, those with a day of activity', async () => {
      const response = await series(`from=2025-05&to=2025-07&organization_ids[]=${other.id}`);
      expect(response.status).toBe(200);
      expect(response.body.meta).toMatchObject({ from: '2025-05', to: '2025-07' });
      // Members: the two earlier ones and `always` and `zeros` each month, `leftInJune` in May and June, `joinsInJuly` in July,
      // the one that ended on 1 June in May.
      // Active: May leftInJune; June always (joinsInJuly was not a member yet); July joinsInJuly (zeros did nothing).
      expect(response.body.data).toEqual([
        {
          type: 'utilization-series',
          id: String(other.id),
          attributes: {
            'organization-id': other.id,
            name: other.name,
            identifier: other.identifier,
            plan: otherPlan,
            months: [
              { month: '2025-05', members: 6, active: 1, rate: 0.167 },
              { month: '2025-06', members: 5, active: 1, rate: 0.2 },
              { month: '2025-07', members: 5, active: 1, rate: 0.2 },
            ],
          },
        },
      ]);
    });

    it('filters by plan, fills months without members with zeros and defaults to the last 12 months', async () => {
      const response = await series(`plan=${plan}`);
      expect(response.status).toBe(200);
      expect(response.body.data.map((row: { id: string }) => Number(row.id)).sort()).toEqual([acme.id, archived.id, ended.id].sort());
      const endedSeries = response.body.data.find((row: { id: string }) => Number(row.id) === ended.id);
      expect(endedSeries.attributes.months).toHaveLength(12);
      expect(
        endedSeries.attributes.months.every((month: { members: number; rate: number }) => month.members === 0 && month.rate === 0),
      ).toBe(true);
    });

    it('is the admin’s: a manager or member is refused, a bad period is a coded 400', async () => {
      expect((await series('from=2025-01', manager.token)).status).toBe(403);
      expect((await series('plan=x', member.token)).status).toBe(403);
      for (const [query, code] of [
        ['from=2025-01&to=2027-01', 'adminDashboard.period'],
        ['from=2025-01&month=2025-02', 'request.invalidParameter'],
        ['organization_ids[]=0', 'request.invalidParameter'],
        ['organization_ids=abc', 'request.invalidParameter'],
      ] as const) {
        const response = await series(query);
        expect([query, response.status, response.body.errors?.[0]?.code]).toEqual([query, 400, code]);
      }
      // The manager's single-month call is unchanged.
      expect((await series('month=2025-06', manager.token)).status).toBe(200);
    });

    it('keeps another organisation out when ids are given', async () => {
      const response = await series(`from=2025-06&to=2025-06&organization_ids[]=${acme.id}`);
      expect(response.body.data.map((row: { id: string }) => Number(row.id))).toEqual([acme.id]);
      // The manager and member joined in 2026 and the pending one starts tomorrow: only `third` and the one that ended
      // yesterday (both created in January 2025) were acme's members in June 2025.
      expect(response.body.data[0].attributes.months).toEqual([{ month: '2025-06', members: 2, active: 0, rate: 0 }]);
    });
  });
});
