import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { SIGN_IN_METHODS } from '../domain/sign-in-policy';
import { requiredOrInvalidType, strictPayload } from './common';

/** The allowed methods: at least one, each at most once (order kept), none outside SIGN_IN_METHODS. */
const SignInMethodsSchema = z
  .array(z.unknown(), { error: requiredOrInvalidType })
  .max(SIGN_IN_METHODS.length * 2, { error: ErrorCode.validationTooManyItems })
  .pipe(z.array(z.enum(SIGN_IN_METHODS, { error: ErrorCode.validationOneOf })))
  .transform((methods) => [...new Set(methods)])
  .refine((methods) => methods.length > 0, { error: ErrorCode.validationRequired });

/**
 * PUT /api/organizations/{id}/sign_in_policy:
 * `{ "sign_in_policy": { "sign_in_methods": ["password", "google"], "mfa_required_for_managers": true } }`.
 */
export const SignInPolicyPayloadSchema = strictPayload({
  sign_in_policy: strictPayload({
    sign_in_methods: SignInMethodsSchema,
    mfa_required_for_managers: z.boolean({ error: requiredOrInvalidType }),
  }),
});

export type SignInPolicyPayload = z.input<typeof SignInPolicyPayloadSchema>;

/** The settings page's form: the same rules in the page's field names. */
export const SignInPolicyFormSchema = z.object({
  signInMethods: SignInMethodsSchema,
  mfaRequiredForManagers: z.boolean({ error: requiredOrInvalidType }),
});
export type SignInPolicyForm = z.input<typeof SignInPolicyFormSchema>;
