import { dayInJapan, startOfDayInJapan } from '@kiwi/shared/domain/health-points';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDays, activityMonths } from '../../db/schema/activity';
import { coinActivityAwards } from '../../db/schema/coins';
import { organizationMembers, type OrganizationRow } from '../../db/schema/organizations';
import { buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { memberBalance } from '../coins/ledger';

const DAY = 24 * 3600_000;
const daysAgo = (count: number) => dayInJapan(new Date(Date.now() - count * DAY));
const figures = (steps: number, workout_minutes: number) => ({ steps, workout_minutes, calories: 200, distance_meters: 3_000 });

describe('activity (members log and sync their days)', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
  });
  afterAll(() => server.close());

  const member = () => buildUser(server, { organization: acme });
  const put = (token: string, day: string, activity: unknown) =>
    server.request(`/api/user/activities/${day}`, { method: 'PUT', token, json: { activity } });
  const sync = (token: string, days: unknown[]) =>
    server.request('/api/user/activities/sync', { method: 'POST', token, json: { activity_sync: { days } } });
  const rowsOf = (memberId: number) => server.db.db.select().from(activityDays).where(eq(activityDays.organizationMemberId, memberId));
  const monthsOf = async (memberId: number) =>
    (
      await server.db.db
        .select()
        .from(activityMonths)
        .where(eq(activityMonths.organizationMemberId, memberId))
        .orderBy(activityMonths.month)
    ).map((row) => [row.month, row.healthPoints, row.activeDays]);

  describe('PUT /api/user/activities/:day', () => {
    it('stores the day with its health points and pays a finished day in coins once', async () => {
      const alice = await member();
      const yesterday = daysAgo(1);
      const first = await put(alice.token, yesterday, figures(8_000, 30));
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        type: 'activity-days',
        id: yesterday,
        attributes: {
          day: yesterday,
          steps: 8_000,
          'workout-minutes': 30,
          calories: 200,
          'distance-meters': 3_000,
          'health-points': 12,
          source: 'manual',
          coins: 12,
          'coin-status': 'awarded',
        },
      });
      expect(first.body.meta).toMatchObject({ 'coins-awarded': 12, 'membership-state': 'active' });

      // The same day again replaces the figures; the coins of that day were paid already.
      const again = await put(alice.token, yesterday, figures(3_000, 0));
      expect(again.status).toBe(200);
      expect(again.body.data.attributes).toMatchObject({ steps: 3_000, 'health-points': 3, coins: 12 });
      expect(again.body.meta['coins-awarded']).toBe(0);
      expect(await rowsOf(alice.membership!.id)).toHaveLength(1);
      expect(await memberBalance(server.db.db, alice.membership!.id)).toBe(12);
      // The month total the dashboard reads follows the correction.
      expect(await monthsOf(alice.membership!.id)).toEqual([[`${yesterday.slice(0, 7)}-01`, 3, 1]]);
    });

    it('waits for the end of the day before paying today, and pays it on the next visit after', async () => {
      const bob = await member();
      const today = daysAgo(0);
      const response = await put(bob.token, today, figures(5_000, 10));
      expect(response.body.data.attributes).toMatchObject({ 'health-points': 7, coins: null, 'coin-status': 'waiting' });
      expect(response.body.meta['coins-awarded']).toBe(0);

      // Pretend the day is over: move it back one day, then the month view settles it.
      const yesterday = daysAgo(1);
      await server.db.db.update(activityDays).set({ day: yesterday }).where(eq(activityDays.organizationMemberId, bob.membership!.id));
      const list = await server.request(`/api/user/activities?month=${yesterday.slice(0, 7)}`, { token: bob.token });
      expect(list.status).toBe(200);
      expect(list.body.data.map((row: { attributes: Record<string, unknown> }) => row.attributes)).toEqual([
        expect.objectContaining({ day: yesterday, 'health-points': 7, coins: 7, 'coin-status': 'awarded' }),
      ]);
      expect(list.body.meta).toMatchObject({
        month: yesterday.slice(0, 7),
        'total-points': 7,
        'coins-earned': 7,
        'coin-balance': 7,
        'membership-state': 'active',
      });
    });

    it('earns no coins for days before activeFrom, even once the membership is active', async () => {
      const carol = await buildUser(server, { organization: acme, activeFrom: startOfDayInJapan(daysAgo(0)) });
      const response = await put(carol.token, daysAgo(1), figures(10_000, 60));
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({ 'health-points': 12, coins: null, 'coin-status': 'notEarned' });
      expect(response.body.meta['coins-awarded']).toBe(0);
      expect(await memberBalance(server.db.db, carol.membership!.id)).toBe(0);
      const awards = await server.db.db
        .select()
        .from(coinActivityAwards)
        .where(eq(coinActivityAwards.organizationMemberId, carol.membership!.id));
      expect(awards).toEqual([]);
    });

    it('pays days up to a month old, but not back-filled history (no coins for logging 1900 onwards)', async () => {
      const nina = await member();
      const recent = await put(nina.token, daysAgo(30), figures(8_000, 30));
      expect(recent.body.data.attributes).toMatchObject({ coins: 12, 'coin-status': 'awarded' });
      for (const day of [daysAgo(33), '1900-01-01']) {
        const old = await put(nina.token, day, figures(8_000, 30));
        expect(old.status).toBe(200);
        expect(old.body.data.attributes).toMatchObject({ 'health-points': 12, coins: null, 'coin-status': 'notEarned' });
        expect(old.body.meta['coins-awarded']).toBe(0);
      }
      const synced = await sync(nina.token, [{ day: daysAgo(40), ...figures(8_000, 30) }]);
      expect(synced.body.meta['coins-awarded']).toBe(0);
      expect(await memberBalance(server.db.db, nina.membership!.id)).toBe(12);
    });

    it.each([
      { what: 'a negative count', activity: figures(-1, 0), pointer: '/activity/steps', code: 'validation.tooSmall' },
      { what: 'a fraction', activity: figures(10.5, 0), pointer: '/activity/steps', code: 'validation.integer' },
      { what: 'an absurd figure', activity: figures(10, 5_000), pointer: '/activity/workout_minutes', code: 'validation.tooBig' },
      {
        what: 'a missing figure',
        activity: { steps: 1, workout_minutes: 1, calories: 1 },
        pointer: '/activity/distance_meters',
        code: 'validation.required',
      },
      {
        what: 'an unknown key',
        activity: { ...figures(1, 1), heart_rate: 80 },
        pointer: '/activity/heart_rate',
        code: 'validation.unknownKey',
      },
    ])('refuses $what with 422 $code', async ({ activity, pointer, code }) => {
      const dave = await member();
      const response = await put(dave.token, daysAgo(1), activity);
      expect(response.status).toBe(422);
      expect(response.body.errors).toContainEqual(expect.objectContaining({ code, source: { pointer } }));
      expect(await rowsOf(dave.membership!.id)).toEqual([]);
    });

    it('refuses a day in the future (422) and a malformed day (400)', async () => {
      const erin = await member();
      const future = await put(erin.token, daysAgo(-3), figures(1, 1));
      expect(future.status).toBe(422);
      expect(future.body.errors[0]).toMatchObject({ code: 'activity.futureDay', source: { parameter: 'day' } });
      const malformed = await put(erin.token, '2026-02-30', figures(1, 1));
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors[0]).toMatchObject({ code: 'request.invalidParameter', source: { parameter: 'day' } });
    });
  });

  describe('POST /api/user/activities/sync (mobile app)', () => {
    it('is idempotent per member and day, pays coins once and records the sync on the membership', async () => {
      const frank = await member();
      const days = [
        { day: daysAgo(2), ...figures(8_000, 30) },
        { day: daysAgo(1), ...figures(3_000, 5) },
        { day: daysAgo(0), ...figures(1_000, 0) },
      ];
      const first = await sync(frank.token, days);
      expect(first.status).toBe(200);
      expect(
        first.body.data.map((row: { id: string; attributes: Record<string, unknown> }) => [
          row.id,
          row.attributes['health-points'],
          row.attributes.coins,
          row.attributes.source,
        ]),
      ).toEqual([
        [daysAgo(2), 12, 12, 'app'],
        [daysAgo(1), 3, 3, 'app'],
        [daysAgo(0), 1, null, 'app'],
      ]);
      expect(first.body.meta).toMatchObject({
        'coins-awarded': 15,
        'membership-state': 'active',
        'app-installed': true,
        'coin-balance': 15,
      });
      expect(Date.parse(first.body.meta['last-sync-at'])).toBeGreaterThan(Date.now() - 60_000);

      const second = await sync(frank.token, days);
      expect(second.status).toBe(200);
      expect(second.body.meta['coins-awarded']).toBe(0);
      expect(await rowsOf(frank.membership!.id)).toHaveLength(3);
      const expected = new Map<string, [string, number, number]>();
      for (const [day, points] of [
        [daysAgo(2), 12],
        [daysAgo(1), 3],
        [daysAgo(0), 1],
      ] as const) {
        const month = `${day.slice(0, 7)}-01`;
        const [, total, count] = expected.get(month) ?? [month, 0, 0];
        expected.set(month, [month, total + points, count + 1]);
      }
      expect(await monthsOf(frank.membership!.id)).toEqual([...expected.values()]);
      expect(await memberBalance(server.db.db, frank.membership!.id)).toBe(15);
      const [membership] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, frank.membership!.id));
      expect(membership).toMatchObject({ appInstalled: true });
      expect(membership!.lastSyncAt).toBeInstanceOf(Date);
    });

    it('pays once and keeps one row per day when the same sync arrives several times at once', async () => {
      const kate = await member();
      const days = [
        { day: daysAgo(3), ...figures(8_000, 30) },
        { day: daysAgo(2), ...figures(4_000, 10) },
        { day: daysAgo(1), ...figures(1_000, 0) },
      ];
      const answers = await Promise.all(Array.from({ length: 6 }, () => sync(kate.token, days)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      expect(answers.reduce((sum, answer) => sum + answer.body.meta['coins-awarded'], 0)).toBe(12 + 6 + 1);
      expect(await rowsOf(kate.membership!.id)).toHaveLength(3);
      expect(await memberBalance(server.db.db, kate.membership!.id)).toBe(19);
      const awards = await server.db.db
        .select()
        .from(coinActivityAwards)
        .where(eq(coinActivityAwards.organizationMemberId, kate.membership!.id));
      expect(awards.map((award) => award.amount).sort((a, b) => a - b)).toEqual([1, 6, 12]);
      const months = await monthsOf(kate.membership!.id);
      expect(months.reduce((sum, [, points]) => sum + Number(points), 0)).toBe(19);
      expect(months.reduce((sum, [, , count]) => sum + Number(count), 0)).toBe(3);
    });

    it('keeps the month total right when different days of one month arrive at once', async () => {
      const liam = await member();
      const days = Array.from({ length: 8 }, (_, index) => ({ day: daysAgo(index + 1), ...figures(8_000, 30) }));
      const answers = await Promise.all(days.map((day) => sync(liam.token, [day])));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      // The eight days may straddle two months: each month's row must hold all of its days.
      const expected = new Map<string, [string, number, number]>();
      for (const { day } of days) {
        const month = `${day.slice(0, 7)}-01`;
        const [, total, count] = expected.get(month) ?? [month, 0, 0];
        expected.set(month, [month, total + 12, count + 1]);
      }
      expect(await monthsOf(liam.membership!.id)).toEqual([...expected.values()].sort((a, b) => a[0].localeCompare(b[0])));
      expect(await memberBalance(server.db.db, liam.membership!.id)).toBe(96);
    });

    it('settles coins without deadlocks when page visits and syncs of the same member meet', async () => {
      for (let round = 0; round < 3; round += 1) {
        const olive = await member();
        const days = Array.from({ length: 6 }, (_, index) => ({ day: daysAgo(index + 1), ...figures(8_000, 30) }));
        // Days stored without coins yet (as if logged before they were over), then visits and syncs all at once.
        await server.db.db.insert(activityDays).values(
          days.map(({ day }) => ({
            organizationMemberId: olive.membership!.id,
            day,
            steps: 8_000,
            workoutMinutes: 30,
            calories: 0,
            distanceMeters: 0,
            healthPoints: 12,
            source: 'manual' as const,
          })),
        );
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            index % 2 === 0 ? server.request('/api/user/activities', { token: olive.token }) : sync(olive.token, days.slice(index % 3)),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
        expect(await memberBalance(server.db.db, olive.membership!.id)).toBe(72);
      }
    });

    it('lets a pending member sync and shows the state, with no coins before activeFrom', async () => {
      const pending = await buildUser(server, { organization: acme, activeFrom: new Date(Date.now() + 10 * DAY) });
      const response = await sync(pending.token, [{ day: daysAgo(1), ...figures(9_000, 40) }]);
      expect(response.status).toBe(200);
      expect(response.body.meta).toMatchObject({
        'membership-state': 'pending',
        'coins-awarded': 0,
        'coin-balance': 0,
        'app-installed': true,
      });
      expect(response.body.data[0].attributes).toMatchObject({ 'health-points': 12, coins: null, 'coin-status': 'notEarned' });
      // The portal's routes stay closed to a pending member (SPEC §5).
      const list = await server.request('/api/user/activities', { token: pending.token });
      expect(list.status).toBe(403);
      expect(list.body.errors[0].code).toBe('auth.userInactive');
    });

    it('shows an expired member their state and pays nothing', async () => {
      const expired = await buildUser(server, {
        organization: acme,
        activeFrom: new Date(Date.now() - 90 * DAY),
        activeTo: new Date(Date.now() - 5 * DAY),
      });
      const response = await sync(expired.token, [{ day: daysAgo(10), ...figures(9_000, 40) }]);
      expect(response.status).toBe(200);
      expect(response.body.meta).toMatchObject({ 'membership-state': 'expired', 'coins-awarded': 0 });
      expect(await memberBalance(server.db.db, expired.membership!.id)).toBe(0);
    });

    it.each([
      {
        what: 'the same day twice',
        days: [
          { day: '2025-01-01', ...figures(1, 1) },
          { day: '2025-01-01', ...figures(2, 2) },
        ],
        pointer: '/activity_sync/days/1/day',
        code: 'activity.duplicateDay',
      },
      { what: 'no days', days: [], pointer: '/activity_sync/days', code: 'validation.tooShort' },
      {
        what: 'a future day',
        days: [{ day: '2099-01-01', ...figures(1, 1) }],
        pointer: '/activity_sync/days/0/day',
        code: 'activity.futureDay',
      },
      {
        what: 'a malformed day',
        days: [{ day: '01/02/2025', ...figures(1, 1) }],
        pointer: '/activity_sync/days/0/day',
        code: 'validation.invalidFormat',
      },
      {
        what: 'too many days',
        days: Array.from({ length: 101 }, (_, index) => ({ day: daysAgo(index + 1), ...figures(1, 1) })),
        pointer: '/activity_sync/days',
        code: 'validation.tooLong',
      },
    ])('refuses $what with 422 $code and stores nothing', async ({ days, pointer, code }) => {
      const grace = await member();
      const response = await sync(grace.token, days);
      expect(response.status).toBe(422);
      expect(response.body.errors).toContainEqual(expect.objectContaining({ code, source: { pointer } }));
      expect(await rowsOf(grace.membership!.id)).toEqual([]);
      const [membership] = await server.db.db
        .select()
        .from(organizationMembers)
        .where(and(eq(organizationMembers.id, grace.membership!.id), eq(organizationMembers.appInstalled, false)));
      expect(membership?.lastSyncAt).toBeNull();
    });
  });

  describe('bad input', () => {
    it('answers every odd payload or day with a coded 4xx, never a 500, and stores nothing', async () => {
      const mia = await member();
      const day = daysAgo(1);
      const payloads: unknown[] = [
        [],
        'just a string',
        { activity_sync: [] },
        { activity_sync: { days: {} } },
        { activity_sync: { days: [[]] } },
        { activity_sync: { days: [{ day: 20250101, ...figures(1, 1) }] } },
        { activity_sync: { days: [{ day: '2025-02-29', ...figures(1, 1) }] } },
        { activity_sync: { days: [{ day, ...figures(1, 1), steps: 'NaN' }] } },
        { activity_sync: { days: [{ day, ...figures(1, 1), steps: null }] } },
        { activity_sync: { days: [{ day, ...figures(1, 1), steps: 1e308 }] } },
        { activity_sync: { days: [{ day, ...figures(1, 1), steps: [1] }] } },
        { activity_sync: { days: [{ day, ...figures(1, 1), workout_minutes: -30 }] } },
      ];
      for (const json of payloads) {
        const response = await server.request('/api/user/activities/sync', { method: 'POST', token: mia.token, json });
        expect([
          JSON.stringify(json).slice(0, 60),
          response.status < 500 && response.status >= 400,
          typeof response.body.errors?.[0]?.code,
        ]).toEqual([JSON.stringify(json).slice(0, 60), true, 'string']);
      }
      const broken = await server.request('/api/user/activities/sync', {
        method: 'POST',
        token: mia.token,
        body: '{"activity_sync":',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.status).toBe(400);
      for (const path of ['99999-01-01', '2025-1-1', '1899-12-31', 'NaN', '2025-02-29%00']) {
        const response = await put(mia.token, path, figures(1, 1));
        expect([path, response.status, response.body.errors?.[0]?.code]).toEqual([path, 400, 'request.invalidParameter']);
      }
      expect(await rowsOf(mia.membership!.id)).toEqual([]);
    });
  });

  describe('GET /api/user/activities', () => {
    it('lists one month of the own days only', async () => {
      const [henry, ivy] = await Promise.all([member(), member()]);
      await put(henry.token, '2025-03-31', figures(5_000, 0));
      await put(henry.token, '2025-04-01', figures(6_000, 20));
      await put(ivy.token, '2025-04-02', figures(7_000, 0));
      const response = await server.request('/api/user/activities?month=2025-04', { token: henry.token });
      expect(response.status).toBe(200);
      expect(response.body.data.map((row: { id: string }) => row.id)).toEqual(['2025-04-01']);
      // April 2025 is long past: its days are recorded but earn no coins (COIN_DAYS_BACK).
      expect(response.body.meta).toMatchObject({ month: '2025-04', 'total-points': 9, 'coins-earned': 0 });
    });

    it('refuses a malformed month with 400', async () => {
      const jack = await member();
      const response = await server.request('/api/user/activities?month=2025-13', { token: jack.token });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ code: 'request.invalidParameter', source: { parameter: 'month' } });
    });
  });
});
