import { monthInJapan, shiftMonth } from '@kiwi/shared/domain/health-points';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { activityDays } from '../../db/schema/activity';
import { organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { seedDemoData } from '../../demo-seed';
import { createTestDatabase } from '../../test/database';
import { DEMO_ACTIVITY_DAYS, DEMO_WALKER_COUNT, seedActivityDemo } from './seed';
import { healthPointSummary } from './summary';

describe('activity demo data', () => {
  let db: DatabaseHandle;
  const now = new Date();
  beforeAll(async () => {
    db = await createTestDatabase();
    const started = performance.now();
    await db.db.transaction((tx) => seedDemoData(tx, now));
    console.info(`demo seed with activity: ${Math.round(performance.now() - started)} ms on ${db.engine}`);
  });
  afterAll(() => db.close());

  it('gives acme walkers with birthdays and 90 days of activity, once', async () => {
    const walkers = await db.db.select({ birthday: users.birthday }).from(users).where(like(users.firebaseUid, 'demo-acme-walker-%'));
    expect(walkers).toHaveLength(DEMO_WALKER_COUNT);
    expect(walkers.filter((walker) => walker.birthday !== null).length).toBeGreaterThan(DEMO_WALKER_COUNT / 2);
    const [rows] = await db.db.select({ total: count() }).from(activityDays);
    expect(rows!.total).toBe((DEMO_WALKER_COUNT - 2) * DEMO_ACTIVITY_DAYS);

    await db.db.transaction((tx) => seedActivityDemo(tx, now));
    const [again] = await db.db.select({ total: count() }).from(activityDays);
    expect(again!.total).toBe(rows!.total);
  });

  it('fills most point groups and age ranges of last month on the dashboard', async () => {
    const [acme] = await db.db.select().from(organizations).where(eq(organizations.identifier, 'acme'));
    const summary = await db.db.transaction((tx) =>
      healthPointSummary(tx, { organizationId: acme!.id, month: shiftMonth(monthInJapan(now), -1), filter: { groupIds: [], mode: 'and' } }),
    );
    expect(Object.values(summary.distribution).filter((members) => members > 0).length).toBeGreaterThanOrEqual(6);
    expect(summary.ageRanges.filter((range) => range.members > 0).length).toBeGreaterThanOrEqual(5);
  });
});
