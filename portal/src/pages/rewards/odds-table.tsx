import { formatNumber } from '@kiwi/shared/i18n/format';
import { useId } from 'react';
import { CardTable } from '../../layout/card-table';
import { useRewardsTranslation } from './use-rewards-translation';

export type OddsRow = { key: string; name: string; remaining: number | null; probability: number };

/** A chance as the page writes it: a percentage with up to four significant digits ("33.33%", "0.01%"). */
export const formatChance = (probability: number, language: string) =>
  formatNumber(probability, language, { style: 'percent', maximumSignificantDigits: 4 });

/** Every prize with what is left and its exact chance, then the chance of no prize: the table a draw is made from. */
export function OddsTable({
  rows,
  missProbability,
  caption,
  live = true,
}: {
  rows: OddsRow[];
  missProbability: number;
  caption?: string;
  /** false: a past draw's table, which no longer changes (no note that it does). */
  live?: boolean;
}) {
  const { t, i18n } = useRewardsTranslation();
  const noteId = useId();
  return (
    <div className="rewards-odds">
      <CardTable
        className="rewards-odds__table"
        captionShown
        caption={caption ?? t('odds.caption')}
        headers={[t('odds.prize'), t('odds.remaining'), t('odds.chance')]}
        describedBy={live ? noteId : undefined}
      >
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            <td className="rewards-odds__number">{row.remaining === null ? '' : formatNumber(row.remaining, i18n.language)}</td>
            <td className="rewards-odds__number">{formatChance(row.probability, i18n.language)}</td>
          </tr>
        ))}
        <tr className="rewards-odds__miss">
          <th scope="row">{t('odds.miss')}</th>
          <td className="rewards-odds__number" />
          <td className="rewards-odds__number">{formatChance(missProbability, i18n.language)}</td>
        </tr>
      </CardTable>
      {live && (
        <p id={noteId} className="rewards-note">
          {t('odds.note')}
        </p>
      )}
    </div>
  );
}
