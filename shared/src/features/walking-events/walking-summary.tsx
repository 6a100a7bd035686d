import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber } from '../../i18n/format';
import { daysLeft, type WalkingEvent } from '../../schemas/walking-event-resources';
import './walking-events.css';
import '../../ui/visually-hidden.css';

/**
 * The member's summary of a walking event: the period, the days left (or when it starts, or that it ended), their
 * team and, when known, their steps today. The portal's /walking_events/:id and the <kiwi-walking-event> widget.
 */
export function WalkingSummary({
  event,
  todaySteps,
  now = new Date(),
}: {
  event: Pick<WalkingEvent, 'startedAt' | 'endedAt' | 'status' | 'teams'>;
  todaySteps?: number | null;
  now?: Date;
}) {
  const { t, i18n } = useTranslation('walking');
  const myTeam = event.teams?.find((team) => team.mine);
  const left = daysLeft(event, now);
  const day = (value: string) => formatDay(value, i18n.language);
  return (
    <div className="kiwi-walking-summary">
      <p>{t('period', { from: day(event.startedAt), to: day(event.endedAt) })}</p>
      <p>
        {left !== null
          ? t('member.daysLeft', { count: left })
          : event.status === 'scheduled'
            ? t('member.starts', { day: day(event.startedAt) })
            : t('member.ended')}
      </p>
      <p className="kiwi-walking-summary__team">{myTeam ? t('member.yourTeam', { name: myTeam.teamName }) : t('member.noTeam')}</p>
      {todaySteps != null && <p>{t('member.todaySteps', { steps: formatNumber(todaySteps, i18n.language) })}</p>}
    </div>
  );
}

type RankedRow = { id: string; rank: number; mine: boolean };

/** A ranking's table (scrolling on its own when narrow): the rank, the row's name, then its cells; the caller's own row marked. */
export function WalkingRankingTable<Row extends RankedRow>({
  caption,
  headers,
  rows,
  name,
  cells,
}: {
  caption: string;
  headers: string[];
  rows: Row[];
  name: (row: Row) => ReactNode;
  cells: (row: Row) => ReactNode[];
}) {
  const { t } = useTranslation('walking');
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; keyboard users scroll it too.
    <div className="kiwi-walking-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="kiwi-walking-table">
        <caption className="kiwi-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.mine ? 'kiwi-walking-table__mine' : undefined} aria-current={row.mine ? 'true' : undefined}>
              <td>{row.rank}</td>
              <td>
                {name(row)}
                {row.mine && <span className="kiwi-walking-you">{t('ranking.you')}</span>}
              </td>
              {cells(row).map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
