import { describe, expect, it } from 'vitest';
import {
  activityCoins,
  ageOn,
  ageRangeOf,
  dailyHealthPoints,
  dayInJapan,
  earliestCoinDay,
  monthDays,
  monthInJapan,
  pointGroupOf,
  shiftMonth,
  startOfDayInJapan,
  stepPoints,
  workoutPoints,
} from './health-points';

/** A month of identical days (SPEC §9 reasons in 30-day months: "12 points a day gives 360 a month"). */
const monthOf = (steps: number, workoutMinutes: number, days = 30) => days * dailyHealthPoints({ steps, workoutMinutes });

describe('dailyHealthPoints', () => {
  it.each([
    { steps: 0, workoutMinutes: 0, points: 0 },
    { steps: 999, workoutMinutes: 9, points: 0 },
    { steps: 1_000, workoutMinutes: 0, points: 1 },
    { steps: 3_000, workoutMinutes: 0, points: 3 },
    { steps: 3_000, workoutMinutes: 9, points: 3 },
    { steps: 3_000, workoutMinutes: 10, points: 5 },
    { steps: 5_500, workoutMinutes: 19, points: 7 },
    { steps: 5_500, workoutMinutes: 20, points: 8 },
    { steps: 8_000, workoutMinutes: 30, points: 12 },
    { steps: 7_999, workoutMinutes: 30, points: 11 },
    { steps: 8_000, workoutMinutes: 29, points: 11 },
    { steps: 30_000, workoutMinutes: 240, points: 12 },
    { steps: -5, workoutMinutes: -5, points: 0 },
  ])('$steps steps and $workoutMinutes minutes -> $points points', ({ steps, workoutMinutes, points }) => {
    expect(dailyHealthPoints({ steps, workoutMinutes })).toBe(points);
  });

  it('never gives more than 12 points a day', () => {
    for (const steps of [0, 4_000, 8_000, 12_000, 100_000]) {
      for (const minutes of [0, 10, 30, 60, 600]) expect(dailyHealthPoints({ steps, workoutMinutes: minutes })).toBeLessThanOrEqual(12);
    }
    expect(stepPoints(1_000_000)).toBe(8);
    expect(workoutPoints(1_440)).toBe(4);
  });
});

describe('a month of the same days (SPEC §9 figures)', () => {
  it.each([
    { what: 'about 3,000 steps and under 10 minutes lands below 100', steps: 3_000, minutes: 9, expected: 90, group: '1-99' },
    { what: 'about 3,000 steps, a 31-day month, still below 100', steps: 3_000, minutes: 5, days: 31, expected: 93, group: '1-99' },
    { what: 'about 8,000 steps and 30 minutes lands at 350 or more', steps: 8_000, minutes: 30, expected: 360, group: '350+' },
    { what: 'the 12-point cap gives 360 in 30 days', steps: 20_000, minutes: 90, expected: 360, group: '350+' },
    { what: 'half way lands in the middle groups', steps: 5_000, minutes: 10, expected: 210, group: '200-249' },
    { what: 'nothing is the 0 group', steps: 500, minutes: 0, expected: 0, group: '0' },
  ])('$what', ({ steps, minutes, days, expected, group }) => {
    const total = monthOf(steps, minutes, days);
    expect(total).toBe(expected);
    expect(pointGroupOf(total)).toBe(group);
  });
});

describe('pointGroupOf', () => {
  it.each([
    [0, '0'],
    [1, '1-99'],
    [99, '1-99'],
    [100, '100-149'],
    [149, '100-149'],
    [150, '150-199'],
    [199, '150-199'],
    [200, '200-249'],
    [249, '200-249'],
    [250, '250-349'],
    [349, '250-349'],
    [350, '350+'],
    [372, '350+'],
  ])('%i -> %s', (points, group) => expect(pointGroupOf(points)).toBe(group));
});

describe('ages', () => {
  it.each([
    ['1990-06-15', '2026-06-14', 35],
    ['1990-06-15', '2026-06-15', 36],
    ['2000-02-29', '2026-02-28', 25],
    ['2000-02-29', '2026-03-01', 26],
  ])('born %s, on %s: %i', (birthday, day, age) => expect(ageOn(birthday, day)).toBe(age));

  it.each([
    [null, 'unknown'],
    ['2010-01-01', 'upTo20s'],
    ['1997-01-02', 'upTo20s'],
    ['1997-01-01', '30s'],
    ['1987-01-01', '40s'],
    ['1977-01-01', '50s'],
    ['1967-01-01', '60sAndOver'],
    ['1940-01-01', '60sAndOver'],
  ])('born %s -> %s on 2027-01-01', (birthday, range) => expect(ageRangeOf(birthday, '2027-01-01')).toBe(range));
});

describe('activityCoins', () => {
  it('gives one coin per point', () => {
    expect(activityCoins(0)).toBe(0);
    expect(activityCoins(12)).toBe(12);
  });
  it('pays days up to 31 days back from today in Japan', () => {
    // 1 March 00:30 in Japan is still 28 February in UTC.
    expect(earliestCoinDay(new Date('2026-02-28T15:30:00Z'))).toBe('2026-01-29');
  });
});

describe('Japanese calendar helpers', () => {
  it('counts the day in Japan', () => {
    expect(dayInJapan(new Date('2026-03-31T14:59:59Z'))).toBe('2026-03-31');
    expect(dayInJapan(new Date('2026-03-31T15:00:00Z'))).toBe('2026-04-01');
    expect(monthInJapan(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01');
    expect(startOfDayInJapan('2026-04-01').toISOString()).toBe('2026-03-31T15:00:00.000Z');
  });

  it.each([
    ['2026-01', { from: '2026-01-01', to: '2026-02-01' }],
    ['2026-12', { from: '2026-12-01', to: '2027-01-01' }],
  ])('monthDays(%s)', (month, range) => expect(monthDays(month)).toEqual(range));

  it.each([
    ['2026-01', -1, '2025-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-05', 0, '2026-05'],
    ['2026-05', -13, '2025-04'],
  ])('shiftMonth(%s, %i) = %s', (month, delta, expected) => expect(shiftMonth(month, delta)).toBe(expected));
});
