// Issue 19: violation reports. One subject per reported object (its hidden state, the action log), one report per
// reporter and subject with the evidence as it was when reported.
import type { ViolationObjectType } from '@kiwi/shared/domain/violation-report';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { cascadingReference, timestamps } from './columns';
import { eventGuests } from './events';
import { organizationMembers, organizations } from './organizations';
import { users } from './users';

/** The content as the reporter saw it: kept when the post is edited or deleted afterwards (issue 19 point 2). */
export type ViolationEvidence = {
  text: string;
  imageUrls: string[];
  authorName: string;
  authorMemberId: number | null;
  authorGuestId: number | null;
  postedAt: string | null;
  /** The portal path where the object lives (an event, a guild, a walking event, a member). */
  linkPath: string | null;
};

/** A reported object. No foreign key to it: the object may be deleted (resolving does) and the record must stay. */
export const violationReportSubjects = pgTable(
  'violation_report_subjects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    objectType: text('object_type').$type<ViolationObjectType>().notNull(),
    objectId: integer('object_id').notNull(),
    /** The member (or guest) behind the object, for "the author's earlier reports" and the read filters. */
    authorMemberId: integer('author_member_id').references(() => organizationMembers.id, { onDelete: 'set null' }),
    authorGuestId: integer('author_guest_id').references(() => eventGuests.id, { onDelete: 'set null' }),
    /** Set while hidden for everyone but its author and managers (auto-hide), until a manager decides. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** When the object was deleted by a resolve. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('violation_report_subjects_author_guest_id_index').on(t.authorGuestId),
    unique('violation_report_subjects_object_unique').on(t.objectType, t.objectId),
    index('violation_report_subjects_author_member_index').on(t.authorMemberId),
    // The read filters look up hidden objects only.
    index('violation_report_subjects_hidden_index').on(t.objectType, t.objectId).where(sql`${t.hiddenAt} is not null`),
  ],
);

export const violationReports = pgTable(
  'violation_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    subjectId: cascadingReference('subject_id', () => violationReportSubjects.id),
    reporterMemberId: integer('reporter_member_id').references(() => organizationMembers.id, { onDelete: 'set null' }),
    reporterGuestId: integer('reporter_guest_id').references(() => eventGuests.id, { onDelete: 'set null' }),
    /** SPEC §3 reporterName, kept as it was. */
    reporterName: text('reporter_name').notNull(),
    reasonCategory: text('reason_category').notNull(),
    reason: text('reason'),
    status: text('status', { enum: ['pending', 'resolved', 'ignored'] })
      .notNull()
      .default('pending'),
    evidence: jsonb('evidence').$type<ViolationEvidence>().notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('violation_reports_reporter_guest_id_index').on(t.reporterGuestId),
    unique('violation_reports_subject_member_unique').on(t.subjectId, t.reporterMemberId),
    unique('violation_reports_subject_guest_unique').on(t.subjectId, t.reporterGuestId),
    index('violation_reports_organization_status_index').on(t.organizationId, t.status, t.createdAt),
    index('violation_reports_reporter_member_index').on(t.reporterMemberId),
    check('violation_reports_status_check', sql`${t.status} in ('pending', 'resolved', 'ignored')`),
    check('violation_reports_one_reporter_check', sql`${t.reporterMemberId} is null or ${t.reporterGuestId} is null`),
  ],
);

/** Issue 19 point 6: every resolve, ignore, auto-hide and restore, with who, when and how many posts went. */
export const violationReportActions = pgTable(
  'violation_report_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: cascadingReference('subject_id', () => violationReportSubjects.id),
    action: text('action', { enum: ['resolve', 'ignore', 'auto_hide', 'restore'] }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as it was; null for the system (auto-hide). */
    actorName: text('actor_name'),
    deletedCount: integer('deleted_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('violation_report_actions_subject_index').on(t.subjectId),
    check('violation_report_actions_action_check', sql`${t.action} in ('resolve', 'ignore', 'auto_hide', 'restore')`),
  ],
);

export type ViolationReportSubjectRow = typeof violationReportSubjects.$inferSelect;
export type ViolationReportRow = typeof violationReports.$inferSelect;
