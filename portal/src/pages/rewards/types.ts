// The shop's resources after JSON:API decoding (camelCase, relationships resolved); routes in docs/api.md
// ("Rewards: gacha and exchanges"), built by the gacha and catalogue modules.
import type { GachaType, RedemptionSource, RedemptionStatus, WeeklyGachaTier } from '@kiwi/shared/schemas/rewards';

/** GET /gifts as a member sees it: the coin_exchange gifts they can take now. */
export type ExchangeGift = {
  id: string;
  name: string;
  description: string;
  thumbnailUrl: string | null;
  needCoins: number;
  /** null: unlimited. */
  stock: number | null;
  categoryName?: string | null;
};

/** A prize of GET /gifts/weekly_gacha or /gifts/dream_gacha, with its exact chance now. */
export type GachaGift = {
  id: string;
  name: string;
  description?: string;
  thumbnailUrl?: string | null;
  weeklyGachaCalculationType?: WeeklyGachaTier | null;
  remaining: number;
  probability: number;
};

/** Meta of both gacha lists; weekly and dream fields are each optional on the other. */
export type GachaMeta = {
  missProbability: number;
  canDraw: boolean;
  /** An error code (errors.json) saying why the member cannot draw now. */
  reason?: string | null;
  weekStart?: string;
  drawsLeft?: number;
  stamps?: number;
  stampsPerCard?: number;
  cost?: number;
  balance?: number;
};

/** One line of the odds table a draw was made from; giftId null is "no prize". */
export type OddsLine = { giftId: string | null; name: string | null; remaining: number | null; probability: number };

export type GiftRedemption = {
  id: string;
  source: RedemptionSource;
  status: RedemptionStatus;
  giftName: string;
  giftThumbnailUrl: string | null;
  coinsSpent: number;
  prizeCode: string | null;
  createdAt: string;
  issuedAt: string | null;
};

/** POST /gacha_draws' answer. */
export type GachaDraw = {
  id: string;
  gachaType: GachaType;
  won: boolean;
  randomValue: number | string;
  odds: OddsLine[];
  coinsSpent: number;
  createdAt: string;
  /** The redemption a winning draw made (relationship `gift-redemption`, included). */
  giftRedemption?: GiftRedemption | null;
};

export const rewardsKeys = {
  all: ['rewards'] as const,
  exchangeGifts: (page: number) => ['rewards', 'exchange-gifts', page] as const,
  gacha: (type: GachaType) => ['rewards', 'gacha', type] as const,
  redemptions: (page: number) => ['rewards', 'redemptions', page] as const,
};

/** The odds attribute keeps the server's nested keys (`gift-id`); read either spelling. */
export function oddsLinesOf(odds: unknown): OddsLine[] {
  if (!Array.isArray(odds)) return [];
  return odds.map((line: Record<string, unknown>) => {
    const giftId = line.giftId ?? line['gift-id'] ?? line.gift_id ?? null;
    return {
      giftId: giftId === null || giftId === undefined ? null : String(giftId),
      name: typeof line.name === 'string' ? line.name : null,
      remaining: typeof line.remaining === 'number' ? line.remaining : null,
      probability: Number(line.probability),
    };
  });
}

/** The redemption a winning draw made, if the answer carried it. */
export const wonRedemption = (draw: GachaDraw): GiftRedemption | null => draw.giftRedemption ?? null;
