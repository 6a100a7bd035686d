import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { checkSystemSetting, isHttpsSettingUrl, SYSTEM_SETTING_URL_MAX, type SettingIssue } from '../domain/system-settings';
import { requiredOrInvalidType, strictPayload } from './common';

export { isHttpsSettingUrl, SYSTEM_SETTING_URL_MAX };

/** At most this many settings: the list is one page, never unbounded (the registry holds far fewer keys). */
export const SYSTEM_SETTINGS_MAX = 100;
export const SYSTEM_SETTING_KEY_MAX = 64;
/** Any setting's value on the wire, in characters, before its key's own rule (domain/system-settings.ts). */
export const SYSTEM_SETTING_VALUE_MAX = 2000;

/** The store links /app_install shows (with a QR code each), seeded by the migration with placeholders. */
export const APP_INSTALL_SETTING_KEYS = ['app_store_url', 'google_play_url'] as const;
export type AppInstallSettingKey = (typeof APP_INSTALL_SETTING_KEYS)[number];

const key = z
  .string({ error: requiredOrInvalidType })
  .trim()
  .min(1, { error: ErrorCode.validationRequired })
  .max(SYSTEM_SETTING_KEY_MAX, { error: ErrorCode.validationTooLong });

// The key's own rule (domain/system-settings.ts) decides; this only bounds what is read before it.
const value = z.string({ error: requiredOrInvalidType }).max(SYSTEM_SETTING_VALUE_MAX, { error: ErrorCode.validationTooLong });

/** The issue a value gets under its key's rule, or null (validation.unknownKey for a key outside the registry). */
export function systemSettingValueIssue(settingKey: string, settingValue: string): SettingIssue | null {
  const checked = checkSystemSetting(settingKey, settingValue);
  return checked.ok ? null : checked.issue;
}

/**
 * POST /api/system_settings: `{ "system_setting": { "key": "app_store_url", "value": "https://..." } }`. The key must be
 * one of the registry's (422 validation.unknownKey on `/system_setting/key`), the value must pass the key's schema
 * (on `/system_setting/value`); the value is stored normalised (trimmed).
 */
export const CreateSystemSettingSchema = strictPayload({
  system_setting: strictPayload({ key, value }).transform((input, context) => {
    const checked = checkSystemSetting(input.key, input.value);
    if (checked.ok) return { key: input.key, value: checked.value };
    const unknown = checked.issue.code === ErrorCode.validationUnknownKey;
    context.issues.push({
      code: 'custom',
      message: checked.issue.code,
      path: [unknown ? 'key' : 'value'],
      input: unknown ? input.key : input.value,
      ...(checked.issue.params ? { params: checked.issue.params } : {}),
    });
    return z.NEVER;
  }),
});

/**
 * PUT /api/system_settings/{id}: `{ "system_setting": { "value": "https://..." } }`. The key stays as created (the
 * page and the app read settings by key); the value's rule depends on the stored key, so the server checks it with
 * checkSystemSetting once it has read the row.
 */
export const UpdateSystemSettingSchema = strictPayload({ system_setting: strictPayload({ value }) });

export type CreateSystemSetting = z.output<typeof CreateSystemSettingSchema>['system_setting'];
export type UpdateSystemSetting = z.output<typeof UpdateSystemSettingSchema>['system_setting'];
