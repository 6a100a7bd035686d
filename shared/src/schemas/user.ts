import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { graphemeString } from './text';
import { SUPPORTED_LANGUAGES } from '../i18n/languages';
import { requiredOrInvalidType, strictPayload, integerError, oneOfError } from './common';
import { dateField } from './dates';
import { isFutureDay } from './activity';
import { imageUrlSchema } from './guild';
import { DeviceSchema, NotificationPreferencesSchema } from './push';
import { USER_LIMITS } from './user-limits';

export { USER_LIMITS } from './user-limits';

// 1900-01-01 (every date's floor) up to today: the latest calendar day anywhere on Earth, so nobody's today is refused.
const birthday = dateField().refine((day) => !isFutureDay(day, new Date()), { error: ErrorCode.validationFutureDate });

/** A measure in a human range, kept to one decimal (170.25 is stored as 170.3). */
const measure = (min: number, max: number) =>
  z
    .number({ error: requiredOrInvalidType })
    .min(min, { error: ErrorCode.validationTooSmall })
    .max(max, { error: ErrorCode.validationTooBig })
    .transform((value) => Math.round(value * 10) / 10);

const restingHeartRate = z
  .int({ error: integerError })
  .min(USER_LIMITS.restingHeartRateMin, { error: ErrorCode.validationTooSmall })
  .max(USER_LIMITS.restingHeartRateMax, { error: ErrorCode.validationTooBig });

// An image POST /api/images handed out, as every other picture of the product: never an address a browser would fetch.
const icon = imageUrlSchema;

// The interface language the user chose; the portal applies it after sign-in, on any browser.
const language = z.enum(SUPPORTED_LANGUAGES, {
  error: oneOfError,
});

/** PUT /api/users/{id}: the own profile, plus the device to push to. Every field may be left out; null clears it (the language always has one). */
export const UpdateUserSchema = strictPayload({
  user: strictPayload({
    name: graphemeString({ min: 1, max: USER_LIMITS.nameMax, trim: true }).optional(),
    nickname: graphemeString({ max: USER_LIMITS.nicknameMax, trim: true }).nullable().optional(),
    birthday: birthday.nullable().optional(),
    resting_heart_rate: restingHeartRate.nullable().optional(),
    height_cm: measure(USER_LIMITS.heightCmMin, USER_LIMITS.heightCmMax).nullable().optional(),
    weight_kg: measure(USER_LIMITS.weightKgMin, USER_LIMITS.weightKgMax).nullable().optional(),
    icon: icon.nullable().optional(),
    language: language.optional(),
    device: DeviceSchema.optional(),
    notification_preferences: NotificationPreferencesSchema.optional(),
  }),
});

export type UpdateUserInput = z.input<typeof UpdateUserSchema>;
export type UpdateUser = z.output<typeof UpdateUserSchema>;
