import type { QuestRow } from '../../db/schema/quests';
import { type Pagination, serialize } from '../../jsonapi/serialize';
import type { MemberQuest } from './service';

/** What an admin configures of a quest (the staff action log compares these too). */
export const QUEST_FIELDS = [
  'title',
  'periodType',
  'goalType',
  'goalValue',
  'goalValueCalculationType',
  'personalizedRatePercent',
  'rewardType',
  'rewardCoins',
  'disabled',
] as const satisfies (keyof QuestRow)[];
const QUEST_ATTRIBUTES = [...QUEST_FIELDS, 'createdAt', 'updatedAt'] satisfies (keyof QuestRow)[];

/** The admin's `quests`: the quest as configured. */
export function presentQuest(quest: QuestRow) {
  return serialize('quests', quest, { attributes: QUEST_ATTRIBUTES });
}

export function presentQuests(rows: QuestRow[], pagination: Pagination) {
  return serialize('quests', rows, { attributes: QUEST_ATTRIBUTES, pagination });
}

/** One member's quest now: the raw title (the reader's client fills {goalValue}), their own goal and progress. */
export const memberQuestResource = {
  type: 'quests',
  id: (item: MemberQuest) => item.quest.id,
  attributes: (item: MemberQuest) => ({
    title: item.quest.title,
    goalValue: item.goalValue,
    periodType: item.quest.periodType,
    goalType: item.quest.goalType,
    progress: item.progress,
    completed: item.completedAt !== null,
    completedAt: item.completedAt,
    rewardType: item.quest.rewardType,
    rewardCoins: item.quest.rewardCoins,
    coinsAwarded: item.coinsAwarded,
    periodKey: item.periodKey,
  }),
};

/** GET /api/user/quests: the member's current quests; meta `stamps` (this Tokyo week's). */
export function presentMemberQuests({ quests, stamps }: { quests: MemberQuest[]; stamps: number }) {
  return serialize('quests', quests, { ...memberQuestResource, meta: { stamps } });
}
