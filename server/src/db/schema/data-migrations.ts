import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Data migrations (server/src/db/data-migrations.ts) that have run: each runs once, after the SQL migrations. */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  /** What it changed, e.g. rows updated per table and column. */
  report: jsonb('report').notNull().default({}),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
