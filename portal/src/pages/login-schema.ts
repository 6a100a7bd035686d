import { z } from 'zod';
import { ErrorCode } from '@kiwi/shared/api/error-codes';

// SPEC §5 leaves the exact login field validation open: both fields required, the email well-formed (docs/decisions.md).
const email = z
  .string()
  .trim()
  .min(1, { error: ErrorCode.validationRequired })
  .pipe(z.email({ error: ErrorCode.validationInvalidEmail }));

export const LoginSchema = z.object({
  email,
  password: z.string().min(1, { error: ErrorCode.validationRequired }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const ResetPasswordSchema = z.object({ email });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
