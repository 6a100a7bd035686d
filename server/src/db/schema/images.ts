import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** PGlite hands bytea back as Uint8Array, node-postgres as Buffer: both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images (event headers, message pictures), served at /api/images/{key}. Bytes live in the database so one
 * backup holds everything and every replica serves every image; `key` is random and unguessable.
 */
export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A shared-event guest (event_guests.id); no foreign key so the images table does not depend on events. */
    uploadedByGuestId: integer('uploaded_by_guest_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_uploaded_by_user_id_index').on(t.uploadedByUserId)],
);

export type ImageRow = typeof images.$inferSelect;
