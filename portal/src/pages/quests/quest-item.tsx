import { isSetupGoal, renderQuestTitle } from '@kiwi/shared/domain/quests';
import { formatNumber } from '@kiwi/shared/i18n/format';
import type { MemberQuest } from './quest-types';
import { useQuestsTranslation } from './use-quests-translation';

/** A quest's reward as members read it: "7 coins" or "1 stamp". */
export function useRewardText() {
  const { t } = useQuestsTranslation();
  return (quest: Pick<MemberQuest, 'rewardType' | 'rewardCoins'>) =>
    quest.rewardType === 'stamp'
      ? t('reward.stamp')
      : quest.rewardCoins > 0
        ? t('reward.coins', { count: quest.rewardCoins })
        : t('reward.none');
}

/** One quest: its title with the member's own goal, a progress bar with an accessible name, and the reward or its receipt. */
export function QuestItem({ quest }: { quest: MemberQuest }) {
  const { t, i18n } = useQuestsTranslation();
  const rewardText = useRewardText();
  const number = (value: number) => formatNumber(value, i18n.language);
  const title = renderQuestTitle(quest.title, quest.goalValue, i18n.language);
  const setup = isSetupGoal(quest.goalType);
  const shown = Math.min(quest.progress, quest.goalValue);
  const progressText = setup
    ? t(quest.progress >= 1 ? 'setup.done' : 'setup.pending')
    : t('progress', {
        progress: number(quest.progress),
        goal: t(`units.${quest.goalType}`, { value: number(quest.goalValue), count: quest.goalValue }),
      });
  return (
    <li className={`quest${quest.completed ? ' quest--completed' : ''}`}>
      <div className="quest__head">
        <span className="quest__title">{title}</span>
        {quest.completed ? (
          <span className="quest__badge">
            <span aria-hidden="true">✓ </span>
            {t('completed')}
          </span>
        ) : null}
      </div>
      <progress
        className="quest__bar"
        max={quest.goalValue}
        value={shown}
        aria-label={t('progressLabel', { title, progress: number(setup ? shown : quest.progress), goal: number(quest.goalValue) })}
      />
      <div className="quest__foot">
        <span>{progressText}</span>
        <span className="quest__reward">{quest.completed ? t('earned', { reward: rewardText(quest) }) : rewardText(quest)}</span>
      </div>
    </li>
  );
}
