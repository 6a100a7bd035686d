// Issue 20 point 6: the one registry of system settings. Every key the product reads is defined here with the zod
// schema of its value (stored as text in system_settings.value); a write names a key of this registry or is refused
// (422 validation.unknownKey), and its value must pass the key's schema. The server, the admin page's typed form and
// the readers (app install, rate limits, maintenance message) all use these definitions.
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { textProblem } from './graphemes';
import { isHttpsSettingUrl, SYSTEM_SETTING_URL_MAX } from './setting-url';

export { isHttpsSettingUrl, SYSTEM_SETTING_URL_MAX };

/** A maintenance message, per language, in graphemes: a banner line or two, never a page. */
export const MAINTENANCE_MESSAGE_MAX = 300;
/** Requests per minute and IP for the calls anyone may make without signing in (config PUBLIC_RATE_LIMIT's default). */
export const PUBLIC_RATE_LIMIT_RANGE = { min: 10, max: 10_000 } as const;

const httpsUrl = z
  .string({ error: ErrorCode.validationInvalidType })
  .trim()
  .check((payload) => {
    const value = payload.value;
    const issue = (message: string, params?: Record<string, unknown>) =>
      payload.issues.push({ code: 'custom', message, input: value, ...(params ? { params } : {}) });
    if (value === '') issue(ErrorCode.validationRequired);
    else if (value.length > SYSTEM_SETTING_URL_MAX) issue(ErrorCode.validationTooLong, { count: SYSTEM_SETTING_URL_MAX });
    else if (!isHttpsSettingUrl(value)) issue(ErrorCode.validationInvalidUrl);
  });

/** Bounded text that may be empty (an empty maintenance message shows no banner). */
const boundedText = (max: number) =>
  z
    .string({ error: ErrorCode.validationInvalidType })
    .trim()
    .check((payload) => {
      const problem = textProblem(payload.value, { max });
      if (problem) {
        payload.issues.push({
          code: 'custom',
          message: problem.code,
          input: payload.value,
          ...(problem.params ? { params: problem.params } : {}),
        });
      }
    });

/** A whole number written in decimal digits (the column is text), within [min, max]. */
const integerText = ({ min, max }: { min: number; max: number }) =>
  z
    .string({ error: ErrorCode.validationInvalidType })
    .trim()
    .min(1, { error: ErrorCode.validationRequired })
    .regex(/^\d{1,9}$/, { error: ErrorCode.validationInteger })
    .check((payload) => {
      if (!/^\d{1,9}$/.test(payload.value)) return;
      const value = Number(payload.value);
      if (value < min)
        payload.issues.push({ code: 'custom', message: ErrorCode.validationTooSmall, input: payload.value, params: { min } });
      if (value > max) payload.issues.push({ code: 'custom', message: ErrorCode.validationTooBig, input: payload.value, params: { max } });
    });

export type SystemSettingKind = 'url' | 'text' | 'integer';

export type SystemSettingDefinition = {
  kind: SystemSettingKind;
  schema: z.ZodType<string, string>;
  /** Text: the grapheme limit; integer: the range. */
  max?: number;
  min?: number;
  /** Written by the migration or the demo seed; a key without a row reads as its default. */
  defaultValue: string;
};

/**
 * Every setting key. Gacha rates are not here: the odds follow each gift's stock (domain/gacha-odds.ts) and every draw
 * stores the odds it used, so there is no rate constant to move into settings (docs/decisions.md).
 */
export const SYSTEM_SETTING_DEFINITIONS = {
  app_store_url: { kind: 'url', schema: httpsUrl, max: SYSTEM_SETTING_URL_MAX, defaultValue: '' },
  google_play_url: { kind: 'url', schema: httpsUrl, max: SYSTEM_SETTING_URL_MAX, defaultValue: '' },
  maintenance_message_ja: { kind: 'text', schema: boundedText(MAINTENANCE_MESSAGE_MAX), max: MAINTENANCE_MESSAGE_MAX, defaultValue: '' },
  maintenance_message_en: { kind: 'text', schema: boundedText(MAINTENANCE_MESSAGE_MAX), max: MAINTENANCE_MESSAGE_MAX, defaultValue: '' },
  public_rate_limit_per_minute: {
    kind: 'integer',
    schema: integerText(PUBLIC_RATE_LIMIT_RANGE),
    ...PUBLIC_RATE_LIMIT_RANGE,
    defaultValue: '300',
  },
} as const satisfies Record<string, SystemSettingDefinition>;

export type SystemSettingKey = keyof typeof SYSTEM_SETTING_DEFINITIONS;
export const SYSTEM_SETTING_KEYS = Object.keys(SYSTEM_SETTING_DEFINITIONS) as SystemSettingKey[];

export const isSystemSettingKey = (key: string): key is SystemSettingKey => Object.hasOwn(SYSTEM_SETTING_DEFINITIONS, key);

export type SettingIssue = { code: string; params?: Record<string, unknown> };

/**
 * The normalised value (trimmed) when `value` passes `key`'s schema, or the first issue: validation.unknownKey for a key
 * the registry does not know.
 */
export function checkSystemSetting(key: string, value: unknown): { ok: true; value: string } | { ok: false; issue: SettingIssue } {
  if (!isSystemSettingKey(key)) return { ok: false, issue: { code: ErrorCode.validationUnknownKey } };
  const result = SYSTEM_SETTING_DEFINITIONS[key].schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const [first] = result.error.issues;
  const params = (first as { params?: Record<string, unknown> } | undefined)?.params;
  return { ok: false, issue: { code: first?.message ?? ErrorCode.validationInvalidFormat, ...(params ? { params } : {}) } };
}

/** A stored value as its readers use it: the key's default when missing or no longer valid (a row written around the API). */
export function readSystemSetting(key: SystemSettingKey, stored: string | undefined): string {
  if (stored === undefined) return SYSTEM_SETTING_DEFINITIONS[key].defaultValue;
  const checked = checkSystemSetting(key, stored);
  return checked.ok ? checked.value : SYSTEM_SETTING_DEFINITIONS[key].defaultValue;
}
