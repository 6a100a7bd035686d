import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { cascadingReference, timestamps } from './columns';
import { organizationMembers, organizations } from './organizations';

/** The frozen result (issue 17 §4): what the rankings serve after finalResultPublishedAt, never recomputed. */
export type FrozenWalkingEventResult = {
  teams: { teamId: number; teamName: string; memberCount: number; totalSteps: number; score: number; rank: number }[];
  people: {
    organizationMemberId: number;
    teamId: number;
    name: string;
    totalSteps: number;
    dailyAverage: number;
    rank: number;
  }[];
  days: number;
};

export const walkingEvents = pgTable(
  'walking_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    title: text('title').notNull(),
    /** First and last calendar day (Asia/Tokyo) whose steps count. */
    startedAt: date('started_at', { mode: 'string' }).notNull(),
    endedAt: date('ended_at', { mode: 'string' }).notNull(),
    finalResultPublishedAt: timestamp('final_result_published_at', { withTimezone: true }).notNull(),
    randomType: text('random_type', { enum: ['manual', 'random', 'balanced'] }).notNull(),
    teamLimit: integer('team_limit').notNull(),
    memberLimit: integer('member_limit').notNull(),
    showTeamMemberData: boolean('show_team_member_data').notNull(),
    showPersonalStatistics: boolean('show_personal_statistics').notNull(),
    /** The seed of the last applied draw, shown on the page. */
    randomSeed: text('random_seed'),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    finalResult: jsonb('final_result').$type<FrozenWalkingEventResult>(),
    ...timestamps,
  },
  (t) => [
    index('walking_events_organization_id_index').on(t.organizationId, t.startedAt),
    check('walking_events_random_type_check', sql`${t.randomType} in ('manual', 'random', 'balanced')`),
    check('walking_events_days_check', sql`${t.endedAt} > ${t.startedAt}`),
    check('walking_events_limits_check', sql`${t.teamLimit} >= 1 and ${t.memberLimit} >= 1`),
  ],
);

export const walkingEventTeams = pgTable(
  'walking_event_teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    walkingEventId: cascadingReference('walking_event_id', () => walkingEvents.id),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('walking_event_teams_walking_event_id_index').on(t.walkingEventId)],
);

/** A member is in at most one team per event: the unique (event, member) pair holds it under any concurrency. */
export const walkingEventTeamMembers = pgTable(
  'walking_event_team_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    walkingEventId: cascadingReference('walking_event_id', () => walkingEvents.id),
    teamId: cascadingReference('team_id', () => walkingEventTeams.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    ...timestamps,
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('walking_event_team_members_organization_member_id_index').on(t.organizationMemberId),
    unique('walking_event_team_members_event_member_unique').on(t.walkingEventId, t.organizationMemberId),
    index('walking_event_team_members_team_id_index').on(t.teamId),
  ],
);

/** The team cheer board (issue 17): messages a team's members leave for each other (violation reports name them). */
export const walkingEventMessages = pgTable(
  'walking_event_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    walkingEventId: cascadingReference('walking_event_id', () => walkingEvents.id),
    teamId: cascadingReference('team_id', () => walkingEventTeams.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('walking_event_messages_organization_member_id_index').on(t.organizationMemberId),
    index('walking_event_messages_walking_event_id_index').on(t.walkingEventId),
    index('walking_event_messages_team_id_index').on(t.teamId, t.id),
  ],
);

/** One emoji per member and message at most once (toggling). */
export const walkingEventMessageReactions = pgTable(
  'walking_event_message_reactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: cascadingReference('message_id', () => walkingEventMessages.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('walking_event_message_reactions_organization_member_id_index').on(t.organizationMemberId),
    unique('walking_event_message_reactions_unique').on(t.messageId, t.organizationMemberId, t.emoji),
  ],
);

export type WalkingEventMessageRow = typeof walkingEventMessages.$inferSelect;
export type WalkingEventRow = typeof walkingEvents.$inferSelect;
export type WalkingEventTeamRow = typeof walkingEventTeams.$inferSelect;
