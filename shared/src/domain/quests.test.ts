import { describe, expect, it } from 'vitest';
import { QUEST_GOAL_TYPES, type QuestGoalType, type QuestPeriodType } from '../schemas/quests';
import {
  effectiveGoal,
  NO_ACTIVITY,
  personalizedStepGoal,
  type QuestDay,
  type QuestProfile,
  questPeriodDays,
  questPeriodKey,
  questProgress,
  questTotals,
  renderQuestTitle,
  weekStartInJapan,
  weekStartInstant,
} from './quests';

// Tokyo is UTC+9: 2026-11-30 (a Monday) 00:00 in Tokyo is 2026-11-29 15:00 UTC.
const SUNDAY_2359 = new Date('2026-11-29T14:59:59.999Z');
const MONDAY_0000 = new Date('2026-11-29T15:00:00.000Z');
// 2026-12-01 00:00 in Tokyo (a Tuesday, a new month).
const NOV_LAST_2359 = new Date('2026-11-30T14:59:59.999Z');
const DEC_FIRST_0000 = new Date('2026-11-30T15:00:00.000Z');

describe('questPeriodKey', () => {
  it.each<[QuestPeriodType, Date, string]>([
    ['daily', SUNDAY_2359, '2026-11-29'],
    ['daily', MONDAY_0000, '2026-11-30'],
    ['daily', NOV_LAST_2359, '2026-11-30'],
    ['daily', DEC_FIRST_0000, '2026-12-01'],
    // Sunday 23:59 still belongs to the week that began on Monday 23rd; Monday 00:00 starts the next.
    ['weekly', SUNDAY_2359, '2026-11-23'],
    ['weekly', MONDAY_0000, '2026-11-30'],
    ['weekly', DEC_FIRST_0000, '2026-11-30'],
    ['monthly', NOV_LAST_2359, '2026-11'],
    ['monthly', DEC_FIRST_0000, '2026-12'],
    ['all', SUNDAY_2359, 'all'],
    ['all', DEC_FIRST_0000, 'all'],
    ['initializing', MONDAY_0000, 'all'],
  ])('%s at %s is %s', (periodType, now, key) => {
    expect(questPeriodKey(periodType, now)).toBe(key);
  });

  it('puts a UTC Sunday afternoon that is already Monday in Tokyo into the new week', () => {
    expect(weekStartInJapan(new Date('2026-11-29T20:00:00Z'))).toBe('2026-11-30');
  });

  it('crosses a year inside a week', () => {
    // 2027-01-01 is a Friday; its week began on Monday 2026-12-28.
    expect(questPeriodKey('weekly', new Date('2027-01-01T03:00:00Z'))).toBe('2026-12-28');
  });

  it('starts the stamp week at Monday 00:00 in Tokyo', () => {
    expect(weekStartInstant(SUNDAY_2359).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(weekStartInstant(MONDAY_0000).toISOString()).toBe('2026-11-29T15:00:00.000Z');
  });
});

describe('questPeriodDays', () => {
  it.each<[QuestPeriodType, Date, { from: string; to: string } | null]>([
    ['daily', SUNDAY_2359, { from: '2026-11-29', to: '2026-11-30' }],
    ['weekly', SUNDAY_2359, { from: '2026-11-23', to: '2026-11-30' }],
    ['weekly', MONDAY_0000, { from: '2026-11-30', to: '2026-12-07' }],
    ['monthly', DEC_FIRST_0000, { from: '2026-12-01', to: '2027-01-01' }],
    ['all', MONDAY_0000, null],
    ['initializing', MONDAY_0000, null],
  ])('%s at %s', (periodType, now, range) => {
    expect(questPeriodDays(periodType, now)).toEqual(range);
  });
});

const day = (date: string, steps: number, extra: Partial<QuestDay> = {}): QuestDay => ({
  day: date,
  steps,
  workoutMinutes: 0,
  calories: 0,
  distanceMeters: 0,
  ...extra,
});

// Sunday 29th and Monday 30th November, and 1st December.
const DAYS: QuestDay[] = [
  day('2026-11-22', 9_000, { workoutMinutes: 40, calories: 300, distanceMeters: 6_000 }),
  day('2026-11-29', 4_000, { workoutMinutes: 20, calories: 150, distanceMeters: 3_000 }),
  day('2026-11-30', 8_500, { workoutMinutes: 30, calories: 250, distanceMeters: 6_200 }),
  day('2026-12-01', 1_200, { workoutMinutes: 5, calories: 40, distanceMeters: 900 }),
];

const EMPTY_PROFILE: QuestProfile = { restingHeartRate: null, heightCm: null, weightKg: null, birthday: null, nickname: null };

describe('questProgress over a period', () => {
  // Per periodType at Monday 30th November 00:00 Tokyo (only that day's figures count for daily).
  const at = (periodType: QuestPeriodType, now: Date) => questTotals(DAYS, questPeriodDays(periodType, now), 2);

  it.each<[QuestPeriodType, Date, QuestGoalType, number]>([
    ['daily', SUNDAY_2359, 'step', 4_000],
    ['daily', MONDAY_0000, 'step', 8_500],
    ['daily', MONDAY_0000, 'workout_minutes', 30],
    // 8 points for 8,500 steps + 4 for 30 minutes = 12 (the day's maximum).
    ['daily', MONDAY_0000, 'health_point', 12],
    ['daily', MONDAY_0000, 'calorie', 250],
    ['daily', MONDAY_0000, 'distance', 6_200],
    ['daily', MONDAY_0000, 'self_rating', 2],
    // The week of Sunday 29th is 23rd..29th: Sunday's 4,000 only (22nd is the week before).
    ['weekly', SUNDAY_2359, 'step', 4_000],
    // The new week (30th November..6th December): Monday and Tuesday.
    ['weekly', MONDAY_0000, 'step', 9_700],
    ['weekly', DEC_FIRST_0000, 'step', 9_700],
    // 4 + 3 points on the 29th (4,000 steps, 20 minutes), 12 on the 30th, 1 on 1st December (5 minutes earn none).
    ['weekly', DEC_FIRST_0000, 'health_point', 13],
    ['monthly', NOV_LAST_2359, 'step', 21_500],
    ['monthly', NOV_LAST_2359, 'distance', 15_200],
    ['monthly', DEC_FIRST_0000, 'step', 1_200],
    ['monthly', DEC_FIRST_0000, 'workout_minutes', 5],
    ['all', DEC_FIRST_0000, 'step', 22_700],
    ['all', DEC_FIRST_0000, 'calorie', 740],
    ['initializing', DEC_FIRST_0000, 'workout_minutes', 95],
  ])('%s at %s: %s = %d', (periodType, now, goalType, expected) => {
    expect(questProgress(goalType, at(periodType, now), EMPTY_PROFILE)).toBe(expected);
  });

  it('counts nothing without days', () => {
    expect(questTotals([], null)).toEqual(NO_ACTIVITY);
  });
});

describe('setup quests', () => {
  const complete: QuestProfile = { restingHeartRate: 62, heightCm: 170.5, weightKg: 61, birthday: '1990-04-01', nickname: 'Kiwi' };
  it.each<[QuestGoalType, Partial<QuestProfile>, number]>([
    ['setup_resting_heart_rate', {}, 0],
    ['setup_resting_heart_rate', { restingHeartRate: 62 }, 1],
    ['setup_height_and_weight', { heightCm: 170 }, 0],
    ['setup_height_and_weight', { weightKg: 60 }, 0],
    ['setup_height_and_weight', { heightCm: 170, weightKg: 60 }, 1],
    ['setup_birthday', { birthday: '1990-04-01' }, 1],
    ['setup_nickname', { nickname: '' }, 0],
    ['setup_nickname', { nickname: 'Kiwi' }, 1],
  ])('%s with %j: %d', (goalType, profile, expected) => {
    expect(questProgress(goalType, NO_ACTIVITY, { ...EMPTY_PROFILE, ...profile })).toBe(expected);
    expect(effectiveGoal(goalType, 5_000)).toBe(1);
  });

  it('knows every goal type', () => {
    for (const goalType of QUEST_GOAL_TYPES) expect(typeof questProgress(goalType, NO_ACTIVITY, complete)).toBe('number');
  });

  it('never lets a goal of 0 complete on nothing', () => {
    expect(effectiveGoal('step', 0)).toBe(1);
    expect(effectiveGoal('step', 8_000)).toBe(8_000);
  });
});

describe('personalizedStepGoal', () => {
  // Today in Tokyo is 2026-12-01: the window is 17th..30th November.
  const now = DEC_FIRST_0000;
  const goal = (days: QuestDay[], ratePercent = 110, fallback = 5_000) => personalizedStepGoal(days, { ratePercent, fallback, now });

  it('raises the average of days with steps and rounds it up to the next 500', () => {
    // (6,000 + 8,000) / 2 = 7,000 × 110% = 7,700 -> 8,000.
    expect(goal([day('2026-11-20', 6_000), day('2026-11-29', 8_000), day('2026-11-25', 0)])).toBe(8_000);
  });

  it('keeps an exact multiple of 500 (no floating-point nudge upwards)', () => {
    expect(goal([day('2026-11-30', 10_000)])).toBe(11_000);
    expect(goal([day('2026-11-30', 10_000)], 100)).toBe(10_000);
  });

  it('ignores today (still running) and days before the window', () => {
    expect(goal([day('2026-12-01', 30_000), day('2026-11-16', 30_000), day('2026-11-17', 4_000)])).toBe(4_500);
  });

  it('is at least 1,000 steps', () => {
    expect(goal([day('2026-11-30', 120)], 50)).toBe(1_000);
  });

  it('falls back to the quest goal without any day with steps', () => {
    expect(goal([], 150, 6_000)).toBe(6_000);
    expect(goal([day('2026-11-30', 0)], 150, 6_000)).toBe(6_000);
  });

  it('covers the period: 7 days for a weekly goal, the month for a monthly one', () => {
    // 7,000 × 110% = 7,700 a day: 53,900 a week -> 54,000; 238,700 in December's 31 days -> 239,000.
    const days = [day('2026-11-30', 7_000)];
    expect(personalizedStepGoal(days, { ratePercent: 110, fallback: 1, now, periodType: 'weekly' })).toBe(54_000);
    expect(personalizedStepGoal(days, { ratePercent: 110, fallback: 1, now, periodType: 'monthly' })).toBe(239_000);
    expect(personalizedStepGoal(days, { ratePercent: 110, fallback: 1, now, periodType: 'all' })).toBe(8_000);
  });

  it('rates from 50% to 300%', () => {
    expect(goal([day('2026-11-30', 7_001)], 50)).toBe(4_000);
    expect(goal([day('2026-11-30', 7_001)], 300)).toBe(21_500);
  });
});

describe('renderQuestTitle', () => {
  it.each([
    ['Walk {goalValue} steps today', 8000, 'en', 'Walk 8,000 steps today'],
    ['今日は{goalValue}歩あるこう', 12500, 'ja', '今日は12,500歩あるこう'],
    ['{goalValue} / {goalValue}', 1000, 'en', '1,000 / 1,000'],
    ['Set your nickname', 1, 'en', 'Set your nickname'],
    ['{goalvalue} is not the placeholder', 10, 'en', '{goalvalue} is not the placeholder'],
  ])('%s', (title, goalValue, language, expected) => {
    expect(renderQuestTitle(title, goalValue, language)).toBe(expected);
  });
});
