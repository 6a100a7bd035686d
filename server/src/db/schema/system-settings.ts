import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Platform-wide settings an admin edits (SPEC §3 "System setting: key, value"; §7 /system_settings): the app's store
 * links among them. Keys are unique; the migration seeds the keys the product reads (APP_INSTALL_SETTING_KEYS).
 */
export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull().unique('system_settings_key_unique'),
  value: text('value').notNull(),
  ...timestamps,
});

export type SystemSettingRow = typeof systemSettings.$inferSelect;
