import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** The nickname as the uniqueness rule compares it (shared/domain/nickname.ts nicknameKey); null without a nickname. */
    nicknameKey: text('nickname_key'),
    birthday: date('birthday', { mode: 'string' }),
    restingHeartRate: integer('resting_heart_rate'),
    /** Centimetres and kilograms, to one decimal (USER_LIMITS in shared/src/schemas/user.ts). */
    heightCm: numeric('height_cm', { precision: 4, scale: 1, mode: 'number' }),
    weightKg: numeric('weight_kg', { precision: 4, scale: 1, mode: 'number' }),
    icon: text('icon'),
    language: text('language').notNull().default('ja'),
    ...timestamps,
  },
  (t) => [
    index('users_email_index').on(t.email),
    index('users_nickname_key_index').on(t.nicknameKey),
    // One product user per address, whatever its case: two invitations or imports of one new address cannot both land.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'member')`),
    check('users_language_check', sql`${t.language} in ('ja', 'en')`),
    check('users_height_cm_check', sql`${t.heightCm} between 50 and 250`),
    check('users_weight_kg_check', sql`${t.weightKg} between 20 and 300`),
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
