import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { cascadingReference, textList, timestamps } from './columns';
import { organizationMembers, organizations } from './organizations';

export const GUILD_PUBLIC_RANGES = ['public', 'private'] as const;
/** invited = waiting for the invitee's accept step (spec §4); joined = a member. */
export const GUILD_MEMBER_STATUSES = ['invited', 'joined'] as const;
export type GuildPublicRange = (typeof GUILD_PUBLIC_RANGES)[number];
export type GuildMemberStatus = (typeof GUILD_MEMBER_STATUSES)[number];

export const guilds = pgTable(
  'guilds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    /** Who created it: edits it, manages members and pins, like the organisation's managers. */
    authorMemberId: integer('author_member_id').references(() => organizationMembers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: textList('tags'),
    publicRange: text('public_range', { enum: GUILD_PUBLIC_RANGES }).notNull().default('public'),
    headerImageUrl: text('header_image_url'),
    /**
     * The pinned message. The service refuses deleting it while pinned; when it goes anyway (its author removed from
     * the organisation cascades their messages away) the guild is left with no pinned message.
     */
    pinnedMessageId: integer('pinned_message_id').references((): AnyPgColumn => guildMessages.id, { onDelete: 'set null' }),
    /** The last realtime event's sequence number; bumped under the row lock, so event order is commit order. */
    lastEventSeq: bigint('last_event_seq', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('guilds_author_member_id_index').on(t.authorMemberId),
    index('guilds_organization_id_index').on(t.organizationId),
    check('guilds_public_range_check', sql`${t.publicRange} in ('public', 'private')`),
  ],
);

export const guildMembers = pgTable(
  'guild_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guildId: cascadingReference('guild_id', () => guilds.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    status: text('status', { enum: GUILD_MEMBER_STATUSES }).notNull().default('joined'),
    /** A free label ("organiser", "coach"): no permission comes with it (spec §3). */
    role: text('role').notNull().default(''),
    invitedByMemberId: integer('invited_by_member_id').references(() => organizationMembers.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /** When the member last read the guild's newest messages: the home counts the messages after it as new. */
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('guild_members_invited_by_member_id_index').on(t.invitedByMemberId),
    unique('guild_members_guild_id_organization_member_id_unique').on(t.guildId, t.organizationMemberId),
    index('guild_members_organization_member_id_index').on(t.organizationMemberId),
    check('guild_members_status_check', sql`${t.status} in ('invited', 'joined')`),
  ],
);

export const guildMessages = pgTable(
  'guild_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guildId: cascadingReference('guild_id', () => guilds.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    body: text('body').notNull().default(''),
    imageUrls: textList('image_urls'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('guild_messages_organization_member_id_index').on(t.organizationMemberId),
    index('guild_messages_guild_id_id_index').on(t.guildId, t.id),
    // The home counts a guild's messages after the member's last visit: only those are read.
    index('guild_messages_guild_id_created_at_index').on(t.guildId, t.createdAt),
  ],
);

export const guildMessageReactions = pgTable(
  'guild_message_reactions',
  {
    messageId: cascadingReference('message_id', () => guildMessages.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('guild_message_reactions_organization_member_id_index').on(t.organizationMemberId),
    primaryKey({ name: 'guild_message_reactions_pk', columns: [t.messageId, t.organizationMemberId, t.emoji] }),
  ],
);

/**
 * The ordered realtime log of one guild: (guild_id, seq) is what Server-Sent Events carry as their id, so a client
 * that reconnects with Last-Event-ID gets exactly the events after it.
 */
export const guildEvents = pgTable(
  'guild_events',
  {
    guildId: cascadingReference('guild_id', () => guilds.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'guild_events_pk', columns: [t.guildId, t.seq] })],
);

export type GuildRow = typeof guilds.$inferSelect;
export type GuildMemberRow = typeof guildMembers.$inferSelect;
export type GuildMessageRow = typeof guildMessages.$inferSelect;
