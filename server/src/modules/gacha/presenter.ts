import type { GachaDrawRow, GiftRedemptionRow, GiftRow } from '../../db/schema/rewards';
import { serialize } from '../../jsonapi/serialize';
import type { BudgetLine } from './budget';
import type { DreamView } from './dream';
import { type DrawResult, missProbability } from './records';
import type { WeeklyView } from './weekly';

type RedemptionWithGift = GiftRedemptionRow & { gift: GiftRow };

/** `gift-redemptions`: the prize code only ever goes to its owner (every route here answers the owner's own). */
const redemptionSpec = {
  attributes: (row: RedemptionWithGift) => ({
    source: row.source,
    status: row.status,
    giftId: row.giftId,
    giftName: row.gift.name,
    giftThumbnailUrl: row.gift.thumbnailUrl,
    coinsSpent: row.coinsSpent,
    prizeCode: row.prizeCode,
    createdAt: row.createdAt,
    issuedAt: row.issuedAt,
  }),
};

export function presentRedemptions(
  rows: RedemptionWithGift | RedemptionWithGift[],
  pagination?: { page: number; per: number; total: number },
) {
  return serialize('gift-redemptions', rows, { ...redemptionSpec, ...(pagination ? { pagination } : {}) });
}

const wireOdds = (draw: GachaDrawRow) =>
  draw.odds.map((entry) => ({ 'gift-id': entry.giftId, name: entry.name, remaining: entry.remaining, probability: entry.probability }));

/** `gacha-draws` with the redemption (relationship `gift-redemption`, included) when it won. */
export function presentDraw(result: DrawResult) {
  return serialize('gacha-draws', result, {
    id: (row) => row.draw.id,
    attributes: ({ draw }) => ({
      gachaType: draw.gachaType,
      weekStart: draw.weekStart,
      won: draw.redemptionId !== null,
      giftId: draw.giftId,
      randomValue: draw.randomValue,
      odds: wireOdds(draw),
      coinsSpent: draw.coinsSpent,
      createdAt: draw.createdAt,
    }),
    relationships: { giftRedemption: { type: 'gift-redemptions', data: (row) => row.redemption, ...redemptionSpec } },
    include: ['giftRedemption'],
  });
}

const giftAttributes = (gift: GiftRow, remaining: number | null, probability: number) => ({
  name: gift.name,
  description: gift.description,
  thumbnailUrl: gift.thumbnailUrl,
  weeklyGachaCalculationType: gift.weeklyGachaCalculationType,
  remaining,
  probability,
});

export function presentWeekly(view: WeeklyView) {
  return serialize('gifts', view.gifts, {
    id: (line) => line.gift.id,
    attributes: (line) => giftAttributes(line.gift, line.remaining, line.probability),
    meta: {
      weekStart: view.weekStart,
      drawsLeft: view.drawsLeft,
      missProbability: missProbability(view.odds),
      stamps: view.stamps,
      stampsPerCard: view.stampsPerCard,
      canDraw: view.reason === null,
      reason: view.reason,
    },
  });
}

export function presentDream(view: DreamView) {
  return serialize('gifts', view.gifts, {
    id: (line) => line.gift.id,
    attributes: (line) => giftAttributes(line.gift, line.gift.stock, line.probability),
    meta: {
      cost: view.cost,
      missProbability: missProbability(view.odds),
      balance: view.balance,
      canDraw: view.reason === null,
      reason: view.reason,
    },
  });
}

export function presentBudgets(lines: BudgetLine[], pagination: { page: number; per: number; total: number }) {
  return serialize('gift-budgets', lines, {
    id: (line) => `${line.organizationId}-${line.weekStart}`,
    attributes: (line) => ({
      organizationId: line.organizationId,
      organizationName: line.organizationName,
      weekStart: line.weekStart,
      budget: line.budget,
      spent: line.spent,
      remaining: line.remaining,
      exchangeSpent: line.exchangeSpent,
      dreamSpent: line.dreamSpent,
    }),
    pagination,
  });
}
