import { and, asc, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { guildMembers, guildMessageReactions, guildMessages } from '../../db/schema/guilds';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { memberDisplayName, memberIcon } from '../members/display';
import { isHidden, type Reader, visibleTo } from '../violation-reports/visibility';

/** How a member is shown: their organisation nickname, their own nickname, else their name (members/display.ts). */
export const displayName = memberDisplayName;
export const displayIcon = memberIcon;

export type ReactionView = { emoji: string; memberIds: number[]; names: string[] };
/** A message as the presenters and the realtime log need it; plain JSON, so it can sit in guild_events.payload. */
export type MessageView = {
  id: number;
  guildId: number;
  body: string;
  imageUrls: string[];
  createdAt: string;
  editedAt: string | null;
  author: { organizationMemberId: number; name: string; icon: string | null };
  reactions: ReactionView[];
  /** Hidden while a violation report is reviewed (only its author and managers still read it). */
  hidden?: boolean;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

async function messageViews(
  tx: Executor,
  where: SQL | undefined,
  { order = 'desc', limit }: { order?: 'asc' | 'desc'; limit?: number } = {},
): Promise<MessageView[]> {
  const query = tx
    .select({
      id: guildMessages.id,
      guildId: guildMessages.guildId,
      body: guildMessages.body,
      imageUrls: guildMessages.imageUrls,
      createdAt: guildMessages.createdAt,
      editedAt: guildMessages.editedAt,
      authorMemberId: guildMessages.organizationMemberId,
      authorName: displayName,
      authorIcon: displayIcon,
      hidden: isHidden('GuildMessage', guildMessages.id),
    })
    .from(guildMessages)
    .innerJoin(organizationMembers, eq(organizationMembers.id, guildMessages.organizationMemberId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(where)
    .orderBy(order === 'desc' ? desc(guildMessages.id) : asc(guildMessages.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  const reactions = await reactionsOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    guildId: row.guildId,
    body: row.body,
    imageUrls: row.imageUrls,
    createdAt: iso(row.createdAt)!,
    editedAt: iso(row.editedAt),
    author: { organizationMemberId: row.authorMemberId, name: row.authorName, icon: row.authorIcon },
    reactions: reactions.get(row.id) ?? [],
    ...(row.hidden ? { hidden: true } : {}),
  }));
}

/** Per message, one entry per emoji in the order it was first used, reactors in the order they reacted. */
async function reactionsOf(tx: Executor, messageIds: number[]): Promise<Map<number, ReactionView[]>> {
  const byMessage = new Map<number, ReactionView[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await tx
    .select({
      messageId: guildMessageReactions.messageId,
      emoji: guildMessageReactions.emoji,
      memberId: guildMessageReactions.organizationMemberId,
      name: displayName,
    })
    .from(guildMessageReactions)
    .innerJoin(organizationMembers, eq(organizationMembers.id, guildMessageReactions.organizationMemberId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(inArray(guildMessageReactions.messageId, messageIds))
    .orderBy(asc(guildMessageReactions.createdAt), asc(guildMessageReactions.organizationMemberId));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    let entry = list.find((reaction) => reaction.emoji === row.emoji);
    if (!entry) {
      entry = { emoji: row.emoji, memberIds: [], names: [] };
      list.push(entry);
    }
    entry.memberIds.push(row.memberId);
    entry.names.push(row.name);
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** The views of the messages `ids` (those that still exist), oldest first. */
export function messageViewsOf(tx: Executor, ids: number[]): Promise<MessageView[]> {
  return ids.length === 0 ? Promise.resolve([]) : messageViews(tx, inArray(guildMessages.id, ids), { order: 'asc' });
}

export async function messageView(tx: Executor, messageId: number): Promise<MessageView | null> {
  const [view] = await messageViews(tx, eq(guildMessages.id, messageId));
  return view ?? null;
}

/** Newest first: `before` pages back from a message id, otherwise `offset`. */
export async function messagePage(
  tx: Executor,
  guildId: number,
  { before, per, offset, reader }: { before?: number; per: number; offset: number; reader?: Reader },
) {
  const where = and(
    eq(guildMessages.guildId, guildId),
    before === undefined ? undefined : lt(guildMessages.id, before),
    reader ? visibleTo(reader, 'GuildMessage', guildMessages.id, { member: guildMessages.organizationMemberId }) : undefined,
  );
  if (offset === 0) return messageViews(tx, where, { limit: per });
  // Offsets are rare (page > 1 without `before`): page the ids first, then load those.
  const ids = await tx
    .select({ id: guildMessages.id })
    .from(guildMessages)
    .where(where)
    .orderBy(desc(guildMessages.id))
    .limit(per)
    .offset(offset);
  if (ids.length === 0) return [];
  return messageViews(
    tx,
    inArray(
      guildMessages.id,
      ids.map((row) => row.id),
    ),
  );
}

export type GuildMemberView = {
  id: number;
  guildId: number;
  organizationMemberId: number;
  status: 'invited' | 'joined';
  role: string;
  name: string;
  icon: string | null;
  joinedAt: Date | null;
  createdAt: Date;
};

export async function guildMemberViews(tx: Executor, where: SQL): Promise<GuildMemberView[]> {
  return tx
    .select({
      id: guildMembers.id,
      guildId: guildMembers.guildId,
      organizationMemberId: guildMembers.organizationMemberId,
      status: guildMembers.status,
      role: guildMembers.role,
      name: displayName,
      icon: displayIcon,
      joinedAt: guildMembers.joinedAt,
      createdAt: guildMembers.createdAt,
    })
    .from(guildMembers)
    .innerJoin(organizationMembers, eq(organizationMembers.id, guildMembers.organizationMemberId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(where)
    .orderBy(asc(guildMembers.id));
}
