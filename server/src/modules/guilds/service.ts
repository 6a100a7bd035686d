import type { CreateGuildInput, GuildListQuery, UpdateGuildInput } from '@kiwi/shared/schemas/guild';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type GuildMemberRow, type GuildRow, guildMembers, guilds } from '../../db/schema/guilds';
import { ApiError, notFound } from '../../jsonapi/errors';
import { type GuildAccess, guildAccess, type GuildViewer } from './access';
import { notifyTopic } from '../../realtime/hub';
import { appendGuildEvent, GUILD_EVENTS_CHANNEL } from './event-log';
import { type GuildMemberView, guildMemberViews, type MessageView, messageView } from './views';

export type LoadedGuild = { guild: GuildRow; membership: GuildMemberRow | null; access: GuildAccess };

/**
 * The guild as this viewer may know it, or 404 (another organisation's guild, a private guild they are not part of).
 * `organizationId` is the one in the path of /organizations/:organizationId/guilds/:id.
 */
export async function loadGuild(
  tx: Executor,
  viewer: GuildViewer,
  guildId: number,
  { organizationId, lock = false }: { organizationId?: number; lock?: boolean } = {},
): Promise<LoadedGuild> {
  // The guild and the viewer's membership row in one round trip.
  const query = tx
    .select({ guild: guilds, membership: guildMembers })
    .from(guilds)
    .leftJoin(guildMembers, and(eq(guildMembers.guildId, guilds.id), eq(guildMembers.organizationMemberId, viewer.memberId ?? 0)))
    .where(eq(guilds.id, guildId));
  const [row] = lock ? await query.for('update', { of: guilds }) : await query;
  const guild = row?.guild;
  if (!guild || (organizationId !== undefined && guild.organizationId !== organizationId)) throw notFound();
  const membership = row.membership ?? null;
  const access = guildAccess(viewer, guild, membership);
  if (!access.see) throw notFound();
  return { guild, membership, access };
}

export function assertManage({ access }: LoadedGuild): void {
  if (!access.manage) throw new ApiError(ErrorCode.authForbidden);
}

export function assertRead({ access }: LoadedGuild): void {
  if (!access.read) throw notFound();
}

export function assertJoined({ access }: LoadedGuild): void {
  if (!access.joined) throw new ApiError(ErrorCode.guildNotMember);
}

/** A guild with what its page shows: members and invitees, the pinned message. */
export type GuildDetail = {
  guild: GuildRow;
  access: GuildAccess;
  membership: GuildMemberRow | null;
  members: GuildMemberView[];
  membersCount: number;
  pinnedMessage: MessageView | null;
};

export async function guildDetail(tx: Executor, loaded: LoadedGuild): Promise<GuildDetail> {
  const members = await guildMemberViews(tx, eq(guildMembers.guildId, loaded.guild.id));
  const pinnedMessage =
    loaded.guild.pinnedMessageId === null || !loaded.access.read ? null : await messageView(tx, loaded.guild.pinnedMessageId);
  // A pinned message can still vanish without the service: removing its author from the organisation cascades to
  // their messages. The guild then shows nothing pinned rather than an id that points nowhere.
  const pinnedGone = loaded.guild.pinnedMessageId !== null && loaded.access.read && pinnedMessage === null;
  return {
    ...loaded,
    guild: pinnedGone ? { ...loaded.guild, pinnedMessageId: null } : loaded.guild,
    members,
    membersCount: members.filter((member) => member.status === 'joined').length,
    pinnedMessage,
  };
}

// Correlated subqueries name their tables explicitly: drizzle leaves columns unqualified in a one-table select.
const joinedCount = sql<number>`(select count(*)::int from guild_members gm where gm.guild_id = "guilds"."id" and gm.status = 'joined')`;
const myStatusOf = (viewer: GuildViewer) =>
  viewer.memberId === null
    ? sql<string | null>`null`
    : sql<
        string | null
      >`(select gm.status from guild_members gm where gm.guild_id = "guilds"."id" and gm.organization_member_id = ${viewer.memberId})`;

export type GuildListItem = GuildRow & { membersCount: number; myStatus: 'invited' | 'joined' | null };

/** Guilds a member lists: public ones and those they belong to or are invited to. */
function listedBy(viewer: GuildViewer): SQL {
  if (viewer.memberId === null) return sql`${guilds.publicRange} = 'public'`;
  return or(
    eq(guilds.publicRange, 'public'),
    sql`exists (select 1 from guild_members gm where gm.guild_id = "guilds"."id" and gm.organization_member_id = ${viewer.memberId})`,
  )!;
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

export async function listGuilds(tx: Executor, viewer: GuildViewer, organizationId: number, query: GuildListQuery) {
  const conditions: SQL[] = [eq(guilds.organizationId, organizationId), listedBy(viewer)];
  const name = query.q?.name?.trim();
  if (name) conditions.push(ilike(guilds.name, `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const tags = query.q?.tags ?? [];
  if (tags.length > 0) conditions.push(sql`${guilds.tags} @> ${textArray(tags)}`);
  if (query.q?.joined && viewer.memberId !== null) conditions.push(sql`${myStatusOf(viewer)} = 'joined'`);
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await tx.select({ total: sql<number>`count(*)::int` }).from(guilds).where(where);
  const rows = await tx
    .select({ guild: guilds, membersCount: joinedCount, myStatus: myStatusOf(viewer) })
    .from(guilds)
    .where(where)
    .orderBy(desc(guilds.id))
    .limit(query.per)
    .offset((query.page - 1) * query.per);
  const items: GuildListItem[] = rows.map((row) => ({
    ...row.guild,
    membersCount: row.membersCount,
    myStatus: row.myStatus as GuildListItem['myStatus'],
  }));
  return { items, total };
}

export type AllGuildsItem = GuildListItem & { messagesCount: number; lastMessageAt: Date | null; authorName: string | null };

/** Every guild of the organisation, private ones too, with activity figures (managers). */
export async function listAllGuilds(tx: Executor, organizationId: number, query: { page: number; per: number; q?: { name?: string } }) {
  const conditions: SQL[] = [eq(guilds.organizationId, organizationId)];
  const name = query.q?.name?.trim();
  if (name) conditions.push(ilike(guilds.name, `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await tx.select({ total: sql<number>`count(*)::int` }).from(guilds).where(where);
  const rows = await tx
    .select({
      guild: guilds,
      membersCount: joinedCount,
      messagesCount: sql<number>`(select count(*)::int from guild_messages m where m.guild_id = "guilds"."id")`,
      lastMessageAt: sql<string | null>`(select max(m.created_at) from guild_messages m where m.guild_id = "guilds"."id")`,
      authorName: sql<
        string | null
      >`(select coalesce(nullif(om.nickname, ''), nullif(u.nickname, ''), u.name) from organization_members om join users u on u.id = om.user_id where om.id = "guilds"."author_member_id")`,
    })
    .from(guilds)
    .where(where)
    .orderBy(desc(guilds.id))
    .limit(query.per)
    .offset((query.page - 1) * query.per);
  const items: AllGuildsItem[] = rows.map((row) => ({
    ...row.guild,
    membersCount: row.membersCount,
    myStatus: null,
    messagesCount: row.messagesCount,
    lastMessageAt: row.lastMessageAt === null ? null : new Date(row.lastMessageAt),
    authorName: row.authorName,
  }));
  return { items, total };
}

/** The creator becomes its first member (an admin without a membership creates an authorless guild). */
export async function createGuild(
  tx: Executor,
  viewer: GuildViewer,
  organizationId: number,
  input: CreateGuildInput,
): Promise<LoadedGuild> {
  const authorMemberId = viewer.organizationId === organizationId ? viewer.memberId : null;
  const [guild] = await tx
    .insert(guilds)
    .values({
      organizationId,
      authorMemberId,
      name: input.name,
      description: input.description,
      tags: input.tags,
      publicRange: input.public_range,
      headerImageUrl: input.header_image_url,
    })
    .returning();
  if (!guild) throw new Error('guild not inserted');
  let membership: GuildMemberRow | null = null;
  if (authorMemberId !== null) {
    [membership = null] = await tx
      .insert(guildMembers)
      .values({ guildId: guild.id, organizationMemberId: authorMemberId, status: 'joined', joinedAt: new Date() })
      .returning();
  }
  return { guild, membership, access: guildAccess(viewer, guild, membership) };
}

export async function updateGuild(tx: Executor, loaded: LoadedGuild, input: UpdateGuildInput): Promise<LoadedGuild> {
  assertManage(loaded);
  const changes: Partial<typeof guilds.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.tags !== undefined) changes.tags = input.tags;
  if (input.public_range !== undefined) changes.publicRange = input.public_range;
  if (input.header_image_url !== undefined) changes.headerImageUrl = input.header_image_url;
  if (Object.keys(changes).length === 0) return loaded;
  const [guild] = await tx.update(guilds).set(changes).where(eq(guilds.id, loaded.guild.id)).returning();
  if (!guild) throw notFound();
  const seq = await appendGuildEvent(tx, guild.id, 'guild.updated', { publicRange: guild.publicRange });
  return { ...loaded, guild: { ...guild, lastEventSeq: seq } };
}

export async function deleteGuild(tx: Executor, loaded: LoadedGuild): Promise<void> {
  assertManage(loaded);
  await tx.delete(guilds).where(eq(guilds.id, loaded.guild.id));
  // The log goes with the guild: open chats are told to start over (and then find it gone).
  await notifyTopic(tx, GUILD_EVENTS_CHANNEL, { topic: loaded.guild.id, seq: loaded.guild.lastEventSeq, reset: true });
}

/** PUT pinned_message: a message of this guild, or null to unpin. */
export async function pinMessage(tx: Executor, loaded: LoadedGuild, messageId: number | null): Promise<LoadedGuild> {
  assertManage(loaded);
  let pinned: MessageView | null = null;
  if (messageId !== null) {
    pinned = await messageView(tx, messageId);
    if (!pinned || pinned.guildId !== loaded.guild.id) {
      throw new ApiError(ErrorCode.guildPinnedMessageInvalid, { pointer: '/guild/pinned_message_id' });
    }
  }
  const [guild] = await tx.update(guilds).set({ pinnedMessageId: messageId }).where(eq(guilds.id, loaded.guild.id)).returning();
  if (!guild) throw notFound();
  const seq = await appendGuildEvent(tx, guild.id, 'guild.pinned', { pinnedMessageId: messageId, message: pinned });
  return { ...loaded, guild: { ...guild, lastEventSeq: seq } };
}

export type TagCount = { name: string; guildsCount: number };

/** Tags of the guilds a member can list; `mostUsed` orders by how many guilds carry each (spec §9: 5 per request). */
export async function listGuildTags(
  tx: Executor,
  viewer: GuildViewer,
  organizationId: number,
  { mostUsed, name, page, per }: { mostUsed: boolean; name?: string; page: number; per: number },
) {
  const tag = sql<string>`tag`;
  const nameFilter = name?.trim() ? sql`and tag ilike ${`${name.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const rows = (await tx.execute(sql`
    select ${tag} as name, count(*)::int as guilds_count, count(*) over ()::int as total
    from ${guilds}, unnest(${guilds.tags}) as tag
    where ${guilds.organizationId} = ${organizationId} and ${listedBy(viewer)} ${nameFilter}
    group by tag
    order by ${mostUsed ? sql`count(*) desc, tag asc` : sql`tag asc`}
    limit ${per} offset ${(page - 1) * per}
  `)) as unknown as { rows: Array<{ name: string; guilds_count: number; total: number }> };
  const items: TagCount[] = rows.rows.map((row) => ({ name: row.name, guildsCount: row.guilds_count }));
  return { items, total: rows.rows[0]?.total ?? 0 };
}
