import { WalkingSummary } from '@kiwi/shared/features/walking-events/walking-summary';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../session/session-provider';
import { LoadFailed, Loading } from '../organization/page-states';
import '../organization/organization.css';
import { CheerBoard } from './cheer-board';
import { PersonalRankingTable, TeamRankingTable } from './rankings';
import { Tabs } from '../tabs';
import { useWalkingTranslation } from './use-walking-translation';
import { type WalkingEvent, walkingEventKeys } from './types';
import { WalkingStatus } from './walking-events-page';
import './walking-events.css';

/** /walking_events/{id}: the member's view: their team, days left, the team and personal rankings (as allowed). */
export function MemberWalkingEventPage() {
  const { t } = useWalkingTranslation();
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

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1>
          {current.title} <WalkingStatus status={current.status} />
        </h1>
      </header>
      <WalkingSummary event={current} />
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
