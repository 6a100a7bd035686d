import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { graphemeString } from './text';
import { SUPPORTED_LANGUAGES } from '../i18n/create-i18n';
import { requiredOrInvalidType, strictPayload } from './common';
import { dateField } from './dates';
import { DeviceSchema, NotificationPreferencesSchema } from './push';

// Limits the spec leaves open ("other product limits: not shown"); the birthday's range is every date's (dates.ts).
export const USER_LIMITS = {
  nameMax: 50,
  nicknameMax: 30,
  restingHeartRateMin: 30,
  restingHeartRateMax: 220,
  iconMax: 2048,
} as const;

const birthday = dateField();

const restingHeartRate = z
  .int({ error: (issue) => (typeof issue.input === 'number' ? ErrorCode.validationInteger : requiredOrInvalidType(issue)) })
  .min(USER_LIMITS.restingHeartRateMin, { error: ErrorCode.validationTooSmall })
  .max(USER_LIMITS.restingHeartRateMax, { error: ErrorCode.validationTooBig });

const icon = z
  .url({
    protocol: /^https?$/,
    error: (issue) => (typeof issue.input === 'string' ? ErrorCode.validationInvalidFormat : requiredOrInvalidType(issue)),
  })
  .max(USER_LIMITS.iconMax, { error: ErrorCode.validationTooLong });

// The interface language the user chose; the portal applies it after sign-in, on any browser.
const language = z.enum(SUPPORTED_LANGUAGES, {
  error: (issue) => (typeof issue.input === 'string' ? ErrorCode.validationOneOf : requiredOrInvalidType(issue)),
});

/** PUT /api/users/{id}: the own profile, plus the device to push to. Every field may be left out; null clears it (the language always has one). */
export const UpdateUserSchema = strictPayload({
  user: strictPayload({
    name: graphemeString({ min: 1, max: USER_LIMITS.nameMax, trim: true }).optional(),
    nickname: graphemeString({ max: USER_LIMITS.nicknameMax, trim: true }).nullable().optional(),
    birthday: birthday.nullable().optional(),
    resting_heart_rate: restingHeartRate.nullable().optional(),
    icon: icon.nullable().optional(),
    language: language.optional(),
    device: DeviceSchema.optional(),
    notification_preferences: NotificationPreferencesSchema.optional(),
  }),
});

export type UpdateUserInput = z.input<typeof UpdateUserSchema>;
export type UpdateUser = z.output<typeof UpdateUserSchema>;
