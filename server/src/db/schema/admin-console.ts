// Issue 20, the platform-admin console: organisation change requests, the staff action log and background exports.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { organizations } from './organizations';
import { users } from './users';

export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/**
 * A manager asks for a change of plan, seat count or name (SPEC §3 "organization change requests", §7); the admin
 * approves (applied in the same transaction) or rejects with a note; the manager may withdraw it while pending. A
 * null requested field is "no change"; `requested_unlimited_seats` asks for numberOfMembers = null (unlimited).
 */
export const organizationChangeRequests = pgTable(
  'organization_change_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedPlan: text('requested_plan'),
    requestedNumberOfMembers: integer('requested_number_of_members'),
    requestedUnlimitedSeats: boolean('requested_unlimited_seats').notNull().default(false),
    requestedName: text('requested_name'),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: CHANGE_REQUEST_STATUSES }).notNull().default('pending'),
    decisionNote: text('decision_note'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('organization_change_requests_organization_index').on(t.organizationId, t.createdAt),
    index('organization_change_requests_status_index').on(t.status, t.createdAt),
    check('organization_change_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);

/**
 * Every write an admin or a manager makes (issue 20 point 8): who, when, the route, the target and the before/after of
 * the fields that changed. `organization_id` has no foreign key on purpose: the log outlives what it names (an
 * organisation's deletion is itself logged). `changes` maps a field to `[before, after]`.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name and email as they were, so the log reads after the account is gone. */
    actorLabel: text('actor_label').notNull().default(''),
    actorRole: text('actor_role', { enum: ['admin', 'manager'] }).notNull(),
    organizationId: integer('organization_id'),
    /** What was done, e.g. `organizations.update`, `users.disable` (dotted, stable: the page translates it). */
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    statusCode: integer('status_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_actions_created_at_index').on(t.createdAt),
    index('staff_actions_actor_index').on(t.actorUserId, t.createdAt),
    index('staff_actions_organization_index').on(t.organizationId, t.createdAt),
    index('staff_actions_kind_index').on(t.kind, t.createdAt),
  ],
);

export const EXPORT_KINDS = ['score', 'return_amount'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_ENCODINGS = ['utf8_bom', 'shift_jis'] as const;
export type ExportEncoding = (typeof EXPORT_ENCODINGS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** PGlite hands bytea back as Uint8Array, node-postgres as Buffer: both become a Buffer here (as images.ts). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A score or return-amount export (SPEC §6) generated in the background: progress while it runs, then the file until
 * `expires_at`. The finished file's bytes are in `content` (one backup holds everything; every replica serves it).
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: EXPORT_KINDS }).notNull(),
    encoding: text('encoding', { enum: EXPORT_ENCODINGS }).notNull(),
    /** Filters as requested: organisation, group, months (validated by the export's zod schema). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    fileName: text('file_name'),
    /** The finished file (encoded as `encoding` says), null until done and after it expired. */
    content: bytea('content'),
    byteSize: integer('byte_size'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('export_jobs_created_at_index').on(t.createdAt),
    check('export_jobs_kind_check', sql`${t.kind} in ('score', 'return_amount')`),
    check('export_jobs_encoding_check', sql`${t.encoding} in ('utf8_bom', 'shift_jis')`),
  ],
);

export type OrganizationChangeRequestRow = typeof organizationChangeRequests.$inferSelect;
export type StaffActionRow = typeof staffActions.$inferSelect;
export type ExportJobRow = typeof exportJobs.$inferSelect;
