import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { LoadFailed, Loading } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import '../organization/organization.css';
import { DailyDashboard } from './daily-dashboard';
import { PersonalRankingTable, TeamRankingTable } from './rankings';
import { Tabs } from '../tabs';
import { TeamsPanel } from './teams-panel';
import { useWalkingTranslation } from './use-walking-translation';
import { type WalkingEvent, walkingEventKeys } from './types';
import { WalkingEventForm } from './walking-event-form';
import { WalkingStatus } from './walking-events-page';
import './walking-events.css';

/** SPEC §2: a walking event's detail in the organisation area, with the tabs basic info, teams, team and personal ranking. */
export function WalkingEventPage() {
  const { t } = useWalkingTranslation(['organization']);
  const { id = '' } = useParams();
  const { api } = useSession();
  const { organization, loaded } = useOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirmed = useConfirmedAction();
  const [tab, setTab] = useState('basic');
  const organizationId = organization?.id;
  const event = useQuery({
    queryKey: walkingEventKeys.detail(id),
    queryFn: () => api.get<WalkingEvent>(`/organizations/${organizationId}/walking_events/${id}`),
    enabled: organizationId !== undefined && id !== '',
  });

  if (!loaded || event.isPending) return <Loading />;
  if (!organizationId || !organization || event.isError) return <LoadFailed onRetry={() => void event.refetch()} />;
  const current = event.data.data;
  const listPath = `/org/${organization.identifier}/walking_events`;

  const remove = () =>
    confirmed({
      title: t('deleteTitle'),
      body: t('deleteBody', { title: current.title }),
      okLabel: t('organization:common.delete'),
      action: () => api.delete(`/organizations/${organizationId}/walking_events/${current.id}`),
      done: t('organization:common.deleted'),
      afterDone: async () => {
        await queryClient.invalidateQueries({ queryKey: walkingEventKeys.list(organizationId) });
        navigate(listPath);
      },
    });

  return (
    <div className="org-page">
      <p>
        <Link to={listPath}>{t('back')}</Link>
      </p>
      <header className="org-page__header">
        <h1>
          {current.title} <WalkingStatus status={current.status} />
        </h1>
        {current.editable !== 'none' && (
          <button type="button" className="kiwi-button" onClick={remove}>
            {t('delete')}
          </button>
        )}
      </header>
      <Tabs
        label={t('tabs.label')}
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            key: 'basic',
            label: t('tabs.basic'),
            panel: () => (
              <WalkingEventForm
                key={`${current.id}-${current.editable}`}
                organizationId={organizationId}
                event={current}
                onSaved={(saved) => {
                  queryClient.setQueryData(walkingEventKeys.detail(id), { data: { ...current, ...saved } });
                  void queryClient.invalidateQueries({ queryKey: walkingEventKeys.list(organizationId) });
                }}
              />
            ),
          },
          { key: 'teams', label: t('tabs.teams'), panel: () => <TeamsPanel organizationId={organizationId} event={current} /> },
          {
            key: 'teamRanking',
            label: t('tabs.teamRanking'),
            panel: () => (
              <>
                <DailyDashboard eventId={current.id} />
                <TeamRankingTable eventId={current.id} />
              </>
            ),
          },
          { key: 'personalRanking', label: t('tabs.personalRanking'), panel: () => <PersonalRankingTable eventId={current.id} /> },
        ]}
      />
    </div>
  );
}
