import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { COIN_LIMITS, coinMessageProblem } from '../domain/coin-message';
import { graphemeString } from './text';
import { PaginationSchema, requiredOrInvalidType, strictPayload, integerError } from './common';
import { dateParameter, dateTimeField } from './dates';

export const COIN_TRANSFER_STATUSES = ['pending', 'transferred', 'canceled'] as const;
export const COIN_TRANSFER_KINDS = ['message', 'grant', 'admin_grant'] as const;

const id = z
  .int({ error: integerError })
  .positive({ error: ErrorCode.validationPositive })
  .max(2_147_483_647, { error: ErrorCode.validationTooBig });

/** A whole number of coins from 1 to COIN_LIMITS.amountMax; 0, negative, fractional and huge amounts are refused. */
export const coinAmount = z
  .number({ error: requiredOrInvalidType })
  .refine(Number.isInteger, { error: ErrorCode.validationInteger, abort: true })
  .pipe(z.number().positive({ error: ErrorCode.validationPositive }).max(COIN_LIMITS.amountMax, { error: ErrorCode.validationTooBig }));

const recipient = strictPayload({ organization_member_id: id, amount: coinAmount });

/** POST /api/user/kiwi_coin_transfers: one message to one or more colleagues, an amount each. */
export const SendCoinsSchema = strictPayload({
  kiwi_coin_transfer: strictPayload({
    // Required and at most messageMax graphemes: the rule the send form states under the field (coinMessageProblem).
    message: z.string({ error: requiredOrInvalidType }).check((payload) => {
      const problem = coinMessageProblem(payload.value);
      if (problem) payload.issues.push({ code: 'custom', message: problem.code, params: problem.params, input: payload.value });
    }),
    recipients: z
      .array(recipient, { error: requiredOrInvalidType })
      .min(1, { error: ErrorCode.validationRequired })
      .max(COIN_LIMITS.recipientsMax, { error: ErrorCode.validationTooLong })
      .refine((list) => new Set(list.map((r) => r.organization_member_id)).size === list.length, {
        error: ErrorCode.coinsDuplicateRecipient,
      }),
  }),
});
export type SendCoinsInput = z.infer<typeof SendCoinsSchema>;

const transferredAt = dateTimeField();

const grantFields = {
  amount: coinAmount,
  description: graphemeString({ max: COIN_LIMITS.descriptionMax }).nullish(),
  message: graphemeString({ max: COIN_LIMITS.messageMax }).nullish(),
  /** In the future: a scheduled grant, pending until then. Absent or past: transferred now. */
  transferred_at: transferredAt.nullish(),
};

/** POST /api/organizations/{id}/kiwi_coin_transfers: a manager grants coins from the organisation balance. */
export const GrantCoinsSchema = strictPayload({
  kiwi_coin_transfer: strictPayload({ organization_member_id: id, ...grantFields }),
});
export type GrantCoinsInput = z.infer<typeof GrantCoinsSchema>;

/** POST /api/kiwi_coin_transfers: a platform admin issues coins to an organisation's balance or one of its members. */
export const AdminGrantCoinsSchema = strictPayload({
  kiwi_coin_transfer: strictPayload({ organization_id: id, organization_member_id: id.nullish(), ...grantFields }),
});
export type AdminGrantCoinsInput = z.infer<typeof AdminGrantCoinsSchema>;

const invalidParameter = { error: ErrorCode.requestInvalidParameter };
const day = dateParameter();

/** Query of the transfer lists: status, period (transferredAt between from and to, inclusive days), CSV export. */
export const CoinTransferListQuerySchema = PaginationSchema.extend({
  status: z.enum(COIN_TRANSFER_STATUSES, invalidParameter).optional(),
  kind: z.enum(COIN_TRANSFER_KINDS, invalidParameter).optional(),
  from: day.optional(),
  to: day.optional(),
  format: z.enum(['json', 'csv'], invalidParameter).default('json'),
  organization_id: z
    .string(invalidParameter)
    .regex(/^[1-9]\d{0,9}$/, invalidParameter)
    .transform(Number)
    .optional(),
});
export type CoinTransferListQuery = z.infer<typeof CoinTransferListQuerySchema>;
