import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { JOIN_CODE_INPUT_MAX, normalizeJoinCode } from '../domain/join-code';
import { SUPPORTED_LANGUAGES } from '../i18n/languages';
import { requiredOrInvalidType, strictPayload, oneOfError } from './common';
import { passwordSchema } from './invitation';
import { memberEmail, memberName } from './member';
import { graphemeString } from './text';
import { USER_LIMITS } from './user-limits';

/** How long a confirmation link works (docs/decisions.md): a day, since a sign-up is usually confirmed at once. */
export const CONFIRMATION_LIFETIME_HOURS = 24;

const email = z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), memberEmail);

/** The code as typed (any case, spaces, hyphens), answered in its stored form; anything that cannot be one is 422. */
export const joinCodeSchema = z
  .string({ error: requiredOrInvalidType })
  .max(JOIN_CODE_INPUT_MAX, { error: ErrorCode.validationInvalidFormat })
  .refine((typed) => typed.trim() !== '', { error: ErrorCode.validationRequired, abort: true })
  .transform((typed, context) => {
    const code = normalizeJoinCode(typed);
    if (code === null) {
      context.addIssue({ code: 'custom', message: ErrorCode.validationInvalidFormat });
      return z.NEVER;
    }
    return code;
  });

const confirmationToken = z
  .string({ error: requiredOrInvalidType })
  .min(1, { error: ErrorCode.validationRequired })
  .max(200, { error: ErrorCode.validationInvalidFormat })
  .regex(/^[A-Za-z0-9_-]+$/, { error: ErrorCode.validationInvalidFormat });

const language = z.enum(SUPPORTED_LANGUAGES, {
  error: oneOfError,
});

/** POST /api/consumer_users: a person signs up to a consumer-plan organisation with its join code. */
export const SignUpSchema = strictPayload({
  consumer_user: strictPayload({
    email,
    password: passwordSchema,
    name: memberName({ min: 1 }),
    nickname: graphemeString({ min: 1, max: USER_LIMITS.nicknameMax, trim: true }),
    join_code: joinCodeSchema,
    /** The language the mails and the product speak to them in; the page's language when left out. */
    language: language.optional(),
  }),
});
export type SignUpInput = z.input<typeof SignUpSchema>['consumer_user'];

/** POST /api/consumer_users/confirmation: the token of the mailed link. */
export const ConfirmationSchema = strictPayload({ consumer_user: strictPayload({ confirmation_token: confirmationToken }) });

/** POST /api/consumer_users/resend_confirmation */
export const ResendConfirmationSchema = strictPayload({ consumer_user: strictPayload({ email }) });
