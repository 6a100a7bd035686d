// Quests (issue 18 §5): the admin's payloads and the enums both ends share.
import { z } from 'zod';
import { requiredOrInvalidType, strictPayload, oneOf, wholeNumber } from './common';
import { graphemeString } from './text';

export const QUEST_PERIOD_TYPES = ['all', 'daily', 'weekly', 'monthly', 'initializing'] as const;
export type QuestPeriodType = (typeof QUEST_PERIOD_TYPES)[number];
export const QUEST_GOAL_TYPES = [
  'self_rating',
  'step',
  'workout_minutes',
  'health_point',
  'calorie',
  'distance',
  'setup_resting_heart_rate',
  'setup_height_and_weight',
  'setup_birthday',
  'setup_nickname',
] as const;
export type QuestGoalType = (typeof QUEST_GOAL_TYPES)[number];
export const QUEST_GOAL_VALUE_CALCULATION_TYPES = ['constant', 'personalized_step_count'] as const;
export type QuestGoalValueCalculationType = (typeof QUEST_GOAL_VALUE_CALCULATION_TYPES)[number];
/** coins: rewardCoins through the ledger; stamp: one gacha stamp (a full card earns an extra weekly draw). */
export const QUEST_REWARD_TYPES = ['coins', 'stamp'] as const;
export type QuestRewardType = (typeof QUEST_REWARD_TYPES)[number];
/** The placeholder a title may hold (SPEC §9), filled with the member's own goal in their locale's number format. */
export const QUEST_GOAL_PLACEHOLDER = '{goalValue}';

export const QUEST_LIMITS = {
  titleMax: 100,
  goalValueMax: 1_000_000,
  rewardCoinsMax: 10_000,
  personalizedRatePercentMin: 50,
  personalizedRatePercentMax: 300,
} as const;

const questFields = {
  title: graphemeString({ min: 1, max: QUEST_LIMITS.titleMax, trim: true }),
  period_type: oneOf(QUEST_PERIOD_TYPES),
  goal_type: oneOf(QUEST_GOAL_TYPES),
  goal_value: wholeNumber(0, QUEST_LIMITS.goalValueMax),
  goal_value_calculation_type: oneOf(QUEST_GOAL_VALUE_CALCULATION_TYPES),
  personalized_rate_percent: wholeNumber(QUEST_LIMITS.personalizedRatePercentMin, QUEST_LIMITS.personalizedRatePercentMax),
  reward_type: oneOf(QUEST_REWARD_TYPES),
  reward_coins: wholeNumber(0, QUEST_LIMITS.rewardCoinsMax),
  disabled: z.boolean({ error: requiredOrInvalidType }),
};

const requiredQuestKeys = ['title', 'period_type', 'goal_type', 'goal_value'] as const;
export const CreateQuestSchema = strictPayload({
  quest: strictPayload(questFields)
    .partial()
    .required(Object.fromEntries(requiredQuestKeys.map((key) => [key, true])) as { [K in (typeof requiredQuestKeys)[number]]: true }),
});
export const UpdateQuestSchema = strictPayload({ quest: strictPayload(questFields).partial() });
export type CreateQuest = z.output<typeof CreateQuestSchema>['quest'];
export type UpdateQuest = z.output<typeof UpdateQuestSchema>['quest'];
