import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { QUEST_GOAL_TYPES, QUEST_GOAL_VALUE_CALCULATION_TYPES, QUEST_PERIOD_TYPES, QUEST_REWARD_TYPES } from '@kiwi/shared/schemas/quests';
import { cascadingReference, timestamps } from './columns';
import { coinMovements } from './coins';
import { organizationMembers } from './organizations';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * SPEC §3 "Quest": the platform's (admin only), shown to every member. The title may hold `{goalValue}`; a
 * personalized_step_count goal is the member's recent average steps × personalizedRatePercent / 100, rounded to a
 * friendly number (shared/src/domain/quests.ts).
 */
export const quests = pgTable(
  'quests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    periodType: text('period_type', { enum: QUEST_PERIOD_TYPES }).notNull(),
    goalType: text('goal_type', { enum: QUEST_GOAL_TYPES }).notNull(),
    goalValue: integer('goal_value').notNull().default(1),
    goalValueCalculationType: text('goal_value_calculation_type', { enum: QUEST_GOAL_VALUE_CALCULATION_TYPES })
      .notNull()
      .default('constant'),
    personalizedRatePercent: integer('personalized_rate_percent').notNull().default(110),
    rewardType: text('reward_type', { enum: QUEST_REWARD_TYPES }).notNull().default('coins'),
    rewardCoins: integer('reward_coins').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('quests_period_type_check', sql`${t.periodType} in (${inList(QUEST_PERIOD_TYPES)})`),
    check('quests_goal_type_check', sql`${t.goalType} in (${inList(QUEST_GOAL_TYPES)})`),
    check(
      'quests_goal_value_calculation_type_check',
      sql`${t.goalValueCalculationType} in (${inList(QUEST_GOAL_VALUE_CALCULATION_TYPES)})`,
    ),
    check('quests_reward_type_check', sql`${t.rewardType} in (${inList(QUEST_REWARD_TYPES)})`),
    check('quests_amounts_check', sql`${t.goalValue} >= 0 and ${t.rewardCoins} >= 0 and ${t.personalizedRatePercent} between 50 and 300`),
  ],
);

/**
 * One member's completion of one quest in one period: periodKey is the Tokyo day (daily), the week's Monday
 * (weekly), `YYYY-MM` (monthly) or `all` (all, initializing). The unique key makes completion idempotent under
 * concurrent syncs. A stamp-reward completion is one gacha stamp (issue 18 §5).
 */
export const questCompletions = pgTable(
  'quest_completions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questId: cascadingReference('quest_id', () => quests.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    periodKey: text('period_key').notNull(),
    /** The goal the member met (personalized goals differ per member). */
    goalValue: integer('goal_value').notNull(),
    rewardType: text('reward_type', { enum: QUEST_REWARD_TYPES }).notNull(),
    coinsAwarded: integer('coins_awarded').notNull().default(0),
    coinMovementId: bigint('coin_movement_id', { mode: 'number' }).references(() => coinMovements.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('quest_completions_coin_movement_id_index').on(t.coinMovementId),
    unique('quest_completions_quest_member_period_unique').on(t.questId, t.organizationMemberId, t.periodKey),
    index('quest_completions_member_index').on(t.organizationMemberId, t.completedAt),
    check('quest_completions_reward_type_check', sql`${t.rewardType} in (${inList(QUEST_REWARD_TYPES)})`),
  ],
);

export type QuestRow = typeof quests.$inferSelect;
export type QuestCompletionRow = typeof questCompletions.$inferSelect;
