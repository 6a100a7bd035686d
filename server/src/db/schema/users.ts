import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** Push kinds the user turned off or on (`{ "coin_message": false }`); a kind not named is on (shared/domain/push.ts). */
    /** A self sign-up that has not opened its confirmation link yet: refused by every signed-in call (issue 16). */
    confirmationPending: boolean('confirmation_pending').notNull().default(false),
    notificationPreferences: jsonb('notification_preferences').$type<Partial<Record<string, boolean>>>().notNull().default({}),
    /** When the user cancelled their membership themselves (issue 16): personal data erased, posts show "former member". */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Issue 20: a platform admin turned this user's sign-in off (mirrored in Firebase, tokens revoked); null = allowed. */
    signInDisabledAt: timestamp('sign_in_disabled_at', { withTimezone: true }),
    /** Issue 20: the last time the server saw a fresh sign-in of this user (the admin's users list shows it). */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
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

export const DEVICE_PLATFORMS = ['app', 'web'] as const;

export const userDevices = pgTable(
  'user_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: cascadingReference('user_id', () => users.id),
    uuid: text('uuid').notNull(),
    fcmToken: text('fcm_token').notNull(),
    /** `app` (the mobile app, spec §3) or `web` (the portal in a browser). */
    platform: text('platform', { enum: DEVICE_PLATFORMS }).notNull().default('app'),
    /** Refreshed each time the device is sent again; devices unseen for 60 days are dropped (modules/push/jobs.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    unique('user_devices_user_id_uuid_unique').on(t.userId, t.uuid),
    // A token reaches one browser or phone: it belongs to the last user who sent it, never to two.
    unique('user_devices_fcm_token_unique').on(t.fcmToken),
    index('user_devices_last_seen_at_index').on(t.lastSeenAt),
    check('user_devices_platform_check', sql`${t.platform} in ('app', 'web')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type UserDeviceRow = typeof userDevices.$inferSelect;
