import { serialize } from '../../jsonapi/serialize';
import { type AuditDraw, type StoredOddsEntry, type Verification, verifyDraw } from './service';

/** Odds lines with the wire's kebab-case keys (nested objects are not renamed by serialize). */
export const presentOdds = (odds: readonly StoredOddsEntry[]) =>
  (Array.isArray(odds) ? odds : []).map((entry) => ({
    'gift-id': entry.giftId === null ? null : String(entry.giftId),
    name: entry.name,
    remaining: entry.remaining,
    weight: entry.weight ?? entry.remaining,
    probability: entry.probability,
  }));

const drawAttributes = (draw: AuditDraw) => ({
  organizationId: String(draw.organizationId),
  organizationName: draw.organizationName,
  organizationMemberId: String(draw.organizationMemberId),
  memberName: draw.memberName,
  gachaType: draw.gachaType,
  weekStart: draw.weekStart,
  won: draw.giftId !== null,
  randomValue: draw.randomValue,
  odds: presentOdds(draw.odds),
  giftId: draw.giftId === null ? null : String(draw.giftId),
  giftName: draw.giftName,
  redemptionId: draw.redemptionId === null ? null : String(draw.redemptionId),
  coinsSpent: draw.coinsSpent,
  createdAt: draw.createdAt,
});

/** `gacha-draws` (the admin's audit view): a page of them. */
export function presentAuditDraws(items: AuditDraw[], pagination: { page: number; per: number; total: number; url?: string }) {
  return serialize('gacha-draws', items, { attributes: drawAttributes, pagination });
}

/** `gacha-draw-verifications`: one draw's outcome recomputed from its stored random value and odds table. */
export function presentVerification(draw: AuditDraw, verification: Verification = verifyDraw(draw)) {
  return serialize('gacha-draw-verifications', draw, {
    attributes: (row) => ({
      randomValue: row.randomValue,
      odds: presentOdds(row.odds),
      recordedGiftId: row.giftId === null ? null : String(row.giftId),
      recordedGiftName: row.giftName,
      recomputedGiftId: verification.recomputedGiftId === null ? null : String(verification.recomputedGiftId),
      ticket: verification.ticket,
      totalTickets: verification.total,
      matches: verification.matches,
      problem: verification.problem,
    }),
    relationships: { gachaDraw: { type: 'gacha-draws', data: (row) => ({ id: row.id }), attributes: [] } },
  });
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

const CSV_COLUMNS = [
  'id',
  'createdAt',
  'organization',
  'member',
  'gachaType',
  'randomValue',
  'outcome',
  'giftId',
  'redemptionId',
  'coinsSpent',
  'odds',
  'verified',
] as const;

export const csvHeader = (t: Translate) => CSV_COLUMNS.map((column) => t(`gift-audit:csv.${column}`));

/** One draw as CSV cells; the odds table is its exact JSON so the file alone is enough to recompute every draw. */
export function csvRow(draw: AuditDraw, t: Translate): unknown[] {
  return [
    draw.id,
    draw.createdAt,
    draw.organizationName,
    draw.memberName || t('cancellation:formerMember'),
    t(`gift-audit:gachaType.${draw.gachaType}`),
    draw.randomValue,
    draw.giftName ?? t('gift-audit:noPrize'),
    draw.giftId,
    draw.redemptionId,
    draw.coinsSpent,
    JSON.stringify(draw.odds),
    verifyDraw(draw).matches ? t('gift-audit:csv.yes') : t('gift-audit:csv.no'),
  ];
}
