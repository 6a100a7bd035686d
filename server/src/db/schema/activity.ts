import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { cascadingReference, timestamps } from './columns';
import { organizationMembers } from './organizations';

export const ACTIVITY_SOURCES = ['manual', 'app'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

/**
 * One row per member and day (the member's own calendar day). A later log or sync of the same day replaces its
 * figures. healthPoints is stored (computed by shared/src/domain/health-points.ts when written) so the dashboard
 * aggregates in SQL without re-deriving it.
 */
export const activityDays = pgTable(
  'activity_days',
  {
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    day: date('day', { mode: 'string' }).notNull(),
    steps: integer('steps').notNull().default(0),
    workoutMinutes: integer('workout_minutes').notNull().default(0),
    calories: integer('calories').notNull().default(0),
    distanceMeters: integer('distance_meters').notNull().default(0),
    healthPoints: smallint('health_points').notNull().default(0),
    source: text('source', { enum: ACTIVITY_SOURCES }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.organizationMemberId, t.day] }),
    check(
      'activity_days_figures_check',
      sql`${t.steps} >= 0 and ${t.workoutMinutes} >= 0 and ${t.calories} >= 0 and ${t.distanceMeters} >= 0`,
    ),
    check('activity_days_health_points_check', sql`${t.healthPoints} between 0 and 12`),
    check('activity_days_source_check', sql`${t.source} in ('manual', 'app')`),
  ],
);

/**
 * Each member's month totals, kept by the activity service whenever days are written (refreshActivityMonths), so the
 * dashboard reads one row per member instead of summing some 30 day rows each (10,000 members: milliseconds).
 */
export const activityMonths = pgTable(
  'activity_months',
  {
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    healthPoints: integer('health_points').notNull(),
    activeDays: smallint('active_days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationMemberId, t.month] }), index('activity_months_month_index').on(t.month)],
);

export type ActivityDayRow = typeof activityDays.$inferSelect;
