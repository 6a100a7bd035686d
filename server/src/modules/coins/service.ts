// Sending coins: a coin message from one member to colleagues (the portal, the widgets and Slack all send through it).
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { fillCoinMessage } from '@kiwi/shared/domain/coin-message';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import type { SendCoinsInput } from '@kiwi/shared/schemas/coins';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coinMessages, coinMovements, kiwiCoinTransfers } from '../../db/schema/coins';
import { ApiError, notFound, notFoundInOrganization } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';
import { pushToMembers } from '../push/notify';
import { moveCoins } from './ledger';
import { type MemberCard, memberCards, recipientUnavailable } from './member-cards';

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
