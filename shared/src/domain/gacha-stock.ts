// Weekly gacha stock (SPEC §9, issue 18 point 2): THE one place of the stock formulas, the stamp card and the Tokyo
// week. Pure integer arithmetic (rates are fractions over 100), so every engine and every test computes the same stock.
import type { WeeklyGachaTier } from '../schemas/rewards';
import { isConsumerPlan } from './join-code';
import { addDays, tokyoDay } from './walking-event';

/** Quest stamps that make one stamp card: each card is one more weekly draw (and opens the stamp-complete prizes). */
export const STAMPS_PER_CARD = 5;

/**
 * The dream gacha: every draw costs `costCoins` (paid to issuance) and is drawn from `tickets` tickets, one per
 * remaining prize item, the rest blanks. A dream gift with unlimited stock (null) holds `unlimitedTickets` ticket(s).
 */
export const DREAM_GACHA = { costCoins: 100, tickets: 1000, unlimitedTickets: 1 } as const;

/** Bronze rate of each business plan, percent of active members (plan names as organizations.plan, lower case). */
export const PLAN_BRONZE_RATE_PERCENT: Readonly<Record<string, number>> = { business: 25 };
/** A plan that is neither consumer nor named above (organizations.plan is free text) gets the business rate. */
export const DEFAULT_BRONZE_RATE_PERCENT = 25;

/**
 * From this many active members every tier of the plan has at least one prize (the formulas' denominator: 3 and 2
 * "over 20"). Below it, floor alone decides, so a tiny organisation never gets more than the formula allows.
 */
export const MIN_ONE_PER_TIER_FROM_MEMBERS = 20;

/** Per tier: numerator over 10,000 of active members. */
type TierRates = Record<WeeklyGachaTier, number>;

function ratesFor(plan: string | null | undefined): TierRates {
  if (isConsumerPlan(plan)) {
    // bronze 0.1, silver 0.1 × 0.3, gold 0.1 × 0.2, stamp-complete 0.1 × 0.5 (one card reward per 20 members).
    return { bronze: 1000, silver: 300, gold: 200, stamp_complete: 500 };
  }
  const key = plan?.trim().toLowerCase() ?? '';
  const bronzePercent = PLAN_BRONZE_RATE_PERCENT[key] ?? DEFAULT_BRONZE_RATE_PERCENT;
  // silver 3 × members / 20, gold 2 × members / 20; a business plan has no stamp-complete reward (SPEC §9).
  return { bronze: bronzePercent * 100, silver: 1500, gold: 1000, stamp_complete: 0 };
}

export type WeeklyStock = Record<WeeklyGachaTier, number>;

/**
 * A week's stock per tier for an organisation's plan and its active members that Monday: floor(members × rate), at
 * least 1 for a tier whose rate is not zero once the organisation has MIN_ONE_PER_TIER_FROM_MEMBERS members.
 */
export function weeklyGachaStock(plan: string | null | undefined, activeMembers: number): WeeklyStock {
  if (!Number.isSafeInteger(activeMembers) || activeMembers < 0) throw new RangeError(`invalid member count ${activeMembers}`);
  const rates = ratesFor(plan);
  const tier = (rate: number) => {
    if (rate === 0) return 0;
    const floored = Math.floor((activeMembers * rate) / 10_000);
    return activeMembers >= MIN_ONE_PER_TIER_FROM_MEMBERS ? Math.max(1, floored) : floored;
  };
  return { bronze: tier(rates.bronze), silver: tier(rates.silver), gold: tier(rates.gold), stamp_complete: tier(rates.stamp_complete) };
}

/**
 * A tier's stock split among that tier's gifts (ordered by id): each gets floor(stock / gifts), and the first
 * `stock mod gifts` gifts one more, so the shares always add up to the tier's stock. Keyed by gift id.
 */
export function splitTierStock(stock: number, giftIds: readonly number[]): Map<number, number> {
  const ids = [...giftIds].sort((a, b) => a - b);
  const shares = new Map<number, number>();
  if (ids.length === 0) return shares;
  const base = Math.floor(stock / ids.length);
  const extra = stock % ids.length;
  for (const [index, id] of ids.entries()) shares.set(id, base + (index < extra ? 1 : 0));
  return shares;
}

/** Weekly draws a member has this week: one free draw plus one per full stamp card. */
export function weeklyDrawsAllowed(stamps: number): number {
  return 1 + Math.floor(Math.max(0, stamps) / STAMPS_PER_CARD);
}

/** The Monday (YYYY-MM-DD, Asia/Tokyo) of the week an instant falls in. */
export function tokyoWeekStart(at: Date): string {
  const day = tokyoDay(at);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The instant a Tokyo day starts (00:00 Asia/Tokyo; Japan has no daylight saving time). */
export function tokyoDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+09:00`);
}

/** Whether a YYYY-MM-DD is a Monday (a valid week start). */
export function isWeekStart(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day && at.getUTCDay() === 1;
}
