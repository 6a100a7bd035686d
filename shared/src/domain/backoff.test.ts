import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from './backoff';

describe('backoffDelay', () => {
  const options = (random: number) => ({ baseDelayMs: 2_000, maxDelayMs: 30_000, random: () => random });

  it('doubles from the base with equal jitter: half fixed, half random', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, options(0)))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, options(1)))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffDelay(4, options(0.5))).toBe(12_000);
  });

  it('stops doubling at the cap and never reaches 0', () => {
    expect(backoffDelay(30, options(1))).toBe(30_000);
    expect(backoffDelay(30, options(0))).toBe(15_000);
    expect(backoffDelay(1_000, options(0))).toBe(15_000);
    expect(backoffDelay(0, options(0))).toBe(1_000);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it.each<[string | null | undefined, number | null]>([
    ['3', 3_000],
    [' 120 ', 120_000],
    ['0', 0],
    ['1.5', 1_500],
    ['Wed, 25 Nov 2026 12:00:05 GMT', 5_000],
    ['Wed, 25 Nov 2026 11:59:00 GMT', 0],
    [null, null],
    [undefined, null],
    ['', null],
    ['-1', null],
    ['soon', null],
    ['1e3', null],
  ])('%j is %j ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
