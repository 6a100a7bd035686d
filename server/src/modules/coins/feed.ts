// A member's coin messages, sent and received, as the coins page and the home show them.
import { and, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coinMessages, kiwiCoinTransfers } from '../../db/schema/coins';
import { isHidden } from '../violation-reports/visibility';
import { memberCards } from './member-cards';

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
