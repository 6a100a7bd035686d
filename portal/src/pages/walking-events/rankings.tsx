import { useWalkingTranslation } from './use-walking-translation';
import { formatNumber } from '@kiwi/shared/i18n/format';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { DecodedDocument } from '@kiwi/shared/api/jsonapi';
import type { ReactNode } from 'react';
import { WalkingRankingTable } from '@kiwi/shared/features/walking-events/walking-summary';
import { useSession } from '../../session/session-provider';
import { Empty, LoadFailed, Loading } from '../organization/page-states';
import { type PersonalRanking, type TeamRanking, walkingEventKeys } from './types';
import { useFileDownload } from '../use-file-download';

/** How often the rankings refresh while shown: a sync appears within 60 seconds (issue 17). */
const REFRESH_MS = 30_000;

/** Both encodings of a ranking's CSV (the server writes it: UTF-8 with BOM, or Shift_JIS for older Excel). */
function CsvDownloads({ eventId, kind }: { eventId: string; kind: 'team_summary' | 'personal_summary' }) {
  const { t } = useWalkingTranslation(['errors']);
  const file = useFileDownload(t('ranking.downloadFailed'));
  const downloading = file.isPending;
  const download = (encoding: 'utf-8' | 'shift_jis') =>
    file.mutate({
      path: `/walking_events/${eventId}/${kind}`,
      query: { format: 'csv', encoding, per: kind === 'personal_summary' ? 500 : undefined },
      fileName: `walking-event-${eventId}-${kind === 'team_summary' ? 'teams' : 'people'}.csv`,
    });
  return (
    <div className="card-table__actions" aria-busy={downloading}>
      <button type="button" className="kiwi-button" disabled={downloading} onClick={() => download('utf-8')}>
        {t('ranking.csv')}
      </button>
      <button type="button" className="kiwi-button" disabled={downloading} onClick={() => download('shift_jis')}>
        {t('ranking.csvShiftJis')}
      </button>
    </div>
  );
}

function RankingNotes({ frozen, days }: { frozen: boolean; days: number }) {
  const { t } = useWalkingTranslation();
  return (
    <div className="walking-notes">
      <p>{frozen ? t('ranking.frozen') : t('ranking.live')}</p>
      <p>{t('ranking.countedOnce')}</p>
      <p>{t('ranking.membership')}</p>
      <p>{t('ranking.days', { count: days })}</p>
    </div>
  );
}

type RankedRow = { id: string; rank: number; mine: boolean };

/** A ranking from the API (personal: the top 100 and the caller's own row), refreshed while shown. */
function useRanking<Row>(eventId: string, kind: 'team_summary' | 'personal_summary') {
  const { api } = useSession();
  return useQuery({
    queryKey: kind === 'team_summary' ? walkingEventKeys.teamSummary(eventId) : walkingEventKeys.personalSummary(eventId),
    queryFn: () => api.get<Row[]>(`/walking_events/${eventId}/${kind}`, kind === 'personal_summary' ? { per: 100 } : undefined),
    refetchInterval: REFRESH_MS,
  });
}

/**
 * One ranking as the page shows it: the notes, the CSV downloads, then a table (scrolling on its own on a phone) whose
 * first column is the rank and whose second names the row, the caller's own row marked.
 */
function RankingView<Row extends RankedRow>({
  eventId,
  kind,
  caption,
  headers,
  query,
  name,
  cells,
  before,
  after,
}: {
  eventId: string;
  kind: 'team_summary' | 'personal_summary';
  caption: string;
  headers: string[];
  query: UseQueryResult<DecodedDocument<Row[]>>;
  name: (row: Row) => ReactNode;
  cells: (row: Row) => ReactNode[];
  before?: (meta: Record<string, unknown> | undefined) => ReactNode;
  after?: ReactNode;
}) {
  const { t } = useWalkingTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const { data: rows, meta } = query.data;
  return (
    <div className="walking-ranking">
      <RankingNotes frozen={Boolean(meta?.frozen)} days={Number(meta?.days ?? 0)} />
      {before?.(meta)}
      {rows.length > 0 && <CsvDownloads eventId={eventId} kind={kind} />}
      {rows.length === 0 ? (
        <Empty text={t('ranking.empty')} />
      ) : (
        <WalkingRankingTable caption={caption} headers={headers} rows={rows} name={name} cells={cells} />
      )}
      {after}
    </div>
  );
}

/** GET /walking_events/{id}/team_summary as a table, the formula printed under it; the caller's team highlighted. */
export function TeamRankingTable({ eventId }: { eventId: string }) {
  const { t, i18n } = useWalkingTranslation();
  const query = useRanking<TeamRanking>(eventId, 'team_summary');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <RankingView
      eventId={eventId}
      kind="team_summary"
      caption={t('tabs.teamRanking')}
      headers={[t('ranking.rank'), t('ranking.team'), t('ranking.members'), t('ranking.totalSteps'), t('ranking.score')]}
      query={query}
      name={(row) => (
        <>
          {row.teamName}
          {row.members && row.members.length > 0 && (
            <ul className="walking-members">
              {row.members.map((member) => (
                <li key={member['organization-member-id']}>
                  {member.name}: {number(member['total-steps'] ?? 0)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      cells={(row) => [number(row.memberCount), number(row.totalSteps), number(row.score)]}
      after={<p className="walking-formula">{t('ranking.formula')}</p>}
    />
  );
}

/** GET /walking_events/{id}/personal_summary: the top 100 and the caller's own row. */
export function PersonalRankingTable({ eventId }: { eventId: string }) {
  const { t, i18n } = useWalkingTranslation();
  const query = useRanking<PersonalRanking>(eventId, 'personal_summary');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <RankingView
      eventId={eventId}
      kind="personal_summary"
      caption={t('tabs.personalRanking')}
      headers={[t('ranking.rank'), t('ranking.name'), t('ranking.team'), t('ranking.totalSteps'), t('ranking.dailyAverage')]}
      query={query}
      name={(row) => row.name}
      cells={(row) => [row.teamName, number(row.totalSteps), number(row.dailyAverage)]}
      before={(meta) => (meta?.statisticsVisible === false ? <p>{t('ranking.hidden')}</p> : null)}
    />
  );
}
