import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const OUTBOX_STATUSES = ['pending', 'done', 'dead'] as const;

/** Side effects (Slack, push, mail) written in the same transaction as the change; workers deliver them. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull().default({}),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_status_next_attempt_at_index').on(t.status, t.nextAttemptAt),
    check('outbox_status_check', sql`${t.status} in ('pending', 'done', 'dead')`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
