import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { PASSWORD_LIMITS } from '@kiwi/shared/schemas/invitation';
import { z } from 'zod';

/** The current password re-entered before a cancellation (SPEC §7 re-authentication); Firebase judges it. */
export const CancellationPasswordSchema = z.object({
  password: z.string().min(1, { error: ErrorCode.validationRequired }).max(PASSWORD_LIMITS.max, { error: ErrorCode.validationTooLong }),
});
export type CancellationPassword = z.infer<typeof CancellationPasswordSchema>;
