import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadingReference, timestamps } from './columns';
import { organizations } from './organizations';

/**
 * Organisation news. Once publishedAt has passed the news counts as sent and its publishedAt is frozen (spec §4). No
 * publishedAt: a draft nobody sees until a manager schedules or publishes it (issue 21).
 */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('news_organization_id_published_at_index').on(t.organizationId, t.publishedAt)],
);

export type NewsRow = typeof news.$inferSelect;
