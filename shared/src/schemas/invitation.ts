import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { requiredOrInvalidType, strictPayload } from './common';
import { memberEmail, memberName } from './member';

/** The identity provider's default policy (spec §5, §9): at least 6 characters. */
export const PASSWORD_LIMITS = { min: 6, max: 128 } as const;

const token = z
  .string({ error: requiredOrInvalidType })
  .min(1, { error: ErrorCode.validationRequired })
  .max(200, { error: ErrorCode.validationInvalidFormat })
  .regex(/^[A-Za-z0-9_-]+$/, { error: ErrorCode.validationInvalidFormat });
const email = z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), memberEmail);

export const passwordSchema = z
  .string({ error: requiredOrInvalidType })
  .min(1, { error: ErrorCode.validationRequired })
  .min(PASSWORD_LIMITS.min, { error: ErrorCode.validationTooShort })
  .max(PASSWORD_LIMITS.max, { error: ErrorCode.validationTooLong });

/** POST /user/check_effective_token */
export const CheckEffectiveTokenSchema = strictPayload({ user: strictPayload({ token }) });

/** POST /user/accept_invitation: the invitee chooses a name and a password. */
export const AcceptInvitationSchema = strictPayload({
  user: strictPayload({
    token,
    name: memberName({ min: 1 }),
    password: passwordSchema,
  }),
});
export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;

/** POST /user/check_existence and /user/resend_invitation_from_email */
export const EmailLookupSchema = strictPayload({ user: strictPayload({ email }) });
