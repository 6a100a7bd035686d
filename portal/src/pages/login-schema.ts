import * as z from 'zod/mini';
import { ErrorCode } from '@kiwi/shared/api/error-codes';

// SPEC §5 leaves the exact login field validation open: both fields required, the email well-formed (docs/decisions.md).
// zod/mini, the tree-shakable form of the same validator: the sign-in pages must load light (issue 14's /login budget).
const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, { error: ErrorCode.validationRequired })),
  z.email({ error: ErrorCode.validationInvalidEmail }),
);

export const LoginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, { error: ErrorCode.validationRequired })),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const ResetPasswordSchema = z.object({ email });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
