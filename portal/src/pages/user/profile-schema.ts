import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { PASSWORD_LIMITS, passwordSchema } from '@kiwi/shared/schemas/invitation';
import { MEMBER_LIMITS, memberEmail } from '@kiwi/shared/schemas/member';
import { UpdateUserSchema, USER_LIMITS } from '@kiwi/shared/schemas/user';
import { z } from 'zod';

// The profile page's forms, checked with the server's own field schemas (PUT /api/users/{id}), so the page and the
// server answer the same codes. Inputs hold text; an empty optional field means "clear it" (null).
const fields = UpdateUserSchema.shape.user.shape;

const text = z.string();
const blankToNull = (value: string) => (value.trim() === '' ? null : value);
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

export const ProfileFormSchema = z.object({
  name: fields.name.unwrap(),
  nickname: text.transform(blankToNull).pipe(fields.nickname.unwrap()),
  // Only ImageInput sets it (an uploaded image's URL); an icon stored before the upload rule stays until replaced.
  icon: z.string().nullable(),
  birthday: text.transform(blankToNull).pipe(fields.birthday.unwrap()),
  resting_heart_rate: text.transform(numberOrNull).pipe(fields.resting_heart_rate.unwrap()),
  height_cm: text.transform(numberOrNull).pipe(fields.height_cm.unwrap()),
  weight_kg: text.transform(numberOrNull).pipe(fields.weight_kg.unwrap()),
  language: fields.language.unwrap(),
});
export type ProfileFormInput = {
  name: string;
  nickname: string;
  icon: string | null;
  birthday: string;
  resting_heart_rate: string;
  height_cm: string;
  weight_kg: string;
  language: 'ja' | 'en';
};
export type ProfileFormOutput = z.output<typeof ProfileFormSchema>;
export type ProfileField = keyof ProfileFormInput;

/** The fields the member changed, the payload of PUT /api/users/{id}: untouched ones are not sent (nor judged again). */
export function changedFields(values: ProfileFormOutput, dirty: Partial<Record<ProfileField, unknown>>): Partial<ProfileFormOutput> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => dirty[field as ProfileField])) as Partial<ProfileFormOutput>;
}

/** Interpolation values of each field's messages ("Enter a value of {{max}} or less"). */
export const PROFILE_MESSAGE_PARAMS: Record<ProfileField, Record<string, number>> = {
  name: { count: USER_LIMITS.nameMax },
  nickname: { count: USER_LIMITS.nicknameMax },
  icon: {},
  birthday: {},
  resting_heart_rate: { min: USER_LIMITS.restingHeartRateMin, max: USER_LIMITS.restingHeartRateMax },
  height_cm: { min: USER_LIMITS.heightCmMin, max: USER_LIMITS.heightCmMax },
  weight_kg: { min: USER_LIMITS.weightKgMin, max: USER_LIMITS.weightKgMax },
  language: {},
};

/** The form's values as they start, from the product user. */
export function profileFormValues(user: {
  name: string;
  nickname?: string | null;
  icon?: string | null;
  birthday?: string | null;
  restingHeartRate?: number | null;
  heightCm?: number | null;
  weightKg?: number | null;
  language?: 'ja' | 'en';
}): ProfileFormInput {
  const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));
  return {
    name: user.name,
    nickname: user.nickname ?? '',
    icon: user.icon ?? null,
    birthday: user.birthday ?? '',
    resting_heart_rate: text(user.restingHeartRate),
    height_cm: text(user.heightCm),
    weight_kg: text(user.weightKg),
    language: user.language ?? 'ja',
  };
}

/** Re-authenticate with the current password, then a new address gets the verify-and-change link. */
export const EmailChangeSchema = z.object({
  newEmail: text.transform((value) => value.trim().toLowerCase()).pipe(memberEmail),
  currentPassword: z.string().min(1, { error: ErrorCode.validationRequired }),
});
export type EmailChangeInput = z.input<typeof EmailChangeSchema>;
export type EmailChange = z.output<typeof EmailChangeSchema>;

/** SPEC §5, §7: the identity provider's policy (at least 6), typed twice; the current password re-authenticates. */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, { error: ErrorCode.validationRequired }),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, { error: ErrorCode.validationRequired }),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], error: 'mismatch' });
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;
export { PASSWORD_LIMITS };
export const EMAIL_MAX = MEMBER_LIMITS.emailMax;
