import { ConfirmationSchema, ResendConfirmationSchema, SignUpSchema } from '@kiwi/shared/schemas/consumer-user';
import { PASSWORD_LIMITS } from '@kiwi/shared/schemas/invitation';
import { USER_LIMITS } from '@kiwi/shared/schemas/user-limits';
import { z } from 'zod';

// The sign-up and resend forms, checked with the server's own field schemas (POST /api/consumer_users), so the page
// and the server answer the same codes; only the repeated password is the page's own.
const fields = SignUpSchema.shape.consumer_user.shape;

/** The page's own code for two passwords that differ (translated from the signup namespace, not errors). */
export const PASSWORD_MISMATCH = 'passwordMismatch';

export const SignUpFormSchema = z
  .object({
    email: fields.email,
    password: fields.password,
    password_confirmation: z.string(),
    name: fields.name,
    nickname: fields.nickname,
    join_code: fields.join_code,
  })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    error: PASSWORD_MISMATCH,
  });
export type SignUpFormInput = z.input<typeof SignUpFormSchema> & Record<keyof z.input<typeof SignUpFormSchema>, string>;
export type SignUpFormOutput = z.output<typeof SignUpFormSchema>;
export type SignUpField = keyof SignUpFormInput;

/** The payload of POST /api/consumer_users: the form's values, in the page's language. */
export function signUpPayload({ password_confirmation: _repeated, ...values }: SignUpFormOutput, language: string) {
  return { consumer_user: { ...values, language: language === 'en' ? 'en' : 'ja' } };
}

/** Interpolation values of a field's length messages ("6 characters or more", "up to 30"). */
export function messageParams(field: SignUpField, code: string): Record<string, number> {
  if (field === 'password') return { count: code === 'validation.tooShort' ? PASSWORD_LIMITS.min : PASSWORD_LIMITS.max };
  if (field === 'nickname') return { count: USER_LIMITS.nicknameMax };
  if (field === 'name') return { count: USER_LIMITS.nameMax };
  return {};
}

export const ResendFormSchema = z.object({ email: ResendConfirmationSchema.shape.consumer_user.shape.email });
export type ResendFormInput = { email: string };

/** A link's token as the server would take it, or null (nothing to send for a mangled link). */
export function confirmationTokenOf(search: URLSearchParams): string | null {
  const token = search.get('confirmation_token');
  if (token === null) return null;
  return ConfirmationSchema.shape.consumer_user.shape.confirmation_token.safeParse(token).success ? token : '';
}
