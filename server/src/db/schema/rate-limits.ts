import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Issue 22: the hit counters of express-rate-limit when the engine is PostgreSQL, so that every replica counts the same
 * client against one limit. One row per limiter key (`<limiter>:<client>`) and fixed window; a row past `reset_at`
 * starts a new window on its next hit and is swept a while after.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_reset_at_idx').on(table.resetAt)],
);
