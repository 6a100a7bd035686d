import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadingReference, timestamps } from './columns';
import { users } from './users';

/**
 * The platform's notices to every member (SPEC §3 app information). Shown once publishedAt has passed; the admin
 * pages that write them come later (issue 20).
 */
export const appInformations = pgTable(
  'app_informations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    headCopy: text('head_copy'),
    iconName: text('icon_name'),
    /** Issue 20 (SPEC §4): deleting a published app information unpublishes it; members no longer see it. */
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('app_informations_published_at_index').on(t.publishedAt)],
);

export const CONTENT_READ_KINDS = ['news', 'app_information'] as const;
export type ContentReadKind = (typeof CONTENT_READ_KINDS)[number];

/**
 * What a user has opened (news, app information): unread until a row exists. Keyed by the user, not the membership,
 * because app informations are the platform's and a user's reads follow them across memberships.
 */
export const contentReads = pgTable(
  'content_reads',
  {
    userId: cascadingReference('user_id', () => users.id),
    kind: text('kind', { enum: CONTENT_READ_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'content_reads_pk', columns: [t.userId, t.kind, t.itemId] }),
    check('content_reads_kind_check', sql`${t.kind} in ('news', 'app_information')`),
    // Deleting an item drops its reads (news/service.ts deleteNews).
    index('content_reads_kind_item_id_index').on(t.kind, t.itemId),
  ],
);

export type AppInformationRow = typeof appInformations.$inferSelect;
