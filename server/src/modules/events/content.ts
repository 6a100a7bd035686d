// Messages, reactions and poll votes of an event: the same rules whether a member (organisation routes) or a guest
// (shared-event routes) acts. Who may act is decided by the caller (access.ts or the shared-event guest checks).
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { and, asc, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberIcon, memberNickname } from '../members/display';
import {
  type EventMessageRow,
  eventGuests,
  eventMessageReactions,
  eventMessages,
  pollItems,
  polls,
  pollVotes,
} from '../../db/schema/events';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError, forbidden, notFound } from '../../jsonapi/errors';
import { isHidden, visibleTo } from '../violation-reports/visibility';
import { type ReactionSummary, summarizeReactions } from '../reactions';
import { signalEventChange } from './changes';

export type Actor = { kind: 'member'; organizationMemberId: number } | { kind: 'guest'; guestId: number };

export type ReactionView = ReactionSummary;
export type MessageView = EventMessageRow & {
  authorName: string;
  authorIcon: string | null;
  authorKind: 'member' | 'guest';
  mine: boolean;
  reactions: ReactionView[];
  /** Hidden while a violation report is reviewed (only its author and managers still read it). */
  hidden?: boolean;
};

const isMine = (row: { organizationMemberId: number | null; eventGuestId: number | null }, me: Actor | null) =>
  me !== null && (me.kind === 'member' ? row.organizationMemberId === me.organizationMemberId : row.eventGuestId === me.guestId);

const actorColumns = (actor: Actor) =>
  actor.kind === 'member'
    ? { organizationMemberId: actor.organizationMemberId, eventGuestId: null }
    : { organizationMemberId: null, eventGuestId: actor.guestId };

/** Display names of members (nickname, else name) and guests, keyed "m:id" / "g:id". */
async function namesOf(tx: Executor, memberIds: number[], guestIds: number[]) {
  const names = new Map<string, { name: string; icon: string | null }>();
  if (memberIds.length > 0) {
    const rows = await tx
      .select({ id: organizationMembers.id, nickname: memberNickname, icon: memberIcon, name: users.name })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(inArray(organizationMembers.id, memberIds));
    for (const row of rows) names.set(`m:${row.id}`, { name: row.nickname || row.name, icon: row.icon });
  }
  if (guestIds.length > 0) {
    const rows = await tx
      .select({ id: eventGuests.id, nickname: eventGuests.nickname })
      .from(eventGuests)
      .where(inArray(eventGuests.id, guestIds));
    for (const row of rows) names.set(`g:${row.id}`, { name: row.nickname, icon: null });
  }
  return names;
}

const keyOf = (row: { organizationMemberId: number | null; eventGuestId: number | null }) =>
  row.organizationMemberId !== null ? `m:${row.organizationMemberId}` : `g:${row.eventGuestId}`;

async function presentMessages(tx: Executor, rows: EventMessageRow[], me: Actor | null): Promise<MessageView[]> {
  if (rows.length === 0) return [];
  const reactions = await tx
    .select()
    .from(eventMessageReactions)
    .where(
      inArray(
        eventMessageReactions.eventMessageId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(eventMessageReactions.id));
  const people = [...rows, ...reactions];
  const names = await namesOf(
    tx,
    [...new Set(people.flatMap((row) => (row.organizationMemberId !== null ? [row.organizationMemberId] : [])))],
    [...new Set(people.flatMap((row) => (row.eventGuestId !== null ? [row.eventGuestId] : [])))],
  );
  return rows.map((row) => {
    const author = names.get(keyOf(row));
    return {
      ...row,
      authorName: author?.name ?? '',
      authorIcon: author?.icon ?? null,
      authorKind: row.organizationMemberId !== null ? 'member' : 'guest',
      mine: isMine(row, me),
      reactions: summarizeReactions(
        reactions
          .filter((item) => item.eventMessageId === row.id)
          .map((reaction) => ({ emoji: reaction.emoji, name: names.get(keyOf(reaction))?.name ?? '', mine: isMine(reaction, me) })),
      ),
    };
  });
}

/** The latest MESSAGES_SHOWN messages, oldest first (a long chat keeps its newest posts, not its first ones). */
export const MESSAGES_SHOWN = 500;

export async function listMessages(
  tx: Executor,
  eventId: number,
  me: Actor | null,
  kind?: 'chat' | 'retrospection',
  { manages = false }: { manages?: boolean } = {},
): Promise<MessageView[]> {
  const reader = {
    memberId: me?.kind === 'member' ? me.organizationMemberId : null,
    guestId: me?.kind === 'guest' ? me.guestId : null,
    manages,
  };
  const conditions: (SQL | undefined)[] = [
    eq(eventMessages.eventId, eventId),
    visibleTo(reader, 'EventMessage', eventMessages.id, { member: eventMessages.organizationMemberId, guest: eventMessages.eventGuestId }),
  ];
  if (kind) conditions.push(eq(eventMessages.kind, kind));
  const rows = await tx
    .select({ ...getTableColumns(eventMessages), hidden: isHidden('EventMessage', eventMessages.id) })
    .from(eventMessages)
    .where(and(...conditions))
    .orderBy(desc(eventMessages.createdAt), desc(eventMessages.id))
    .limit(MESSAGES_SHOWN);
  const hidden = new Set(rows.filter((row) => row.hidden).map((row) => row.id));
  const views = await presentMessages(
    tx,
    rows.reverse().map(({ hidden: _hidden, ...row }) => row),
    me,
  );
  return views.map((view) => (hidden.has(view.id) ? { ...view, hidden: true } : view));
}

export async function findMessage(tx: Executor, messageId: number, eventId?: number): Promise<EventMessageRow> {
  const where =
    eventId === undefined ? eq(eventMessages.id, messageId) : and(eq(eventMessages.id, messageId), eq(eventMessages.eventId, eventId));
  const [row] = await tx.select().from(eventMessages).where(where);
  if (!row) throw notFound();
  return row;
}

export async function messageView(tx: Executor, messageId: number, me: Actor | null): Promise<MessageView> {
  const [view] = await presentMessages(tx, [await findMessage(tx, messageId)], me);
  if (!view) throw notFound();
  return view;
}

/** Before the event ends a message is chat; from its end on it is a retrospection post. */
export async function createMessage(
  tx: Executor,
  event: { id: number; endsAt: Date },
  actor: Actor,
  input: { body: string; image_urls: string[] },
  now: Date,
): Promise<MessageView> {
  const [row] = await tx
    .insert(eventMessages)
    .values({
      eventId: event.id,
      ...actorColumns(actor),
      kind: now.getTime() >= event.endsAt.getTime() ? 'retrospection' : 'chat',
      body: input.body,
      imageUrls: input.image_urls,
    })
    .returning();
  if (!row) throw new Error('message not inserted');
  await signalEventChange(tx, event.id);
  return messageView(tx, row.id, actor);
}

export async function updateMessage(
  tx: Executor,
  message: EventMessageRow,
  actor: Actor,
  input: { body: string; image_urls?: string[] },
): Promise<MessageView> {
  if (!isMine(message, actor)) throw forbidden();
  const imageUrls = input.image_urls ?? message.imageUrls;
  if (input.body.trim() === '' && imageUrls.length === 0) {
    throw new ApiError(ErrorCode.validationRequired, { pointer: '/event_message/body' });
  }
  await tx.update(eventMessages).set({ body: input.body, imageUrls }).where(eq(eventMessages.id, message.id));
  await signalEventChange(tx, message.eventId);
  return messageView(tx, message.id, actor);
}

export const isOwnMessage = (message: EventMessageRow, actor: Actor | null) => isMine(message, actor);

export async function deleteMessage(tx: Executor, message: EventMessageRow): Promise<void> {
  await tx.delete(eventMessages).where(eq(eventMessages.id, message.id));
  await signalEventChange(tx, message.eventId);
}

/** Adding a reaction twice, or removing one that is not there, changes nothing. */
export async function setReaction(tx: Executor, messageId: number, actor: Actor, emoji: string, on: boolean): Promise<MessageView> {
  if (on) {
    await tx
      .insert(eventMessageReactions)
      .values({ eventMessageId: messageId, emoji, ...actorColumns(actor) })
      .onConflictDoNothing();
  } else {
    const who =
      actor.kind === 'member'
        ? eq(eventMessageReactions.organizationMemberId, actor.organizationMemberId)
        : eq(eventMessageReactions.eventGuestId, actor.guestId);
    await tx
      .delete(eventMessageReactions)
      .where(and(eq(eventMessageReactions.eventMessageId, messageId), eq(eventMessageReactions.emoji, emoji), who));
  }
  const view = await messageView(tx, messageId, actor);
  await signalEventChange(tx, view.eventId);
  return view;
}

// ---- polls ----------------------------------------------------------------------------------------------------------

export type PollItemView = { id: number; text: string; position: number; votesCount: number; votedByMe: boolean; voterNames: string[] };
export type PollView = { id: number; eventId: number; items: PollItemView[] };

export async function findPoll(tx: Executor, pollId: number, eventId?: number) {
  const where = eventId === undefined ? eq(polls.id, pollId) : and(eq(polls.id, pollId), eq(polls.eventId, eventId));
  const [poll] = await tx.select().from(polls).where(where);
  if (!poll) throw notFound();
  return poll;
}

export async function pollView(tx: Executor, pollId: number, me: Actor | null): Promise<PollView> {
  const poll = await findPoll(tx, pollId);
  const items = await tx.select().from(pollItems).where(eq(pollItems.pollId, poll.id)).orderBy(asc(pollItems.position), asc(pollItems.id));
  const votes =
    items.length === 0
      ? []
      : await tx
          .select()
          .from(pollVotes)
          .where(
            inArray(
              pollVotes.pollItemId,
              items.map((item) => item.id),
            ),
          )
          .orderBy(asc(pollVotes.id));
  const names = await namesOf(
    tx,
    [...new Set(votes.flatMap((vote) => (vote.organizationMemberId !== null ? [vote.organizationMemberId] : [])))],
    [...new Set(votes.flatMap((vote) => (vote.eventGuestId !== null ? [vote.eventGuestId] : [])))],
  );
  return {
    id: poll.id,
    eventId: poll.eventId,
    items: items.map((item) => {
      const mine = votes.filter((vote) => vote.pollItemId === item.id);
      return {
        id: item.id,
        text: item.text,
        position: item.position,
        votesCount: mine.length,
        votedByMe: mine.some((vote) => isMine(vote, me)),
        voterNames: mine.map((vote) => names.get(keyOf(vote))?.name ?? ''),
      };
    }),
  };
}

/** Vote for (on) or withdraw from (off) one item; several items may be chosen. Repeating either changes nothing. */
export async function setVote(tx: Executor, pollId: number, itemId: number, actor: Actor, on: boolean): Promise<PollView> {
  const [item] = await tx
    .select()
    .from(pollItems)
    .where(and(eq(pollItems.id, itemId), eq(pollItems.pollId, pollId)));
  if (!item) throw notFound();
  if (on) {
    await tx
      .insert(pollVotes)
      .values({ pollItemId: item.id, ...actorColumns(actor) })
      .onConflictDoNothing();
  } else {
    const who =
      actor.kind === 'member' ? eq(pollVotes.organizationMemberId, actor.organizationMemberId) : eq(pollVotes.eventGuestId, actor.guestId);
    await tx.delete(pollVotes).where(and(eq(pollVotes.pollItemId, item.id), who));
  }
  const view = await pollView(tx, pollId, actor);
  await signalEventChange(tx, view.eventId);
  return view;
}
