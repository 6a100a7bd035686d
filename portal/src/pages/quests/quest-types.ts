import type { QuestGoalType, QuestPeriodType, QuestRewardType } from '@kiwi/shared/schemas/quests';

/** GET /api/user/quests (and the home's `quests`) after JSON:API decoding: see server/src/modules/quests/presenter.ts. */
export type MemberQuest = {
  id: string;
  title: string;
  goalValue: number;
  periodType: QuestPeriodType;
  goalType: QuestGoalType;
  progress: number;
  completed: boolean;
  completedAt: string | null;
  rewardType: QuestRewardType;
  rewardCoins: number;
  coinsAwarded: number;
  periodKey: string;
};

/** The /quests page's groups, in order (SPEC §3 periodType). */
export const QUEST_GROUPS: QuestPeriodType[] = ['daily', 'weekly', 'monthly', 'all', 'initializing'];
