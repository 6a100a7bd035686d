import type { Executor } from '../../db/client';
import { appInformations } from '../../db/schema/home';

const DAY = 24 * 3600 * 1000;

export const DEMO_APP_INFORMATIONS = [
  {
    title: 'Kiwi へようこそ',
    headCopy: 'はじめの一歩',
    body: 'ホームでは、コインの残高、お知らせ、参加予定のイベント、ギルドの新着、回答待ちのアンケートをひと目で確認できます。まずはプロフィールでニックネームを設定しましょう。',
    iconName: 'info',
    daysFromNow: -3,
  },
  {
    title: 'モバイルアプリで歩数を自動記録',
    headCopy: 'アプリ連携',
    body: 'モバイルアプリをインストールすると、歩数とワークアウトが自動で記録され、毎日のヘルスポイントとコインにつながります。',
    iconName: 'smartphone',
    daysFromNow: -1,
  },
  // Scheduled: members must not see it until then.
  {
    title: '新機能「クエスト」のお知らせ',
    headCopy: '近日公開',
    body: '毎日の小さな目標に挑戦できるクエスト機能を準備しています。',
    iconName: 'flag',
    daysFromNow: 10,
  },
] as const;

/** Demo app informations (two published, one scheduled). Idempotent: nothing happens once any exists. */
export async function seedAppInformations(tx: Executor, now: Date): Promise<void> {
  const [existing] = await tx.select({ id: appInformations.id }).from(appInformations).limit(1);
  if (existing) return;
  await tx
    .insert(appInformations)
    .values(
      DEMO_APP_INFORMATIONS.map(({ daysFromNow, ...item }) => ({ ...item, publishedAt: new Date(now.getTime() + daysFromNow * DAY) })),
    );
}
