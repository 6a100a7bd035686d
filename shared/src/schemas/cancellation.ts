import { z } from 'zod';
import { requiredOrInvalidType, strictPayload } from './common';

/**
 * POST /api/user/cancellation (issue 16): the member confirmed in the dialog. The explicit `confirm: true` keeps an
 * empty or mistaken POST from closing an account.
 */
export const CancelAccountSchema = strictPayload({
  cancellation: strictPayload({ confirm: z.literal(true, { error: requiredOrInvalidType }) }),
});
export type CancelAccountInput = z.infer<typeof CancelAccountSchema>;
