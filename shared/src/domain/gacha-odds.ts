// Gacha odds (issue 18 points 3 and 4): what the page shows is what the draw uses. An odds table is an urn of integer
// tickets: one per remaining prize item and the rest blanks. A draw takes ticket floor(randomValue × total), so every
// ticket is equally likely and each probability is exactly weight / total.
import { DREAM_GACHA } from './gacha-stock';

export type GachaPrize = { giftId: number; name: string; remaining: number };
/** One line of the table: giftId null is the blank ("no prize"); `weight` tickets out of the table's total. */
export type OddsEntry = { giftId: number | null; name: string; remaining: number; weight: number; probability: number };
export type OddsTable = { entries: OddsEntry[]; total: number };

/** The blank's line name (the portal translates the line with giftId null). */
export const MISS_NAME = '';

function table(prizes: readonly GachaPrize[], weightOf: (prize: GachaPrize) => number, blanks: number): OddsTable {
  const lines = [...prizes]
    .sort((a, b) => a.giftId - b.giftId)
    .map((prize) => ({ giftId: prize.giftId, name: prize.name, remaining: prize.remaining, weight: weightOf(prize) }));
  for (const line of lines) {
    if (!Number.isSafeInteger(line.weight) || line.weight < 0) throw new RangeError(`invalid weight ${line.weight}`);
  }
  if (!Number.isSafeInteger(blanks) || blanks < 0) throw new RangeError(`invalid blanks ${blanks}`);
  const total = lines.reduce((sum, line) => sum + line.weight, 0) + blanks;
  const probability = (weight: number) => (total === 0 ? 0 : weight / total);
  const entries: OddsEntry[] = lines.map((line) => ({ ...line, probability: probability(line.weight) }));
  entries.push({ giftId: null, name: MISS_NAME, remaining: blanks, weight: blanks, probability: probability(blanks) });
  return { entries, total };
}

/**
 * The weekly urn: the remaining prizes plus one blank for each member yet to draw this week beyond the prizes, i.e.
 * total = max(prizes left, members yet to draw). Drawn once by each member, every prize goes out; a member's extra
 * (stamp card) draw, once the others have drawn, wins for sure while prizes remain.
 */
export function weeklyOdds(prizes: readonly GachaPrize[], membersYetToDraw: number): OddsTable {
  const left = prizes.reduce((sum, prize) => sum + Math.max(0, prize.remaining), 0);
  return table(prizes, (prize) => Math.max(0, prize.remaining), Math.max(0, membersYetToDraw - left));
}

/**
 * The dream urn: a fixed number of tickets, one per remaining prize item (unlimited stock: `unlimitedTickets`), the
 * rest blanks; when the prizes outnumber the tickets there is no blank.
 */
export function dreamOdds(
  prizes: readonly (Omit<GachaPrize, 'remaining'> & { remaining: number | null })[],
  tickets: number = DREAM_GACHA.tickets,
): OddsTable {
  const counted = prizes.map((prize) => ({
    ...prize,
    remaining: prize.remaining === null ? DREAM_GACHA.unlimitedTickets : Math.max(0, prize.remaining),
  }));
  const left = counted.reduce((sum, prize) => sum + prize.remaining, 0);
  return table(counted, (prize) => prize.remaining, Math.max(0, tickets - left));
}

/** Whether any prize is left to win. */
export function hasPrize(odds: OddsTable): boolean {
  return odds.entries.some((entry) => entry.giftId !== null && entry.weight > 0);
}

/** The line a random value in [0, 1) draws: ticket floor(value × total), counted through the lines in order. */
export function pick(odds: OddsTable, randomValue: number): OddsEntry {
  if (!(randomValue >= 0 && randomValue < 1)) throw new RangeError(`random value out of [0, 1): ${randomValue}`);
  if (odds.total <= 0) throw new RangeError('an empty odds table cannot be drawn from');
  const ticket = Math.min(odds.total - 1, Math.floor(randomValue * odds.total));
  let passed = 0;
  for (const entry of odds.entries) {
    passed += entry.weight;
    if (ticket < passed) return entry;
  }
  throw new Error('unreachable: tickets add up to the total');
}
