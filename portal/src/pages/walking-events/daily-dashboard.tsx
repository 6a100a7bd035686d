import { formatNumber, formatShortDay } from '@kiwi/shared/i18n/format';
import { LazyChart } from '@kiwi/shared/ui/lazy-chart';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSession } from '../../session/session-provider';
import { LoadFailed, Loading } from '../organization/page-states';
import { walkingEventKeys } from './types';
import { useWalkingTranslation } from './use-walking-translation';

type DailySummary = {
  id: string;
  days: string[];
  teams: { 'team-id': number; 'team-name': string; 'daily-average': number[] }[];
  participation: number[];
  participants: number;
  everSynced: number;
};

/** The detail page's dashboard (managers): participation and the leading teams' daily average steps, on uPlot. */
export function DailyDashboard({ eventId }: { eventId: string }) {
  const { t, i18n } = useWalkingTranslation();
  const { api } = useSession();
  const headingId = useId();
  const query = useQuery({
    queryKey: [...walkingEventKeys.detail(eventId), 'daily'],
    queryFn: () => api.get<DailySummary>(`/walking_events/${eventId}/daily_summary`),
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const summary = query.data.data;
  if (summary.days.length === 0) return null;
  const labels = summary.days.map((day) => formatShortDay(day, i18n.language));
  const percent = (value: number) => formatNumber(value, i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section className="walking-section" aria-labelledby={`${headingId}`}>
      <h2 id={headingId}>{t('ranking.participationHeading')}</h2>
      <p>
        {t('ranking.participation', {
          synced: formatNumber(summary.everSynced, i18n.language),
          total: formatNumber(summary.participants, i18n.language),
          rate: percent(summary.participants > 0 ? summary.everSynced / summary.participants : 0),
        })}
      </p>
      <LazyChart
        title={t('ranking.participationChart')}
        kind="bar"
        labels={labels}
        series={[{ label: t('ranking.participationSeries'), values: summary.participation }]}
        csvFileName={`walking-event-${eventId}-participation`}
        formatValue={percent}
        height={200}
      />
      <LazyChart
        title={t('ranking.dailyChart')}
        kind="line"
        labels={labels}
        series={summary.teams.map((team) => ({ label: team['team-name'], values: team['daily-average'] }))}
        csvFileName={`walking-event-${eventId}-daily-steps`}
        formatValue={(value) => formatNumber(value, i18n.language)}
      />
    </section>
  );
}
