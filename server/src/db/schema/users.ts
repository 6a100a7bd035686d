import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadingReference, timestamps } from './columns';

export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    firebaseUid: text('firebase_uid').notNull().unique(),
    role: text('role', { enum: USER_ROLES }).notNull().default('member'),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    nickname: text('nickname'),
    birthday: date('birthday', { mode: 'string' }),
    restingHeartRate: integer('resting_heart_rate'),
    icon: text('icon'),
    language: text('language').notNull().default('ja'),
    ...timestamps,
  },
  (t) => [
    index('users_email_index').on(t.email),
    // One product user per address, whatever its case: two invitations or imports of one new address cannot both land.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'member')`),
    check('users_language_check', sql`${t.language} in ('ja', 'en')`),
  ],
);

export const userDevices = pgTable(
  'user_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: cascadingReference('user_id', () => users.id),
    uuid: text('uuid').notNull(),
    fcmToken: text('fcm_token').notNull(),
    ...timestamps,
  },
  (t) => [unique('user_devices_user_id_uuid_unique').on(t.userId, t.uuid)],
);

export type UserRow = typeof users.$inferSelect;
export type UserDeviceRow = typeof userDevices.$inferSelect;
