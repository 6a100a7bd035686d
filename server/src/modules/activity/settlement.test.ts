import { activityCoins, dayInJapan, startOfDayInJapan } from '@kiwi/shared/domain/health-points';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDays } from '../../db/schema/activity';
import { coinActivityAwards } from '../../db/schema/coins';
import { jobs } from '../../db/schema/jobs';
import { organizationMembers, type OrganizationRow } from '../../db/schema/organizations';
import { createJobWorker } from '../../jobs/worker';
import { buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { memberBalance } from '../coins/ledger';
import { awardFinishedDays } from './service';
import { activityJobHandlers, SETTLE_FINISHED_DAYS_JOB, scheduleDailySettlement, settleFinishedDays } from './settlement';

const DAY = 24 * 3600_000;
const HEALTH_POINTS = 12;

describe('the daily coin settlement (issue 22 point 5)', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
  });
  afterAll(() => server.close());

  const now = new Date();
  const today = dayInJapan(now);
  /** The Japanese day `count` days before today. */
  const before = (count: number) => dayInJapan(new Date(startOfDayInJapan(today).getTime() - count * DAY + 3600_000));

  async function storeDays(memberId: number, days: string[], storedAt: Date) {
    await server.db.db.insert(activityDays).values(
      days.map((day) => ({
        organizationMemberId: memberId,
        day,
        steps: 8_000,
        workoutMinutes: 30,
        calories: 0,
        distanceMeters: 0,
        healthPoints: HEALTH_POINTS,
        source: 'app' as const,
        createdAt: storedAt,
        updatedAt: storedAt,
      })),
    );
  }
  const awardedDays = async (memberId: number) =>
    (await server.db.db.select().from(coinActivityAwards).where(eq(coinActivityAwards.organizationMemberId, memberId)))
      .map((row) => row.day)
      .sort();
  const membershipOf = async (memberId: number) => {
    const [row] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, memberId));
    return { id: row!.id, organizationId: row!.organizationId, activeFrom: row!.activeFrom, activeTo: row!.activeTo };
  };

  it('pays the last finished days of a membership that ended before the next visit, once, and nothing after its end', async () => {
    // Ended at midnight today in Japan: yesterday and the day before were theirs, logged while they were a member.
    const end = startOfDayInJapan(today);
    const leaver = await buildUser(server, { organization: acme, activeFrom: new Date(end.getTime() - 30 * DAY), activeTo: end });
    const id = leaver.membership!.id;
    await storeDays(id, [before(2), before(1)], new Date(end.getTime() - 3600_000));
    // Logged after the end (a late sync): never paid.
    await storeDays(id, [before(3)], new Date(end.getTime() + 60_000));

    await server.db.db.transaction((tx) => settleFinishedDays(tx, now));
    expect(await awardedDays(id)).toEqual([before(2), before(1)]);
    expect(await memberBalance(server.db.db, id)).toBe(2 * activityCoins(HEALTH_POINTS));

    // Run again, and the visit path after it: nothing more.
    await server.db.db.transaction((tx) => settleFinishedDays(tx, now));
    const membership = await membershipOf(id);
    await server.db.db.transaction((tx) => awardFinishedDays(tx, membership, now));
    expect(await memberBalance(server.db.db, id)).toBe(2 * activityCoins(HEALTH_POINTS));
  });

  it('pays an active member’s finished days but not today, and a pending member nothing', async () => {
    const active = await buildUser(server, { organization: acme });
    const pending = await buildUser(server, { organization: acme, activeFrom: new Date(now.getTime() + 10 * DAY) });
    await storeDays(active.membership!.id, [before(1), today], now);
    await storeDays(pending.membership!.id, [before(1)], now);
    await server.db.db.transaction((tx) => settleFinishedDays(tx, now));
    expect(await awardedDays(active.membership!.id)).toEqual([before(1)]);
    expect(await awardedDays(pending.membership!.id)).toEqual([]);
  });

  it('pays once when the job and a visit settle the same member at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await buildUser(server, { organization: acme });
      const id = member.membership!.id;
      await storeDays(id, [before(3), before(2), before(1)], now);
      await Promise.all([
        server.db.db.transaction((tx) => settleFinishedDays(tx, now)),
        server.request('/api/user/activities', { token: member.token }),
        server.db.db.transaction((tx) => settleFinishedDays(tx, now)),
        server.request('/api/user/activities', { token: member.token }),
      ]);
      expect(await awardedDays(id)).toEqual([before(3), before(2), before(1)]);
      expect(await memberBalance(server.db.db, id)).toBe(3 * activityCoins(HEALTH_POINTS));
    }
  });

  it('runs as a daily job: batches continue at once, and tomorrow’s run is scheduled once', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => buildUser(server, { organization: acme })));
    for (const member of members) await storeDays(member.membership!.id, [before(1)], now);
    const batch = await server.db.db.transaction((tx) => settleFinishedDays(tx, now, { limit: 1 }));
    expect(batch.members).toBe(1);
    expect(batch.lastId).not.toBeNull();

    await server.db.db.transaction((tx) => scheduleDailySettlement(tx, now));
    await server.db.db.transaction((tx) => scheduleDailySettlement(tx, now));
    const worker = createJobWorker({ db: server.db, handlers: activityJobHandlers, now: () => now });
    await worker.runOnce();
    for (const member of members) expect(await awardedDays(member.membership!.id)).toEqual([before(1)]);
    const scheduled = await server.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SETTLE_FINISHED_DAYS_JOB), like(jobs.dedupeKey, `${SETTLE_FINISHED_DAYS_JOB}:%`)));
    const tomorrow = dayInJapan(new Date(startOfDayInJapan(today).getTime() + DAY));
    expect(scheduled.filter((job) => job.dedupeKey === `${SETTLE_FINISHED_DAYS_JOB}:${today}`).map((job) => job.status)).toEqual(['done']);
    const next = scheduled.filter((job) => job.dedupeKey === `${SETTLE_FINISHED_DAYS_JOB}:${tomorrow}`);
    expect(next.map((job) => job.status)).toEqual(['pending']);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(startOfDayInJapan(tomorrow).getTime());
  });
});
