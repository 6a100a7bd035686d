import { useWalkingTranslation } from './use-walking-translation';
import { formatNumber } from '@kiwi/shared/i18n/format';
import { useQuery } from '@tanstack/react-query';
import { useToast } from '@kiwi/shared/ui/toast';
import { useState } from 'react';
import { apiErrorMessage } from '../organization/api-error';
import { useSession } from '../../session/session-provider';
import { Empty, LoadFailed, Loading } from '../organization/page-states';
import { type PersonalRanking, type TeamRanking, walkingEventKeys } from './types';

/** How often the rankings refresh while shown: a sync appears within 60 seconds (issue 17). */
const REFRESH_MS = 30_000;

/** Both encodings of a ranking's CSV (the server writes it: UTF-8 with BOM, or Shift_JIS for older Excel). */
function CsvDownloads({ eventId, kind }: { eventId: string; kind: 'team_summary' | 'personal_summary' }) {
  const { t } = useWalkingTranslation(['errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const [downloading, setDownloading] = useState(false);
  const download = async (encoding: 'utf-8' | 'shift_jis') => {
    setDownloading(true);
    try {
      const response = await api.raw<'blob'>(`/walking_events/${eventId}/${kind}`, {
        query: { format: 'csv', encoding, per: kind === 'personal_summary' ? 500 : undefined },
        responseType: 'blob',
      });
      const url = URL.createObjectURL(response._data as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `walking-event-${eventId}-${kind === 'team_summary' ? 'teams' : 'people'}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      showToast(`${t('ranking.downloadFailed')} ${apiErrorMessage(t, error)}`, 'error');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="org-table__actions" aria-busy={downloading}>
      <button type="button" className="button" disabled={downloading} onClick={() => void download('utf-8')}>
        {t('ranking.csv')}
      </button>
      <button type="button" className="button" disabled={downloading} onClick={() => void download('shift_jis')}>
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
      <p>{t('ranking.days', { count: days })}</p>
    </div>
  );
}

/** GET /walking_events/{id}/team_summary as a table, the formula printed under it; the caller's team highlighted. */
export function TeamRankingTable({ eventId }: { eventId: string }) {
  const { t, i18n } = useWalkingTranslation();
  const { api } = useSession();
  const query = useQuery({
    queryKey: walkingEventKeys.teamSummary(eventId),
    queryFn: () => api.get<TeamRanking[]>(`/walking_events/${eventId}/team_summary`),
    refetchInterval: REFRESH_MS,
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const rows = query.data.data;
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="walking-ranking">
      <RankingNotes frozen={Boolean(query.data.meta?.frozen)} days={Number(query.data.meta?.days ?? 0)} />
      {rows.length > 0 && <CsvDownloads eventId={eventId} kind="team_summary" />}
      {rows.length === 0 ? (
        <Empty text={t('ranking.empty')} />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; keyboard users scroll it too.
        <div className="org-table-wrap" role="region" aria-label={t('tabs.teamRanking')} tabIndex={0}>
          <table className="org-table walking-table">
            <caption className="visually-hidden">{t('tabs.teamRanking')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ranking.rank')}</th>
                <th scope="col">{t('ranking.team')}</th>
                <th scope="col">{t('ranking.members')}</th>
                <th scope="col">{t('ranking.totalSteps')}</th>
                <th scope="col">{t('ranking.score')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={row.mine ? 'walking-table__mine' : undefined} aria-current={row.mine ? 'true' : undefined}>
                  <td>{row.rank}</td>
                  <td>
                    {row.teamName}
                    {row.mine && <span className="org-badge walking-you">{t('ranking.you')}</span>}
                    {row.members && row.members.length > 0 && (
                      <ul className="walking-members">
                        {row.members.map((member) => (
                          <li key={member['organization-member-id']}>
                            {member.name}: {number(member['total-steps'] ?? 0)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{number(row.memberCount)}</td>
                  <td>{number(row.totalSteps)}</td>
                  <td>{number(row.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="walking-formula">{t('ranking.formula')}</p>
    </div>
  );
}

/** GET /walking_events/{id}/personal_summary: the top 100 and the caller's own row. */
export function PersonalRankingTable({ eventId }: { eventId: string }) {
  const { t, i18n } = useWalkingTranslation();
  const { api } = useSession();
  const query = useQuery({
    queryKey: walkingEventKeys.personalSummary(eventId),
    queryFn: () => api.get<PersonalRanking[]>(`/walking_events/${eventId}/personal_summary`, { per: 100 }),
    refetchInterval: REFRESH_MS,
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const rows = query.data.data;
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="walking-ranking">
      <RankingNotes frozen={Boolean(query.data.meta?.frozen)} days={Number(query.data.meta?.days ?? 0)} />
      {query.data.meta?.statisticsVisible === false && <p>{t('ranking.hidden')}</p>}
      {rows.length > 0 && <CsvDownloads eventId={eventId} kind="personal_summary" />}
      {rows.length === 0 ? (
        <Empty text={t('ranking.empty')} />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; keyboard users scroll it too.
        <div className="org-table-wrap" role="region" aria-label={t('tabs.personalRanking')} tabIndex={0}>
          <table className="org-table walking-table">
            <caption className="visually-hidden">{t('tabs.personalRanking')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ranking.rank')}</th>
                <th scope="col">{t('ranking.name')}</th>
                <th scope="col">{t('ranking.team')}</th>
                <th scope="col">{t('ranking.totalSteps')}</th>
                <th scope="col">{t('ranking.dailyAverage')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={row.mine ? 'walking-table__mine' : undefined} aria-current={row.mine ? 'true' : undefined}>
                  <td>{row.rank}</td>
                  <td>
                    {row.name}
                    {row.mine && <span className="org-badge walking-you">{t('ranking.you')}</span>}
                  </td>
                  <td>{row.teamName}</td>
                  <td>{number(row.totalSteps)}</td>
                  <td>{number(row.dailyAverage)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
