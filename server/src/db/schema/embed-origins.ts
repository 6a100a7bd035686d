import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The origins (`https://intranet.example.com`) an organisation lets embed the Kiwi widgets: CORS on /api answers them
 * (server/src/http/cors.ts). Stored normalised as browsers send `Origin` (shared/src/schemas/embed-origins.ts).
 */
export const embedOrigins = pgTable(
  'embed_origins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('embed_origins_organization_origin_unique').on(t.organizationId, t.origin),
    index('embed_origins_origin_index').on(t.origin),
  ],
);

export type EmbedOriginRow = typeof embedOrigins.$inferSelect;
