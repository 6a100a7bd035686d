import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const JOB_STATUSES = ['pending', 'running', 'done', 'dead'] as const;

/** Scheduled work (reminders, grants, results) claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** e.g. "survey-reminder:42:2025-06-01"; scheduling the same work twice is a no-op. */
    dedupeKey: text('dedupe_key').unique(),
    ...timestamps,
  },
  (t) => [
    index('jobs_status_run_at_index').on(t.status, t.runAt),
    check('jobs_status_check', sql`${t.status} in ('pending', 'running', 'done', 'dead')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
