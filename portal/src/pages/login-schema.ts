import * as z from 'zod/mini';
import type { ErrorCode } from '@kiwi/shared/api/error-codes';

// SPEC §5 leaves the exact login field validation open: both fields required, the email well-formed (docs/decisions.md).
// zod/mini, the tree-shakable form of the same validator, and the codes as checked literals rather than the whole
// ErrorCode table: the sign-in pages must load light (issue 14's /login budget).
const REQUIRED: ErrorCode = 'validation.required';
const INVALID_EMAIL: ErrorCode = 'validation.invalidEmail';
const email = z.pipe(z.string().check(z.trim(), z.minLength(1, { error: REQUIRED })), z.email({ error: INVALID_EMAIL }));

export const LoginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, { error: REQUIRED })),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const ResetPasswordSchema = z.object({ email });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
