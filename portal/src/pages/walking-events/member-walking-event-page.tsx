import { daysBetweenInclusive, tokyoDay } from '@kiwi/shared/domain/walking-event';
import { formatDate } from '@kiwi/shared/i18n/format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../session/session-provider';
import { LoadFailed, Loading } from '../organization/page-states';
import '../organization/organization.css';
import { CheerBoard } from './cheer-board';
import { PersonalRankingTable, TeamRankingTable } from './rankings';
import { Tabs } from './tabs';
import { useWalkingTranslation } from './use-walking-translation';
import { type WalkingEvent, walkingEventKeys } from './types';
import { StatusBadge } from './walking-events-page';
import './walking-events.css';

/** Days left in the event (Tokyo days, today included), or null before the start and after the end. */
export function daysLeft(event: Pick<WalkingEvent, 'startedAt' | 'endedAt'>, now: Date): number | null {
  const today = tokyoDay(now);
  if (today < event.startedAt || today > event.endedAt) return null;
  return daysBetweenInclusive(today, event.endedAt);
}

/** /walking_events/{id}: the member's view: their team, days left, the team and personal rankings (as allowed). */
export function MemberWalkingEventPage() {
  const { t, i18n } = useWalkingTranslation();
  const { id = '' } = useParams();
  const { api, kiwiUser } = useSession();
  const [tab, setTab] = useState('teamRanking');
  const organizationId = kiwiUser?.organizationMembers[0]?.organization.id;
  const event = useQuery({
    queryKey: walkingEventKeys.detail(id),
    queryFn: () => api.get<WalkingEvent>(`/organizations/${organizationId}/walking_events/${id}`),
    enabled: organizationId !== undefined && id !== '',
  });
  if (event.isPending) return <Loading />;
  if (event.isError) return <LoadFailed onRetry={() => void event.refetch()} />;
  const current = event.data.data;
  const myTeam = current.teams?.find((team) => team.mine);
  const left = daysLeft(current, new Date());
  const day = (value: string) => formatDate(`${value}T00:00:00+09:00`, i18n.language, { timeZone: 'Asia/Tokyo' });

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1>
          {current.title} <StatusBadge status={current.status} />
        </h1>
      </header>
      <div className="walking-summary">
        <p>{t('period', { from: day(current.startedAt), to: day(current.endedAt) })}</p>
        <p>
          {left !== null
            ? t('member.daysLeft', { count: left })
            : current.status === 'scheduled'
              ? t('member.starts', { day: day(current.startedAt) })
              : t('member.ended')}
        </p>
        <p>{myTeam ? t('member.yourTeam', { name: myTeam.teamName }) : t('member.noTeam')}</p>
      </div>
      <Tabs
        label={t('tabs.label')}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'teamRanking', label: t('tabs.teamRanking'), panel: () => <TeamRankingTable eventId={current.id} /> },
          { key: 'personalRanking', label: t('tabs.personalRanking'), panel: () => <PersonalRankingTable eventId={current.id} /> },
          ...(myTeam ? [{ key: 'board', label: t('tabs.board'), panel: () => <CheerBoard eventId={current.id} /> }] : []),
        ]}
      />
    </div>
  );
}
