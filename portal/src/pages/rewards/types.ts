// The shop's resources after JSON:API decoding: the gacha routes' types are shared/src/schemas/gacha.ts's; the member
// view of GET /gifts (the catalogue's) is here.
import type { GachaDraw as Draw, DreamGachaMeta, GiftRedemption, WeeklyGachaMeta, WireOddsEntry } from '@kiwi/shared/schemas/gacha';
import type { GachaType } from '@kiwi/shared/schemas/rewards';

export type { GachaGift, GiftRedemption } from '@kiwi/shared/schemas/gacha';

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

/** Meta of both gacha lists: the weekly and the dream fields are each absent from the other. */
export type GachaMeta = Pick<WeeklyGachaMeta, 'missProbability' | 'canDraw' | 'reason'> &
  Partial<Omit<WeeklyGachaMeta, 'missProbability' | 'canDraw' | 'reason'> & Omit<DreamGachaMeta, 'missProbability' | 'canDraw' | 'reason'>>;

/** POST /gacha_draws' answer, with the redemption a win made (relationship `gift-redemption`, included). */
export type GachaDraw = Draw & { giftRedemption?: GiftRedemption | null };

/** One line of the odds table a draw was made from; giftId null is "no prize". */
export type OddsLine = { giftId: string | null; name: string; remaining: number; probability: number };

export const rewardsKeys = {
  all: ['rewards'] as const,
  exchangeGifts: (page: number) => ['rewards', 'exchange-gifts', page] as const,
  gacha: (type: GachaType) => ['rewards', 'gacha', type] as const,
  redemptions: (page: number) => ['rewards', 'redemptions', page] as const,
};

/** The odds attribute keeps the server's nested keys (`gift-id`). */
export const oddsLinesOf = (odds: WireOddsEntry[]): OddsLine[] =>
  odds.map((line) => ({
    giftId: line['gift-id'] === null ? null : String(line['gift-id']),
    name: line.name,
    remaining: line.remaining,
    probability: line.probability,
  }));

/** The redemption a winning draw made, if the answer carried it. */
export const wonRedemption = (draw: GachaDraw): GiftRedemption | null => draw.giftRedemption ?? null;
