import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { PASSWORD_LIMITS, passwordSchema } from '@kiwi/shared/schemas/invitation';
import { memberEmail } from '@kiwi/shared/schemas/member';
import { z } from 'zod';

// The action page's forms, with the schemas the rest of Kiwi uses for the same fields.

/** resetPassword: the identity provider's policy (spec §5: at least 6), typed twice. */
export const NewPasswordSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, { error: ErrorCode.validationRequired }),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], error: 'mismatch' });
export type NewPassword = z.infer<typeof NewPasswordSchema>;

/** signIn on another device: the address the link was sent to. */
export const SignInEmailSchema = z.object({
  email: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(memberEmail),
});
export type SignInEmailInput = z.input<typeof SignInEmailSchema>;
export type SignInEmail = z.output<typeof SignInEmailSchema>;

export { PASSWORD_LIMITS };

/** Where the login page keeps the address it mailed a sign-in link to (contract with the sign-in link sender). */
export const EMAIL_FOR_SIGN_IN_KEY = 'kiwi.emailForSignIn';
