import type { Executor } from '../../db/client';
import { quests } from '../../db/schema/quests';

/** Demo quests (issue 18): one of each kind a member meets first. Titles are content, in the product's default language. */
export const DEMO_QUESTS: (typeof quests.$inferInsert)[] = [
  { title: '今日は{goalValue}歩あるこう', periodType: 'daily', goalType: 'step', goalValue: 8_000, rewardType: 'coins', rewardCoins: 10 },
  {
    title: '今日のヘルスポイント{goalValue}ptでスタンプ',
    periodType: 'daily',
    goalType: 'health_point',
    goalValue: 8,
    rewardType: 'stamp',
  },
  {
    title: '今週はあなたのペースで{goalValue}歩',
    periodType: 'weekly',
    goalType: 'step',
    goalValue: 40_000,
    goalValueCalculationType: 'personalized_step_count',
    personalizedRatePercent: 110,
    rewardType: 'coins',
    rewardCoins: 30,
  },
  {
    title: '今月は{goalValue}分運動しよう',
    periodType: 'monthly',
    goalType: 'workout_minutes',
    goalValue: 300,
    rewardType: 'coins',
    rewardCoins: 50,
  },
  {
    title: 'ニックネームを設定しよう',
    periodType: 'initializing',
    goalType: 'setup_nickname',
    goalValue: 1,
    rewardType: 'coins',
    rewardCoins: 20,
  },
  { title: '誕生日を登録しよう', periodType: 'initializing', goalType: 'setup_birthday', goalValue: 1, rewardType: 'stamp' },
];

/** Idempotent: nothing happens once any quest exists (the admin's own quests are never touched). */
export async function seedQuestsDemo(tx: Executor): Promise<void> {
  const [existing] = await tx.select({ id: quests.id }).from(quests).limit(1);
  if (existing) return;
  await tx.insert(quests).values(DEMO_QUESTS);
}
