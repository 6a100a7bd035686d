import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DecodedDocument } from '../../api/jsonapi';
import { useTranslation } from 'react-i18next';
import { tokyoDay } from '../../domain/walking-event';
import { formatNumber } from '../../i18n/format';
import { useFeatureContext } from '../feature-context';
import {
  daysLeft,
  type PersonalRanking,
  type TeamRanking,
  type WalkingEvent,
  walkingEventKeys,
} from '../../schemas/walking-event-resources';
import { WalkingRankingTable, WalkingSummary } from './walking-summary';
import './walking-events.css';

/** How often the rankings refresh while shown: a sync appears within 60 seconds (issue 17), as on the portal page. */
const REFRESH_MS = 30_000;
/** The personal ranking's length in the compact view (the caller's own row comes after it when lower). */
const PERSONAL_TOP = 10;

type ActivityDay = { id: string; day: string; steps: number };

/** One ranking under its heading: loading, failed, hidden from members (the personal one, as the event says), empty, or the table. */
function RankingSection<Row extends { id: string; rank: number; mine: boolean }>({
  title,
  query,
  headers,
  name,
  cells,
}: {
  title: string;
  query: UseQueryResult<DecodedDocument<Row[]>>;
  headers: string[];
  name: (row: Row) => ReactNode;
  cells: (row: Row) => ReactNode[];
}) {
  const { t } = useTranslation('walking');
  return (
    <section>
      <h4>{title}</h4>
      {query.isPending ? (
        <p role="status">{t('member.loading')}</p>
      ) : query.isError ? (
        <p role="alert">{t('member.rankingFailed')}</p>
      ) : query.data.meta?.statisticsVisible === false ? (
        <p>{t('ranking.hidden')}</p>
      ) : query.data.data.length === 0 ? (
        <p>{t('ranking.empty')}</p>
      ) : (
        <WalkingRankingTable caption={title} headers={headers} rows={query.data.data} name={name} cells={cells} />
      )}
    </section>
  );
}

/**
 * The member view of one walking event, compact (the <kiwi-walking-event> widget): the summary with today's steps,
 * the team ranking, the personal ranking as the event allows, and a link to the portal page with the cheer board.
 */
export function WalkingMemberView({ eventId, now = new Date() }: { eventId: string; now?: Date }) {
  const { t, i18n } = useTranslation(['walking', 'errors']);
  const { api, viewer, navigate } = useFeatureContext();
  const event = useQuery({
    queryKey: walkingEventKeys.detail(eventId),
    queryFn: () => api.get<WalkingEvent>(`/organizations/${viewer?.organizationId}/walking_events/${eventId}`),
    enabled: viewer !== null,
  });
  const running = event.data ? daysLeft(event.data.data, now) !== null : false;
  const today = useQuery({
    queryKey: ['activities', 'today', tokyoDay(now)],
    queryFn: () => api.get<ActivityDay[]>('/user/activities'),
    enabled: running,
  });
  const teams = useQuery({
    queryKey: walkingEventKeys.teamSummary(eventId),
    queryFn: () => api.get<TeamRanking[]>(`/walking_events/${eventId}/team_summary`),
    enabled: event.isSuccess,
    refetchInterval: REFRESH_MS,
  });
  const people = useQuery({
    queryKey: [...walkingEventKeys.personalSummary(eventId), PERSONAL_TOP],
    queryFn: () => api.get<PersonalRanking[]>(`/walking_events/${eventId}/personal_summary`, { per: PERSONAL_TOP }),
    enabled: event.isSuccess,
    refetchInterval: REFRESH_MS,
  });

  if (event.isPending) return <p role="status">{t('walking:member.loading')}</p>;
  if (event.isError)
    return (
      <p role="alert" className="kiwi-walking-member-view__note">
        {t('walking:member.notFound')}
      </p>
    );
  const current = event.data.data;
  const number = (value: number) => formatNumber(value, i18n.language);
  const todayRow = today.data?.data.find((day) => day.day === tokyoDay(now));
  const myTeamRank = teams.data?.data.find((row) => row.mine)?.rank;

  return (
    <div className="kiwi-walking-member-view">
      <h3>{current.title}</h3>
      <WalkingSummary event={current} todaySteps={running && today.isSuccess ? (todayRow?.steps ?? 0) : null} now={now} />
      {myTeamRank !== undefined && <p className="kiwi-walking-member-view__rank">{t('walking:home.rank', { rank: myTeamRank })}</p>}
      <RankingSection
        title={t('walking:tabs.teamRanking')}
        query={teams}
        headers={[t('walking:ranking.rank'), t('walking:ranking.team'), t('walking:ranking.score')]}
        name={(row) => row.teamName}
        cells={(row) => [number(row.score)]}
      />
      <RankingSection
        title={t('walking:tabs.personalRanking')}
        query={people}
        headers={[t('walking:ranking.rank'), t('walking:ranking.name'), t('walking:ranking.totalSteps')]}
        name={(row) => row.name}
        cells={(row) => [number(row.totalSteps)]}
      />
      <p className="kiwi-walking-member-view__note">{t('walking:ranking.formula')}</p>
      <p>
        <button type="button" className="kiwi-walking-member-view__open" onClick={() => navigate(`/walking_events/${eventId}`)}>
          {t('walking:member.openInPortal')}
        </button>
      </p>
    </div>
  );
}
