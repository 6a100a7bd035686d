import { ErrorCode } from '@kiwi/shared/api/error-codes';
import type { CreateGuildMessageInput, UpdateGuildMessageInput } from '@kiwi/shared/schemas/guild';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { guildMembers, guildMessageReactions, guildMessages, guilds } from '../../db/schema/guilds';
import { ApiError, notFound } from '../../jsonapi/errors';
import type { GuildViewer } from './access';
import { appendGuildEvent, appendGuildEvents } from './event-log';
import { assertJoined, assertRead, type LoadedGuild, loadGuild } from './service';
import type { Reader } from '../violation-reports/visibility';
import { type MessageView, messagePage, messageView, messageViewsOf } from './views';

export async function listMessages(
  tx: Executor,
  loaded: LoadedGuild,
  { before, page, per }: { before?: number; page: number; per: number },
  now: Date = new Date(),
  reader?: Reader,
) {
  assertRead(loaded);
  // A member reading the newest page has seen what is new: the home counts new messages from here on.
  if (loaded.membership?.status === 'joined' && before === undefined && page === 1) {
    // updatedAt stays: reading is not a change of the membership.
    await tx
      .update(guildMembers)
      .set({ lastVisitedAt: now, updatedAt: loaded.membership.updatedAt })
      .where(eq(guildMembers.id, loaded.membership.id));
  }
  const items = await messagePage(tx, loaded.guild.id, { before, per, offset: before === undefined ? (page - 1) * per : 0, reader });
  const [{ total } = { total: 0 }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(guildMessages)
    .where(eq(guildMessages.guildId, loaded.guild.id));
  return { items, total };
}

/** One message of a guild the viewer may read; 404 when it is not in that guild. */
export async function showMessage(tx: Executor, loaded: LoadedGuild, messageId: number): Promise<MessageView> {
  assertRead(loaded);
  const view = await messageView(tx, messageId);
  if (!view || view.guildId !== loaded.guild.id) throw notFound();
  return view;
}

export async function createMessage(
  tx: Executor,
  viewer: GuildViewer,
  loaded: LoadedGuild,
  input: CreateGuildMessageInput,
): Promise<MessageView> {
  assertJoined(loaded);
  const [row] = await tx
    .insert(guildMessages)
    .values({ guildId: loaded.guild.id, organizationMemberId: viewer.memberId!, body: input.body, imageUrls: input.image_urls })
    .returning();
  // A new message has no reactions and its author is the viewer: no need to read it back.
  const view: MessageView = {
    id: row!.id,
    guildId: row!.guildId,
    body: row!.body,
    imageUrls: row!.imageUrls,
    createdAt: row!.createdAt.toISOString(),
    editedAt: null,
    author: { organizationMemberId: viewer.memberId!, name: viewer.displayName, icon: viewer.icon },
    reactions: [],
  };
  await appendGuildEvent(tx, loaded.guild.id, 'message.created', { message: view });
  return view;
}

/** Only its author edits or deletes a message (403 for everybody else, managers included). */
async function ownMessage(tx: Executor, viewer: GuildViewer, loaded: LoadedGuild, messageId: number) {
  const view = await showMessage(tx, loaded, messageId);
  if (viewer.memberId === null || view.author.organizationMemberId !== viewer.memberId) throw new ApiError(ErrorCode.authForbidden);
  return view;
}

export async function updateMessage(
  tx: Executor,
  viewer: GuildViewer,
  loaded: LoadedGuild,
  messageId: number,
  input: UpdateGuildMessageInput,
  now: Date,
) {
  const current = await ownMessage(tx, viewer, loaded, messageId);
  const imageUrls = input.image_urls ?? current.imageUrls;
  if (input.body.trim() === '' && imageUrls.length === 0)
    throw new ApiError(ErrorCode.validationRequired, { pointer: '/guild_message/body' });
  await tx.update(guildMessages).set({ body: input.body, imageUrls, editedAt: now }).where(eq(guildMessages.id, messageId));
  const view = (await messageView(tx, messageId))!;
  await appendGuildEvent(tx, loaded.guild.id, 'message.updated', { message: view });
  return view;
}

/** Spec §4: a pinned message cannot be deleted (unpin first). */
export async function deleteMessage(tx: Executor, viewer: GuildViewer, loaded: LoadedGuild, messageId: number) {
  await ownMessage(tx, viewer, loaded, messageId);
  // Read under the guild's row lock, so a pin racing this delete is seen.
  const [guild] = await tx
    .select({ pinnedMessageId: guilds.pinnedMessageId })
    .from(guilds)
    .where(eq(guilds.id, loaded.guild.id))
    .for('update');
  if (guild?.pinnedMessageId === messageId) throw new ApiError(ErrorCode.guildPinnedMessageUndeletable);
  await tx.delete(guildMessages).where(eq(guildMessages.id, messageId));
  await appendGuildEvent(tx, loaded.guild.id, 'message.deleted', { id: messageId });
}

/** The guild of a message, as the viewer may know it: another organisation's message is 404. */
export async function loadMessageGuild(tx: Executor, viewer: GuildViewer, messageId: number): Promise<LoadedGuild> {
  const [message] = await tx.select({ guildId: guildMessages.guildId }).from(guildMessages).where(eq(guildMessages.id, messageId));
  if (!message) throw notFound();
  const loaded = await loadGuild(tx, viewer, message.guildId);
  assertRead(loaded);
  return loaded;
}

/** POST (add) and DELETE (remove) one emoji of the viewer on a message; both are idempotent. */
export async function toggleReaction(
  tx: Executor,
  viewer: GuildViewer,
  messageId: number,
  emoji: string,
  add: boolean,
): Promise<MessageView> {
  const loaded = await loadMessageGuild(tx, viewer, messageId);
  assertJoined(loaded);
  const memberId = viewer.memberId!;
  const changed = add
    ? await tx.insert(guildMessageReactions).values({ messageId, organizationMemberId: memberId, emoji }).onConflictDoNothing().returning()
    : await tx
        .delete(guildMessageReactions)
        .where(
          and(
            eq(guildMessageReactions.messageId, messageId),
            eq(guildMessageReactions.organizationMemberId, memberId),
            eq(guildMessageReactions.emoji, emoji),
          ),
        )
        .returning();
  const view = (await messageView(tx, messageId))!;
  if (changed.length > 0) await appendGuildEvent(tx, loaded.guild.id, 'message.reactions', { message: view });
  return view;
}

/** Messages whose views are read in one query when a leaving member's reactions come off. */
const REACTION_VIEW_BATCH = 500;

/**
 * Takes a leaving member's reactions off guild messages, inside the removal's transaction, and tells each open chat the
 * messages' reactions as they now are (`message.reactions`, one log step per guild and batch). The membership's
 * cascade would take them too, but without a word: open chats went on showing them until a reload.
 */
export async function removeMemberReactions(tx: Executor, memberId: number): Promise<void> {
  const removed = await tx
    .delete(guildMessageReactions)
    .where(eq(guildMessageReactions.organizationMemberId, memberId))
    .returning({ messageId: guildMessageReactions.messageId });
  const ids = [...new Set(removed.map((row) => row.messageId))];
  for (let at = 0; at < ids.length; at += REACTION_VIEW_BATCH) {
    const byGuild = new Map<number, MessageView[]>();
    for (const view of await messageViewsOf(tx, ids.slice(at, at + REACTION_VIEW_BATCH))) {
      byGuild.set(view.guildId, [...(byGuild.get(view.guildId) ?? []), view]);
    }
    for (const [guildId, views] of byGuild) {
      await appendGuildEvents(
        tx,
        guildId,
        views.map((message) => ({ kind: 'message.reactions' as const, payload: { message } })),
      );
    }
  }
}
