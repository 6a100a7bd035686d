import { describe, expect, it } from 'vitest';
import { dreamOdds, hasPrize, type OddsTable, pick, weeklyOdds } from './gacha-odds';
import { DREAM_GACHA } from './gacha-stock';

/** mulberry32: a small seeded PRNG, so the statistical check is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Pearson's chi-square of observed counts against the table's shown probabilities. */
function chiSquare(odds: OddsTable, draws: number, random: () => number): { statistic: number; degrees: number } {
  const observed = new Map<number | null, number>();
  for (let i = 0; i < draws; i++) {
    const line = pick(odds, random());
    observed.set(line.giftId, (observed.get(line.giftId) ?? 0) + 1);
  }
  let statistic = 0;
  let lines = 0;
  for (const entry of odds.entries) {
    if (entry.probability === 0) {
      expect(observed.get(entry.giftId) ?? 0).toBe(0);
      continue;
    }
    const expected = entry.probability * draws;
    statistic += ((observed.get(entry.giftId) ?? 0) - expected) ** 2 / expected;
    lines++;
  }
  return { statistic, degrees: lines - 1 };
}

const prizes = [
  { giftId: 3, name: 'Gold', remaining: 2 },
  { giftId: 1, name: 'Bronze', remaining: 5 },
  { giftId: 2, name: 'Silver', remaining: 3 },
];

describe('weeklyOdds', () => {
  it('is an urn of the remaining prizes and blanks for the members yet to draw', () => {
    const odds = weeklyOdds(prizes, 40);
    expect(odds.total).toBe(40);
    expect(odds.entries.map((e) => [e.giftId, e.weight, e.probability])).toEqual([
      [1, 5, 5 / 40],
      [2, 3, 3 / 40],
      [3, 2, 2 / 40],
      [null, 30, 30 / 40],
    ]);
    expect(odds.entries.reduce((sum, e) => sum + e.probability, 0)).toBeCloseTo(1, 12);
  });

  it('has no blank once the prizes outnumber the members yet to draw (all stock)', () => {
    const odds = weeklyOdds(prizes, 4);
    expect(odds.total).toBe(10);
    expect(odds.entries.at(-1)).toMatchObject({ giftId: null, weight: 0, probability: 0 });
    for (let value = 0; value < 1; value += 0.01) expect(pick(odds, value).giftId).not.toBeNull();
  });

  it('has nothing to win without stock', () => {
    const odds = weeklyOdds([{ giftId: 1, name: 'Bronze', remaining: 0 }], 10);
    expect(hasPrize(odds)).toBe(false);
    expect(pick(odds, 0.999).giftId).toBeNull();
    expect(hasPrize(weeklyOdds([], 0))).toBe(false);
    expect(() => pick(weeklyOdds([], 0), 0.5)).toThrow(RangeError);
  });

  it('with one prize and one member, always wins it', () => {
    const odds = weeklyOdds([{ giftId: 9, name: 'Only', remaining: 1 }], 1);
    expect(odds.entries[0]).toMatchObject({ giftId: 9, probability: 1 });
    expect(pick(odds, 0).giftId).toBe(9);
    expect(pick(odds, 0.9999999999).giftId).toBe(9);
  });

  it('draws ticket floor(value × total) at the boundaries', () => {
    const odds = weeklyOdds(prizes, 40);
    expect(pick(odds, 0).giftId).toBe(1);
    expect(pick(odds, 4.999 / 40).giftId).toBe(1);
    expect(pick(odds, 5 / 40).giftId).toBe(2);
    expect(pick(odds, 8 / 40).giftId).toBe(3);
    expect(pick(odds, 10 / 40).giftId).toBeNull();
    expect(() => pick(odds, 1)).toThrow(RangeError);
    expect(() => pick(odds, -0.1)).toThrow(RangeError);
    expect(() => pick(odds, Number.NaN)).toThrow(RangeError);
  });

  it('draws with the frequencies it shows (chi-square over 200,000 seeded draws)', () => {
    const odds = weeklyOdds(prizes, 40);
    const { statistic, degrees } = chiSquare(odds, 200_000, seeded(18));
    expect(degrees).toBe(3);
    // 99.9th percentile of chi-square with 3 degrees of freedom.
    expect(statistic).toBeLessThan(16.27);
  });
});

describe('dreamOdds', () => {
  it('spreads the remaining stock over a fixed ticket count; unlimited stock holds one ticket', () => {
    const odds = dreamOdds([
      { giftId: 1, name: 'Trip', remaining: 2 },
      { giftId: 2, name: 'Bike', remaining: null },
    ]);
    expect(odds.total).toBe(DREAM_GACHA.tickets);
    expect(odds.entries.map((e) => [e.giftId, e.weight])).toEqual([
      [1, 2],
      [2, DREAM_GACHA.unlimitedTickets],
      [null, DREAM_GACHA.tickets - 2 - DREAM_GACHA.unlimitedTickets],
    ]);
  });

  it('has no blank when the prizes outnumber the tickets', () => {
    const odds = dreamOdds([{ giftId: 1, name: 'Pen', remaining: 50 }], 10);
    expect(odds.total).toBe(50);
    expect(odds.entries[0]?.probability).toBe(1);
  });

  it('draws with the frequencies it shows (chi-square over 200,000 seeded draws)', () => {
    const odds = dreamOdds(
      [
        { giftId: 1, name: 'Trip', remaining: 30 },
        { giftId: 2, name: 'Bike', remaining: 70 },
      ],
      400,
    );
    const { statistic, degrees } = chiSquare(odds, 200_000, seeded(7));
    expect(degrees).toBe(2);
    // 99.9th percentile of chi-square with 2 degrees of freedom.
    expect(statistic).toBeLessThan(13.82);
  });
});
