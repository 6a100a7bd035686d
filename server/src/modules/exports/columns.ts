// The columns of the two exports (SPEC §6), one list per kind: the header row is written in the language the admin
// chose, the columns and their order are the same in both (docs/decisions.md "Exports" has the same table).
import type { ExportKindValue, ExportLanguage } from '@kiwi/shared/schemas/exports';

export type ExportColumn = { key: string; ja: string; en: string };

export const SCORE_COLUMNS: readonly ExportColumn[] = [
  { key: 'organization_identifier', ja: '組織ID', en: 'Organization ID' },
  { key: 'organization_name', ja: '組織名', en: 'Organization name' },
  { key: 'member_id', ja: 'メンバー番号', en: 'Member number' },
  { key: 'member_name', ja: '氏名', en: 'Name' },
  { key: 'email', ja: 'メールアドレス', en: 'Email' },
  { key: 'month', ja: '年月', en: 'Month' },
  { key: 'health_points', ja: '健康ポイント', en: 'Health points' },
  { key: 'active_days', ja: '活動日数', en: 'Active days' },
];

export const RETURN_AMOUNT_COLUMNS: readonly ExportColumn[] = [
  { key: 'organization_identifier', ja: '組織ID', en: 'Organization ID' },
  { key: 'organization_name', ja: '組織名', en: 'Organization name' },
  { key: 'month', ja: '年月', en: 'Month' },
  { key: 'coins_granted', ja: '付与コイン', en: 'Coins granted' },
  { key: 'coins_spent_gift_exchange', ja: 'ギフト交換コイン', en: 'Coins spent on gift exchanges' },
  { key: 'coins_spent_dream_gacha', ja: 'ドリームガチャコイン', en: 'Coins spent on dream gacha' },
  { key: 'coins_refunded', ja: '返還コイン', en: 'Coins refunded' },
  { key: 'coins_spent_net', ja: '利用コイン計', en: 'Coins spent (net)' },
  { key: 'redemptions', ja: '景品数', en: 'Rewards' },
  { key: 'yen_value', ja: '景品金額(円)', en: 'Reward value (JPY)' },
];

export const columnsOf = (kind: ExportKindValue) => (kind === 'score' ? SCORE_COLUMNS : RETURN_AMOUNT_COLUMNS);

/** The header row in the chosen language. */
export const headerRow = (kind: ExportKindValue, language: ExportLanguage) => columnsOf(kind).map((column) => column[language]);

const FILE_LABELS: Record<ExportKindValue, Record<ExportLanguage, string>> = {
  score: { ja: 'スコア', en: 'score' },
  return_amount: { ja: '返還額', en: 'return-amount' },
};

/**
 * The downloaded file's name in the header row's language, `スコア_acme_2026-01_2026-03.csv`: sent as an RFC 5987
 * `filename*` with an ASCII `filename` fallback (express's attachment()).
 */
export function exportFileName(kind: ExportKindValue, language: ExportLanguage, scope: string, from: string, to: string): string {
  return `${FILE_LABELS[kind][language]}_${scope}_${from}_${to}.csv`;
}
