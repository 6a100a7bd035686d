import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { fillCoinMessage } from '@kiwi/shared/domain/coin-message';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import type { CoinTransferListQuery, SendCoinsInput } from '@kiwi/shared/schemas/coins';
import { and, count, desc, eq, getTableColumns, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberIcon, memberNickname } from '../members/display';
import { coinMessages, coinMovements, type KiwiCoinTransferRow, kiwiCoinTransfers } from '../../db/schema/coins';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { cancelJob, scheduleJob } from '../../jobs/schedule';
import { ApiError, notFound, notFoundInOrganization } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';
import { pushToMembers } from '../push/notify';
import { type CoinAccount, moveCoins, notEnoughCoins } from './ledger';
import { isHidden } from '../violation-reports/visibility';

export const SCHEDULED_GRANT_JOB = 'coins.scheduled_grant';
export const grantJobKey = (transferId: number) => `coins.scheduled_grant:${transferId}`;

export type MemberCard = {
  organizationMemberId: number;
  userId: number;
  organizationId: number;
  name: string;
  nickname: string | null;
  icon: string | null;
  email: string;
  language: 'ja' | 'en';
  activeFrom: Date | null;
  activeTo: Date | null;
};

const memberColumns = {
  organizationMemberId: organizationMembers.id,
  userId: organizationMembers.userId,
  organizationId: organizationMembers.organizationId,
  name: users.name,
  nickname: memberNickname,
  icon: memberIcon,
  email: users.email,
  language: users.language,
  activeFrom: organizationMembers.activeFrom,
  activeTo: organizationMembers.activeTo,
};

/** Names, icons and periods of members (any organisation), by member id. */
export async function memberCards(tx: Executor, memberIds: number[]): Promise<Map<number, MemberCard>> {
  if (memberIds.length === 0) return new Map();
  const rows = await tx
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(inArray(organizationMembers.id, [...new Set(memberIds)]));
  return new Map(rows.map((row) => [row.organizationMemberId, { ...row, language: row.language === 'en' ? 'en' : 'ja' }]));
}

/** The active member of an organisation whose account email is `email` (case-insensitive), for Slack. */
export async function memberByEmail(tx: Executor, organizationId: number, email: string, now: Date): Promise<MemberCard | null> {
  const rows = await tx
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), sql`lower(${users.email}) = lower(${email})`));
  const found = rows.find((row) => isMembershipActive(row, now));
  return found ? { ...found, language: found.language === 'en' ? 'en' : 'ja' } : null;
}

const recipientUnavailable = (pointer?: string) => new ApiError(ErrorCode.coinsRecipientUnavailable, pointer ? { pointer } : {});

/**
 * A coin message from one member to colleagues of the same organisation: one transfer per recipient with the message
 * filled in for them, one ledger movement for all, and one Slack notification. Refuses (nothing moved) a recipient who
 * is the sender, in another organisation, or not active now; "not enough" when the total exceeds the balance.
 */
export async function sendCoinMessage(
  tx: Executor,
  { senderMemberId, input, now }: { senderMemberId: number; input: SendCoinsInput['kiwi_coin_transfer']; now: Date },
): Promise<{ coinMessageId: number; transferIds: number[] }> {
  const cards = await memberCards(tx, [senderMemberId, ...input.recipients.map((r) => r.organization_member_id)]);
  const sender = cards.get(senderMemberId);
  if (!sender) throw notFound();
  input.recipients.forEach((recipient, index) => {
    const pointer = `/kiwi_coin_transfer/recipients/${index}/organization_member_id`;
    if (recipient.organization_member_id === senderMemberId) throw new ApiError(ErrorCode.coinsSelfTransfer, { pointer });
    const card = cards.get(recipient.organization_member_id);
    if (!card || card.organizationId !== sender.organizationId) throw notFoundInOrganization(pointer);
    if (!isMembershipActive(card, now)) throw recipientUnavailable(pointer);
  });

  const rendered = input.recipients.map((recipient) => {
    const card = cards.get(recipient.organization_member_id) as MemberCard;
    return { card, amount: recipient.amount, text: fillCoinMessage(input.message, card) };
  });
  // Coins first: the balance locks are the first locks this transaction takes (see moveCoins).
  const movementId = await moveCoins(tx, {
    from: { kind: 'member', organizationMemberId: senderMemberId },
    legs: rendered.map(({ card, amount }) => ({ to: { kind: 'member', organizationMemberId: card.organizationMemberId }, amount })),
    reason: 'message',
  });
  const [message] = await tx
    .insert(coinMessages)
    .values({ organizationId: sender.organizationId, senderMemberId, body: input.message, createdAt: now })
    .returning({ id: coinMessages.id });
  if (!message) throw new Error('coin message not inserted');
  const transfers = await tx
    .insert(kiwiCoinTransfers)
    .values(
      rendered.map(({ card, amount, text }) => ({
        kind: 'message' as const,
        organizationId: sender.organizationId,
        organizationMemberId: card.organizationMemberId,
        senderMemberId,
        coinMessageId: message.id,
        amount,
        message: text,
        status: 'transferred' as const,
        transferredAt: now,
        createdAt: now,
      })),
    )
    .returning({ id: kiwiCoinTransfers.id });
  await tx
    .update(coinMovements)
    .set({ kiwiCoinTransferId: transfers[0]?.id ?? null })
    .where(eq(coinMovements.id, movementId));
  const transferIds = transfers.map((t) => t.id);
  await enqueue(
    tx,
    'slack.coin_message',
    {
      sender: { memberId: senderMemberId, name: sender.name, icon: sender.icon },
      recipients: rendered.map(({ card, amount }) => ({ memberId: card.organizationMemberId, name: card.name, amount })),
      // One text for the channel: with several recipients the placeholders read as each one's own name in the portal.
      message:
        rendered.length === 1
          ? (rendered[0]?.text ?? input.message)
          : fillCoinMessage(input.message, { name: rendered.map((r) => r.card.name).join(', '), nickname: null }),
      transferIds,
    },
    { organizationId: sender.organizationId },
  );
  const received = new Map(rendered.map((entry) => [entry.card.organizationMemberId, entry]));
  await pushToMembers(tx, {
    kind: 'coin_message',
    organizationMemberIds: [...received.keys()],
    path: '/',
    organizationId: sender.organizationId,
    render: (t, { organizationMemberId }) => {
      const entry = received.get(organizationMemberId)!;
      return {
        title: t('push:coin_message.title', { sender: sender.name, amount: entry.amount, count: entry.amount }),
        body: t('push:coin_message.body', { message: entry.text }),
      };
    },
  });
  return { coinMessageId: message.id, transferIds };
}

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

export { notEnoughCoins };

export type TransferListItem = KiwiCoinTransferRow & {
  organizationName: string;
  recipientName: string | null;
  senderName: string | null;
};

/** Transfers of one organisation (or all, for admins), newest first, filtered by status, kind and period. */
export async function listTransfers(
  tx: Executor,
  { organizationId, query, paginate = true }: { organizationId: number | null; query: CoinTransferListQuery; paginate?: boolean },
): Promise<{ items: TransferListItem[]; total: number }> {
  const conditions: SQL[] = [];
  const orgId = organizationId ?? query.organization_id ?? null;
  if (orgId !== null) conditions.push(eq(kiwiCoinTransfers.organizationId, orgId));
  if (query.status) conditions.push(eq(kiwiCoinTransfers.status, query.status));
  if (query.kind) conditions.push(eq(kiwiCoinTransfers.kind, query.kind));
  if (query.from) conditions.push(gte(kiwiCoinTransfers.transferredAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(kiwiCoinTransfers.transferredAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const recipient = sql<
    string | null
  >`(select u.name from organization_members m join users u on u.id = m.user_id where m.id = ${kiwiCoinTransfers.organizationMemberId})`;
  const sender = sql<
    string | null
  >`(select u.name from organization_members m join users u on u.id = m.user_id where m.id = ${kiwiCoinTransfers.senderMemberId})`;
  const base = tx
    .select({ transfer: kiwiCoinTransfers, organizationName: organizations.name, recipientName: recipient, senderName: sender })
    .from(kiwiCoinTransfers)
    .innerJoin(organizations, eq(organizations.id, kiwiCoinTransfers.organizationId))
    .where(where)
    .orderBy(desc(kiwiCoinTransfers.transferredAt), desc(kiwiCoinTransfers.id));
  const rows = paginate ? await base.limit(query.per).offset((query.page - 1) * query.per) : await base.limit(100_000);
  const [totals] = await tx.select({ total: count() }).from(kiwiCoinTransfers).where(where);
  return {
    items: rows.map((row) => ({
      ...row.transfer,
      organizationName: row.organizationName,
      recipientName: row.recipientName,
      senderName: row.senderName,
    })),
    total: totals?.total ?? 0,
  };
}

export type FeedEntry = {
  coinMessageId: number;
  direction: 'sent' | 'received';
  createdAt: Date;
  sender: { organizationMemberId: number; name: string; icon: string | null };
  /** transferId: the kiwi_coin_transfers row (what a recipient reports, issue 19). */
  recipients: { transferId: number; organizationMemberId: number; name: string; amount: number; message: string; hidden?: boolean }[];
};

async function sentOrReceivedMessages(
  tx: Executor,
  memberId: number,
  { page, per, coinMessageId }: { page: number; per: number; coinMessageId?: number },
) {
  const mine = and(
    or(
      eq(coinMessages.senderMemberId, memberId),
      sql`exists (select 1 from kiwi_coin_transfers t where t.coin_message_id = ${coinMessages.id} and t.organization_member_id = ${memberId})`,
    ),
    coinMessageId === undefined ? undefined : eq(coinMessages.id, coinMessageId),
  );
  const messages = await tx
    .select()
    .from(coinMessages)
    .where(mine)
    .orderBy(desc(coinMessages.createdAt), desc(coinMessages.id))
    .limit(per)
    .offset((page - 1) * per);
  const [totals] = await tx.select({ total: count() }).from(coinMessages).where(mine);
  return { messages, total: totals?.total ?? 0 };
}

/**
 * Received only: read from the member's own transfers (index on member and time), never by scanning the
 * organisation's messages. A message's transfers carry its creation time.
 */
async function receivedMessages(tx: Executor, memberId: number, { page, per }: { page: number; per: number }) {
  const received = and(eq(kiwiCoinTransfers.organizationMemberId, memberId), eq(kiwiCoinTransfers.kind, 'message'));
  const ids = await tx
    .select({ id: kiwiCoinTransfers.coinMessageId })
    .from(kiwiCoinTransfers)
    .where(received)
    .orderBy(desc(kiwiCoinTransfers.createdAt), desc(kiwiCoinTransfers.coinMessageId))
    .limit(per)
    .offset((page - 1) * per);
  const [totals] = await tx.select({ total: count() }).from(kiwiCoinTransfers).where(received);
  const messageIds = ids.flatMap((row) => (row.id === null ? [] : [row.id]));
  const messages =
    messageIds.length === 0
      ? []
      : await tx
          .select()
          .from(coinMessages)
          .where(inArray(coinMessages.id, messageIds))
          .orderBy(desc(coinMessages.createdAt), desc(coinMessages.id));
  return { messages, total: totals?.total ?? 0 };
}

/**
 * Coin messages the member sent or received (`receivedOnly`: received only, as the home shows them), newest first; a
 * received one shows only the viewer's own part.
 */
export async function coinFeed(
  tx: Executor,
  {
    memberId,
    page,
    per,
    coinMessageId,
    receivedOnly = false,
  }: { memberId: number; page: number; per: number; coinMessageId?: number; receivedOnly?: boolean },
): Promise<{ entries: FeedEntry[]; total: number }> {
  const { messages, total } = receivedOnly
    ? await receivedMessages(tx, memberId, { page, per })
    : await sentOrReceivedMessages(tx, memberId, { page, per, coinMessageId });
  if (messages.length === 0) return { entries: [], total };
  const transfers = await tx
    .select({ ...getTableColumns(kiwiCoinTransfers), hidden: isHidden('KiwiCoinTransfer', kiwiCoinTransfers.id) })
    .from(kiwiCoinTransfers)
    .where(
      inArray(
        kiwiCoinTransfers.coinMessageId,
        messages.map((m) => m.id),
      ),
    )
    .orderBy(kiwiCoinTransfers.id);
  const cards = await memberCards(tx, [
    ...messages.map((m) => m.senderMemberId),
    ...transfers.flatMap((t) => (t.organizationMemberId ? [t.organizationMemberId] : [])),
  ]);
  const entries = messages.map((m): FeedEntry => {
    const direction = m.senderMemberId === memberId ? 'sent' : 'received';
    const senderCard = cards.get(m.senderMemberId);
    const parts = transfers.filter((t) => t.coinMessageId === m.id && (direction === 'sent' || t.organizationMemberId === memberId));
    return {
      coinMessageId: m.id,
      direction,
      createdAt: m.createdAt,
      sender: { organizationMemberId: m.senderMemberId, name: senderCard?.name ?? '', icon: senderCard?.icon ?? null },
      recipients: parts.map((t) => ({
        transferId: t.id,
        organizationMemberId: t.organizationMemberId ?? 0,
        name: cards.get(t.organizationMemberId ?? 0)?.name ?? '',
        amount: t.amount,
        // A message hidden while reported reaches its recipient without its text (the coins still arrived); the sender keeps it.
        message: t.hidden && direction === 'received' ? '' : (t.message ?? ''),
        ...(t.hidden ? { hidden: true } : {}),
      })),
    };
  });
  return { entries, total };
}
