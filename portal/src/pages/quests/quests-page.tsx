import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../session/session-provider';
import { QuestItem } from './quest-item';
import { type MemberQuest, QUEST_GROUPS } from './quest-types';
import { useQuestsTranslation } from './use-quests-translation';
import './quests.css';

export const MEMBER_QUESTS_QUERY_KEY = ['user', 'quests'] as const;

/** `/quests`: the member's quests grouped by period, with progress, rewards and this week's gacha stamps. */
export function QuestsPage() {
  const { t } = useQuestsTranslation();
  const { api } = useSession();
  const quests = useQuery({
    queryKey: MEMBER_QUESTS_QUERY_KEY,
    queryFn: () => api.get<MemberQuest[]>('/user/quests'),
  });
  return (
    <div className="quests-page">
      <header>
        <h1 id="page-title">{t('title')}</h1>
        <p className="quests-page__intro">{t('intro')}</p>
      </header>
      {quests.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : quests.isError ? (
        <div role="alert" className="alert alert--error">
          <p>{t('loadFailed')}</p>
          <button type="button" className="kiwi-button" onClick={() => void quests.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <StampsCard stamps={Number(quests.data.meta?.stamps ?? 0)} />
          {quests.data.data.length === 0 ? (
            <p className="quests-page__empty">{t('empty')}</p>
          ) : (
            QUEST_GROUPS.map((group) => (
              <QuestGroup key={group} group={group} quests={quests.data.data.filter((quest) => quest.periodType === group)} />
            ))
          )}
        </>
      )}
    </div>
  );
}

function QuestGroup({ group, quests }: { group: MemberQuest['periodType']; quests: MemberQuest[] }) {
  const { t } = useQuestsTranslation();
  const headingId = useId();
  if (quests.length === 0) return null;
  return (
    <section className="quests-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`groups.${group}`)}</h2>
      <ul className="quest-list">
        {quests.map((quest) => (
          <QuestItem key={quest.id} quest={quest} />
        ))}
      </ul>
    </section>
  );
}

/**
 * This week's stamps towards the next extra weekly gacha draw. How many make a card is the gacha's rule (its
 * GET /gifts/weekly_gacha meta `stamps-per-card`); without that answer only the count shows.
 */
function StampsCard({ stamps }: { stamps: number }) {
  const { t } = useQuestsTranslation();
  const { api } = useSession();
  const headingId = useId();
  const gacha = useQuery({
    queryKey: ['gifts', 'weekly_gacha'],
    queryFn: () => api.get<unknown[]>('/gifts/weekly_gacha'),
    retry: false,
  });
  const perCard = Number(gacha.data?.meta?.stampsPerCard ?? 0);
  const current = perCard > 0 ? stamps % perCard : stamps;
  return (
    <section className="quests-stamps" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('stamps.title')}</h2>
      <p className="quests-stamps__count">{t('stamps.count', { count: stamps })}</p>
      {perCard > 0 && (
        <>
          <progress
            className="quest__bar"
            max={perCard}
            value={current}
            aria-label={t('stamps.towards', { left: perCard - current, current, perCard })}
          />
          <p>{t('stamps.towards', { left: perCard - current, current, perCard })}</p>
        </>
      )}
      <Link to="/rewards">{t('stamps.link')}</Link>
    </section>
  );
}
