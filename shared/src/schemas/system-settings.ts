import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { requiredOrInvalidType, strictPayload } from './common';
import { graphemeString } from './text';

/** At most this many settings (the admin may add keys with POST): the list is one page, never unbounded. */
export const SYSTEM_SETTINGS_MAX = 100;
export const SYSTEM_SETTING_KEY_MAX = 64;
/** A setting's value, in graphemes. */
export const SYSTEM_SETTING_VALUE_MAX = 2000;
/**
 * A URL setting's value, in characters. It becomes a QR code on /app_install: 1,000 ASCII characters fit a QR code
 * (version 40 at error correction M holds 2,331 bytes) with room to spare, and no store link comes near it.
 */
export const SYSTEM_SETTING_URL_MAX = 1000;

/** The store links /app_install shows (with a QR code each), seeded by the migration with placeholders. */
export const APP_INSTALL_SETTING_KEYS = ['app_store_url', 'google_play_url'] as const;
export type AppInstallSettingKey = (typeof APP_INSTALL_SETTING_KEYS)[number];

// snake_case, as the seeded keys: a letter first, then letters, digits and underscores.
const KEY_SHAPE = /^[a-z][a-z0-9_]*$/;

/** A key ending in `_url` holds a URL: its value must be an https URL (see isHttpsSettingUrl). */
export const isUrlSettingKey = (key: string) => key.endsWith('_url');

/**
 * An absolute https URL with a host and no user name or password, at most SYSTEM_SETTING_URL_MAX characters: what a
 * URL setting may hold. Anything else (`javascript:`, `data:`, plain http) is refused on write.
 */
export function isHttpsSettingUrl(value: string): boolean {
  // Written as it will be read: `https://` and a host, not a form URL parsing would repair (`https:///x`, `https:\\x`).
  if (value.length > SYSTEM_SETTING_URL_MAX || /\s/.test(value) || !/^https:\/\/[^/\\]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

const key = z
  .string({ error: requiredOrInvalidType })
  .trim()
  .min(1, { error: ErrorCode.validationRequired })
  .max(SYSTEM_SETTING_KEY_MAX, { error: ErrorCode.validationTooLong })
  .regex(KEY_SHAPE, { error: ErrorCode.validationInvalidFormat });

const value = graphemeString({ min: 1, max: SYSTEM_SETTING_VALUE_MAX, trim: true });

/** The issue a value gets under its key's rule (a URL key wants an https URL), or null. */
export function systemSettingValueIssue(settingKey: string, settingValue: string): ErrorCode | null {
  if (!isUrlSettingKey(settingKey)) return null;
  if (settingValue.length > SYSTEM_SETTING_URL_MAX) return ErrorCode.validationTooLong;
  return isHttpsSettingUrl(settingValue) ? null : ErrorCode.validationInvalidUrl;
}

/** POST /api/system_settings: `{ "system_setting": { "key": "app_store_url", "value": "https://..." } }`. */
export const CreateSystemSettingSchema = strictPayload({
  system_setting: strictPayload({ key, value }).check((payload) => {
    const issue = systemSettingValueIssue(payload.value.key, payload.value.value);
    if (issue) {
      payload.issues.push({
        code: 'custom',
        message: issue,
        path: ['value'],
        input: payload.value.value,
        ...(issue === ErrorCode.validationTooLong ? { params: { count: SYSTEM_SETTING_URL_MAX } } : {}),
      });
    }
  }),
});

/**
 * PUT /api/system_settings/{id}: `{ "system_setting": { "value": "https://..." } }`. The key stays as created (the
 * page and the app read settings by key); the value's rule depends on the stored key, so the server checks it with
 * systemSettingValueIssue once it has read the row.
 */
export const UpdateSystemSettingSchema = strictPayload({ system_setting: strictPayload({ value }) });

export type CreateSystemSetting = z.infer<typeof CreateSystemSettingSchema>['system_setting'];
export type UpdateSystemSetting = z.infer<typeof UpdateSystemSettingSchema>['system_setting'];
