// Grants: coins from the organisation (a manager) or from issuance (an admin), now or scheduled, and their cancelling.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type KiwiCoinTransferRow, kiwiCoinTransfers } from '../../db/schema/coins';
import { organizations } from '../../db/schema/organizations';
import { cancelJob, scheduleJob } from '../../jobs/schedule';
import { ApiError, notFound, notFoundInOrganization } from '../../jsonapi/errors';
import { type CoinAccount, moveCoins } from './ledger';
import { memberCards, recipientUnavailable } from './member-cards';

export const SCHEDULED_GRANT_JOB = 'coins.scheduled_grant';
export const grantJobKey = (transferId: number) => `coins.scheduled_grant:${transferId}`;

type GrantRequest = {
  kind: 'grant' | 'admin_grant';
  organizationId: number;
  organizationMemberId: number | null;
  amount: number;
  description: string | null;
  message: string | null;
  transferredAt: Date;
  createdByUserId: number;
  now: Date;
};

/**
 * A grant: transferred now, or (transferredAt in the future) pending with a job that executes it then. The recipient
 * must belong to the organisation and be active at transferredAt; a manager's grant never goes to the manager.
 */
export async function createGrant(tx: Executor, request: GrantRequest): Promise<KiwiCoinTransferRow> {
  const [organization] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, request.organizationId));
  if (!organization) throw new ApiError(ErrorCode.resourceNotFound, { status: 422, pointer: '/kiwi_coin_transfer/organization_id' });
  if (request.organizationMemberId !== null) {
    const card = (await memberCards(tx, [request.organizationMemberId])).get(request.organizationMemberId);
    // biome-ignore lint/complexity/useMathMinMax: these are Dates; Math.max would turn them into numbers.
    const at = request.transferredAt > request.now ? request.transferredAt : request.now;
    if (!card || card.organizationId !== request.organizationId) throw notFoundInOrganization('/kiwi_coin_transfer/organization_member_id');
    if (!isMembershipActive(card, at)) throw recipientUnavailable('/kiwi_coin_transfer/organization_member_id');
    // A manager spends the organisation's balance for others, never for themselves (admin grants are not affected).
    if (request.kind === 'grant' && card.userId === request.createdByUserId) {
      throw new ApiError(ErrorCode.coinsSelfGrant, { pointer: '/kiwi_coin_transfer/organization_member_id' });
    }
  }
  const scheduled = request.transferredAt.getTime() > request.now.getTime();
  const [transfer] = await tx
    .insert(kiwiCoinTransfers)
    .values({
      kind: request.kind,
      organizationId: request.organizationId,
      organizationMemberId: request.organizationMemberId,
      amount: request.amount,
      description: request.description,
      message: request.message,
      status: 'pending',
      transferredAt: scheduled ? request.transferredAt : request.now,
      createdByUserId: request.createdByUserId,
      createdAt: request.now,
    })
    .returning();
  if (!transfer) throw new Error('transfer not inserted');
  if (scheduled) {
    await scheduleJob(tx, {
      kind: SCHEDULED_GRANT_JOB,
      runAt: request.transferredAt,
      payload: { transferId: transfer.id },
      dedupeKey: grantJobKey(transfer.id),
    });
    return transfer;
  }
  return executeGrant(tx, transfer, request.now);
}

/** Moves a pending grant's coins (the row must be locked by the caller) and marks it transferred. */
export async function executeGrant(tx: Executor, transfer: KiwiCoinTransferRow, now: Date): Promise<KiwiCoinTransferRow> {
  const from: CoinAccount =
    transfer.kind === 'admin_grant' ? { kind: 'issuance' } : { kind: 'organization', organizationId: transfer.organizationId };
  const to: CoinAccount =
    transfer.organizationMemberId === null
      ? { kind: 'organization', organizationId: transfer.organizationId }
      : { kind: 'member', organizationMemberId: transfer.organizationMemberId };
  await moveCoins(tx, {
    from,
    legs: [{ to, amount: transfer.amount }],
    reason: transfer.kind === 'admin_grant' ? 'admin_grant' : 'grant',
    kiwiCoinTransferId: transfer.id,
  });
  const [updated] = await tx
    .update(kiwiCoinTransfers)
    .set({ status: 'transferred', transferredAt: transfer.transferredAt > now ? now : transfer.transferredAt })
    .where(eq(kiwiCoinTransfers.id, transfer.id))
    .returning();
  if (!updated) throw new Error('transfer vanished');
  return updated;
}

/**
 * Cancels a pending grant (409 coins.notPending otherwise). With `organizationId` (a manager) only that organisation's
 * own grants: an admin grant is the platform's and only an admin cancels it.
 * Locks in the jobs worker's order, job row first and then the transfer: the worker claims the job and then locks the
 * transfer, so the opposite order deadlocks on PostgreSQL when a cancel arrives while the grant is being executed.
 * Waiting on the claimed job means the cancel sees the outcome: already transferred (409) or still pending.
 */
export async function cancelGrant(
  tx: Executor,
  { transferId, organizationId, now }: { transferId: number; organizationId: number | null; now: Date },
): Promise<KiwiCoinTransferRow> {
  const conditions: SQL[] = [eq(kiwiCoinTransfers.id, transferId)];
  conditions.push(
    organizationId === null ? inArray(kiwiCoinTransfers.kind, ['grant', 'admin_grant']) : eq(kiwiCoinTransfers.kind, 'grant'),
  );
  if (organizationId !== null) conditions.push(eq(kiwiCoinTransfers.organizationId, organizationId));
  // Rolled back with everything else when the transfer turns out not to be cancellable.
  await cancelJob(tx, grantJobKey(transferId));
  const [transfer] = await tx
    .select()
    .from(kiwiCoinTransfers)
    .where(and(...conditions))
    .for('update');
  if (!transfer) throw notFound();
  if (transfer.status !== 'pending') throw new ApiError(ErrorCode.coinsNotPending);
  const [updated] = await tx
    .update(kiwiCoinTransfers)
    .set({ status: 'canceled', canceledAt: now, cancelReason: 'manual' })
    .where(eq(kiwiCoinTransfers.id, transfer.id))
    .returning();
  if (!updated) throw new Error('transfer vanished');
  return updated;
}
