import { describe, expect, it } from 'vitest';
import {
  isWeekStart,
  splitTierStock,
  STAMPS_PER_CARD,
  tokyoDayStart,
  tokyoWeekStart,
  weeklyDrawsAllowed,
  weeklyGachaStock,
} from './gacha-stock';

describe('weeklyGachaStock (SPEC §9)', () => {
  // [members, bronze, silver, gold, stamp_complete]
  it.each([
    [0, 0, 0, 0, 0],
    [1, 0, 0, 0, 0],
    [19, 4, 2, 1, 0],
    [20, 5, 3, 2, 0],
    [21, 5, 3, 2, 0],
    [10_000, 2500, 1500, 1000, 0],
  ])('business plan, %i active members', (members, bronze, silver, gold, stampComplete) => {
    expect(weeklyGachaStock('business', members)).toEqual({ bronze, silver, gold, stamp_complete: stampComplete });
  });

  it.each([
    [0, 0, 0, 0, 0],
    [1, 0, 0, 0, 0],
    [19, 1, 0, 0, 0],
    // 20 members: 2 bronze, and silver 0.6 / gold 0.4 / stamp-complete 1.0 raised to the minimum of one.
    [20, 2, 1, 1, 1],
    [21, 2, 1, 1, 1],
    [10_000, 1000, 300, 200, 500],
  ])('consumer plan, %i active members', (members, bronze, silver, gold, stampComplete) => {
    expect(weeklyGachaStock('consumer', members)).toEqual({ bronze, silver, gold, stamp_complete: stampComplete });
    expect(weeklyGachaStock(' Consumer ', members)).toEqual(weeklyGachaStock('consumer', members));
  });

  it('gives an unknown plan the business rates and refuses a negative or fractional count', () => {
    expect(weeklyGachaStock('enterprise-2026', 40)).toEqual(weeklyGachaStock('business', 40));
    expect(() => weeklyGachaStock('business', -1)).toThrow(RangeError);
    expect(() => weeklyGachaStock('business', 1.5)).toThrow(RangeError);
  });
});

describe('splitTierStock', () => {
  it('splits evenly, the remainder to the lowest ids, and always adds up', () => {
    expect([...splitTierStock(7, [30, 10, 20])]).toEqual([
      [10, 3],
      [20, 2],
      [30, 2],
    ]);
    expect([...splitTierStock(2, [5, 6, 7])]).toEqual([
      [5, 1],
      [6, 1],
      [7, 0],
    ]);
    expect(splitTierStock(5, []).size).toBe(0);
    for (const stock of [0, 1, 9, 100, 1001]) {
      const shares = splitTierStock(stock, [1, 2, 3, 4]);
      expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(stock);
    }
  });
});

describe('stamp cards and the Tokyo week', () => {
  it('gives one draw plus one per full card', () => {
    expect(STAMPS_PER_CARD).toBe(5);
    expect([0, 4, 5, 9, 10].map(weeklyDrawsAllowed)).toEqual([1, 1, 2, 2, 3]);
  });

  it('starts the week on Monday 00:00 Asia/Tokyo', () => {
    // Sunday 23:59 Tokyo is still the previous week; Monday 00:00 Tokyo (Sunday 15:00 UTC) starts the new one.
    expect(tokyoWeekStart(new Date('2026-11-29T14:59:59Z'))).toBe('2026-11-23');
    expect(tokyoWeekStart(new Date('2026-11-29T15:00:00Z'))).toBe('2026-11-30');
    expect(tokyoWeekStart(new Date('2026-12-02T03:00:00Z'))).toBe('2026-11-30');
    expect(tokyoDayStart('2026-11-30').toISOString()).toBe('2026-11-29T15:00:00.000Z');
    expect(isWeekStart('2026-11-30')).toBe(true);
    expect(isWeekStart('2026-12-01')).toBe(false);
    expect(isWeekStart('2026-02-30')).toBe(false);
  });
});
