import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadingReference, textList, timestamps } from './columns';
import { organizationMembers, organizations } from './organizations';

export const EVENT_PUBLIC_RANGES = ['public', 'private'] as const;
/** author = who created it; manager = co-host; member = participant (spec §6). Guests live in event_guests. */
export const EVENT_MEMBER_ROLES = ['author', 'manager', 'member'] as const;
export const EVENT_MEMBER_STATUSES = ['invited', 'joined'] as const;
export const EVENT_MESSAGE_KINDS = ['chat', 'retrospection'] as const;

export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    recruitmentDeadline: timestamp('recruitment_deadline', { withTimezone: true }),
    location: text('location'),
    applyMinimum: integer('apply_minimum'),
    applyMaximum: integer('apply_maximum'),
    tags: textList('tags'),
    publicRange: text('public_range', { enum: EVENT_PUBLIC_RANGES }).notNull().default('public'),
    sendNotification: boolean('send_notification').notNull().default(false),
    headerImageUrl: text('header_image_url'),
    externallyPublished: boolean('externally_published').notNull().default(false),
    cancel: boolean('cancel').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('events_organization_id_starts_at_index').on(t.organizationId, t.startsAt),
    check('events_public_range_check', sql`${t.publicRange} in ('public', 'private')`),
    check('events_ends_after_start_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'events_apply_range_check',
      sql`${t.applyMinimum} is null or ${t.applyMaximum} is null or ${t.applyMinimum} <= ${t.applyMaximum}`,
    ),
  ],
);

export const eventMembers = pgTable(
  'event_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: cascadingReference('event_id', () => events.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    role: text('role', { enum: EVENT_MEMBER_ROLES }).notNull().default('member'),
    status: text('status', { enum: EVENT_MEMBER_STATUSES }).notNull().default('joined'),
    invitedByMemberId: integer('invited_by_member_id').references(() => organizationMembers.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('event_members_invited_by_member_id_index').on(t.invitedByMemberId),
    unique('event_members_event_id_organization_member_id_unique').on(t.eventId, t.organizationMemberId),
    index('event_members_organization_member_id_index').on(t.organizationMemberId),
    check('event_members_role_check', sql`${t.role} in ('author', 'manager', 'member')`),
    check('event_members_status_check', sql`${t.status} in ('invited', 'joined')`),
  ],
);

/** Someone without an account who joined an externally published event by nickname; acts with a bearer token. */
export const eventGuests = pgTable(
  'event_guests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: cascadingReference('event_id', () => events.id),
    nickname: text('nickname').notNull(),
    /** sha256 of the bearer token (hex); the token itself is shown once, when the guest joins. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_guests_event_id_nickname_unique').on(t.eventId, sql`lower(${t.nickname})`)],
);

export const polls = pgTable('polls', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .unique()
    .references(() => events.id, { onDelete: 'cascade' }),
  ...timestamps,
});

export const pollItems = pgTable(
  'poll_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pollId: cascadingReference('poll_id', () => polls.id),
    text: text('text').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('poll_items_poll_id_index').on(t.pollId)],
);

/** A vote on one item by a member or a guest (exactly one of the two). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pollItemId: cascadingReference('poll_item_id', () => pollItems.id),
    organizationMemberId: integer('organization_member_id').references(() => organizationMembers.id, { onDelete: 'cascade' }),
    eventGuestId: integer('event_guest_id').references(() => eventGuests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('poll_votes_organization_member_id_index').on(t.organizationMemberId),
    index('poll_votes_event_guest_id_index').on(t.eventGuestId),
    unique('poll_votes_item_member_unique').on(t.pollItemId, t.organizationMemberId),
    unique('poll_votes_item_guest_unique').on(t.pollItemId, t.eventGuestId),
    check('poll_votes_one_voter_check', sql`(${t.organizationMemberId} is null) <> (${t.eventGuestId} is null)`),
  ],
);

export const eventMessages = pgTable(
  'event_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: cascadingReference('event_id', () => events.id),
    organizationMemberId: integer('organization_member_id').references(() => organizationMembers.id, { onDelete: 'cascade' }),
    eventGuestId: integer('event_guest_id').references(() => eventGuests.id, { onDelete: 'cascade' }),
    /** chat before the event ends, retrospection after (fixed when posted). */
    kind: text('kind', { enum: EVENT_MESSAGE_KINDS }).notNull().default('chat'),
    body: text('body').notNull().default(''),
    imageUrls: textList('image_urls'),
    ...timestamps,
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('event_messages_organization_member_id_index').on(t.organizationMemberId),
    index('event_messages_event_guest_id_index').on(t.eventGuestId),
    index('event_messages_event_id_created_at_index').on(t.eventId, t.createdAt),
    check('event_messages_kind_check', sql`${t.kind} in ('chat', 'retrospection')`),
    check('event_messages_one_author_check', sql`(${t.organizationMemberId} is null) <> (${t.eventGuestId} is null)`),
  ],
);

export const eventMessageReactions = pgTable(
  'event_message_reactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventMessageId: cascadingReference('event_message_id', () => eventMessages.id),
    emoji: text('emoji').notNull(),
    organizationMemberId: integer('organization_member_id').references(() => organizationMembers.id, { onDelete: 'cascade' }),
    eventGuestId: integer('event_guest_id').references(() => eventGuests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('event_message_reactions_organization_member_id_index').on(t.organizationMemberId),
    index('event_message_reactions_event_guest_id_index').on(t.eventGuestId),
    unique('event_message_reactions_member_unique').on(t.eventMessageId, t.emoji, t.organizationMemberId),
    unique('event_message_reactions_guest_unique').on(t.eventMessageId, t.emoji, t.eventGuestId),
    check('event_message_reactions_one_reactor_check', sql`(${t.organizationMemberId} is null) <> (${t.eventGuestId} is null)`),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type EventMemberRow = typeof eventMembers.$inferSelect;
export type EventGuestRow = typeof eventGuests.$inferSelect;
export type EventMessageRow = typeof eventMessages.$inferSelect;
