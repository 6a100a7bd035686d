// Gacha, exchanges and budgets (issue 18, docs/api.md "Rewards: gacha and exchanges"): the queries and header the
// server checks, and the resources as the portal decodes them (top-level attributes camelCased, nested keys kebab-case).
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { isWeekStart } from '../domain/gacha-stock';
import { optionalIdQueryParameter, PaginationSchema } from './common';
import type { GachaType, RedemptionSource, RedemptionStatus, WeeklyGachaTier } from './rewards';

const invalidParameter = { error: ErrorCode.requestInvalidParameter };

/** The optional `Idempotency-Key` header: 1 to 100 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_MAX = 100;
export const IdempotencyKeySchema = z.string(invalidParameter).regex(/^[\x21-\x7e]{1,100}$/, invalidParameter);

/** GET /gift_budgets (admin): one organisation or all (paged), the Tokyo week of a Monday (default: this week). */
export const GiftBudgetQuerySchema = PaginationSchema.extend({
  organization_id: optionalIdQueryParameter(),
  week: z.iso.date(invalidParameter).refine(isWeekStart, invalidParameter).optional(),
});
export type GiftBudgetQuery = z.output<typeof GiftBudgetQuerySchema>;

/** One line of an odds table: gift-id null is the blank ("no prize"). */
export type WireOddsEntry = { 'gift-id': number | null; name: string; remaining: number; probability: number };

/** `gifts` of GET /gifts/weekly_gacha and /gifts/dream_gacha: what a member can win now. */
export type GachaGift = {
  id: string;
  name: string;
  description: string;
  thumbnailUrl: string | null;
  weeklyGachaCalculationType: WeeklyGachaTier | null;
  /** Items left (weekly: this organisation's this week; dream: null = unlimited). */
  remaining: number | null;
  /** Exact chance of the member's next draw, 0..1. */
  probability: number;
};

export type WeeklyGachaMeta = {
  weekStart: string;
  drawsLeft: number;
  missProbability: number;
  stamps: number;
  stampsPerCard: number;
  canDraw: boolean;
  reason: string | null;
};

export type DreamGachaMeta = { cost: number; missProbability: number; balance: number; canDraw: boolean; reason: string | null };

/** `gift-redemptions`: an exchange or a prize won. */
export type GiftRedemption = {
  id: string;
  source: RedemptionSource;
  status: RedemptionStatus;
  giftId: number;
  giftName: string;
  giftThumbnailUrl: string | null;
  coinsSpent: number;
  prizeCode: string | null;
  createdAt: string;
  issuedAt: string | null;
};

/** `gacha-draws`: one draw with the random value and the odds it was drawn from. */
export type GachaDraw = {
  id: string;
  gachaType: GachaType;
  weekStart: string | null;
  won: boolean;
  giftId: number | null;
  randomValue: number;
  odds: WireOddsEntry[];
  coinsSpent: number;
  createdAt: string;
};

/** `gift-budgets`: an organisation's weekly gacha budget in yen (sum of price × initial stock) and what was spent. */
export type GiftBudget = {
  id: string;
  organizationId: number;
  organizationName: string;
  weekStart: string;
  budget: number;
  spent: number;
  remaining: number;
  /** Yen of coin exchanges and dream gacha prizes that week: paid with coins, outside the weekly budget. */
  exchangeSpent: number;
  dreamSpent: number;
};
