import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type CoinCancelReason, kiwiCoinTransfers } from '../../db/schema/coins';
import type { JobHandler } from '../../jobs/worker';
import { ApiError } from '../../jsonapi/errors';
import { executeGrant, SCHEDULED_GRANT_JOB } from './grants';
import { memberCards } from './member-cards';

export { SCHEDULED_GRANT_JOB };

const Payload = z.object({ transferId: z.number().int().positive() });

/**
 * Executes a scheduled grant at its time, inside the job's claiming transaction (exactly once). A grant cancelled
 * meanwhile is left alone. One whose recipient is no longer an active member, or that the organisation can no longer
 * afford, is canceled (no coins moved) with a machine reason the portal translates, rather than retried forever.
 */
export const runScheduledGrant: JobHandler = async (tx, job, now) => {
  const { transferId } = Payload.parse(job.payload);
  const [transfer] = await tx.select().from(kiwiCoinTransfers).where(eq(kiwiCoinTransfers.id, transferId)).for('update');
  if (transfer?.status !== 'pending') return;
  const cancel = async (cancelReason: CoinCancelReason) => {
    await tx
      .update(kiwiCoinTransfers)
      .set({ status: 'canceled', canceledAt: now, cancelReason })
      .where(eq(kiwiCoinTransfers.id, transfer.id));
  };
  if (transfer.organizationMemberId !== null) {
    const recipient = (await memberCards(tx, [transfer.organizationMemberId])).get(transfer.organizationMemberId);
    if (!recipient || recipient.organizationId !== transfer.organizationId || !isMembershipActive(recipient, now)) {
      await cancel('recipientInactive');
      return;
    }
  }
  try {
    await tx.transaction((inner) => executeGrant(inner, transfer, now));
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== ErrorCode.coinsNotEnough) throw error;
    await cancel('organizationBalanceShort');
  }
};
