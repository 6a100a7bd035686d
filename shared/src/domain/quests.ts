// Quests (issue 18 §5): which period an instant falls in, a member's progress towards a goal, personalized step goals
// and the title with its goal placeholder. Kiwi's calendar is Japan's (Asia/Tokyo, UTC+9, no daylight saving).
import { formatNumber } from '../i18n/format';
import { QUEST_GOAL_PLACEHOLDER, type QuestGoalType, type QuestPeriodType } from '../schemas/quests';
import { dailyHealthPoints, dayInJapan, monthDays, monthInJapan, startOfDayInJapan } from './health-points';
import { addDays } from './walking-event';

/** The Monday (YYYY-MM-DD) of the Tokyo week `now` falls in: weeks run Monday 00:00 to Sunday 23:59 in Japan. */
export function weekStartInJapan(now: Date): string {
  const today = dayInJapan(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(today, -((weekday + 6) % 7));
}

/**
 * The key of the period `now` falls in, the third part of a completion's unique key: the Tokyo day (daily), the
 * week's Monday (weekly), `YYYY-MM` (monthly), `all` (all and initializing quests complete once).
 */
export function questPeriodKey(periodType: QuestPeriodType, now: Date): string {
  switch (periodType) {
    case 'daily':
      return dayInJapan(now);
    case 'weekly':
      return weekStartInJapan(now);
    case 'monthly':
      return monthInJapan(now);
    default:
      return 'all';
  }
}

/** The days whose activity counts towards a quest now, half-open [from, to); null: every day (all, initializing). */
export function questPeriodDays(periodType: QuestPeriodType, now: Date): { from: string; to: string } | null {
  switch (periodType) {
    case 'daily': {
      const today = dayInJapan(now);
      return { from: today, to: addDays(today, 1) };
    }
    case 'weekly': {
      const monday = weekStartInJapan(now);
      return { from: monday, to: addDays(monday, 7) };
    }
    case 'monthly':
      return monthDays(monthInJapan(now));
    default:
      return null;
  }
}

/** The instant this week began (Monday 00:00 in Japan): stamps count from here. */
export function weekStartInstant(now: Date): Date {
  return startOfDayInJapan(weekStartInJapan(now));
}

export type QuestDay = { day: string; steps: number; workoutMinutes: number; calories: number; distanceMeters: number };
/** What a period's activity adds up to; selfRatings are the well-being surveys the member answered in it. */
export type QuestTotals = {
  steps: number;
  workoutMinutes: number;
  healthPoints: number;
  calories: number;
  distanceMeters: number;
  selfRatings: number;
};
export const NO_ACTIVITY: QuestTotals = { steps: 0, workoutMinutes: 0, healthPoints: 0, calories: 0, distanceMeters: 0, selfRatings: 0 };

/** The sum of the days inside `range` (every day when null); health points per day as health-points.ts counts them. */
export function questTotals(days: readonly QuestDay[], range: { from: string; to: string } | null, selfRatings = 0): QuestTotals {
  const totals = { ...NO_ACTIVITY, selfRatings };
  for (const day of days) {
    if (range && (day.day < range.from || day.day >= range.to)) continue;
    totals.steps += day.steps;
    totals.workoutMinutes += day.workoutMinutes;
    totals.healthPoints += dailyHealthPoints(day);
    totals.calories += day.calories;
    totals.distanceMeters += day.distanceMeters;
  }
  return totals;
}

/** The profile facts setup quests look at: set or not. */
export type QuestProfile = {
  restingHeartRate: number | null;
  heightCm: number | null;
  weightKg: number | null;
  birthday: string | null;
  nickname: string | null;
};

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/** Setup quests measure one thing: whether the profile field is set (progress 1 of goal 1). */
export const isSetupGoal = (goalType: QuestGoalType) => goalType.startsWith('setup_');

/** Progress towards a goal of `goalType` from the period's totals and the profile. */
export function questProgress(goalType: QuestGoalType, totals: QuestTotals, profile: QuestProfile): number {
  switch (goalType) {
    case 'step':
      return totals.steps;
    case 'workout_minutes':
      return totals.workoutMinutes;
    case 'health_point':
      return totals.healthPoints;
    case 'calorie':
      return totals.calories;
    case 'distance':
      return totals.distanceMeters;
    case 'self_rating':
      return totals.selfRatings;
    case 'setup_resting_heart_rate':
      return isSet(profile.restingHeartRate) ? 1 : 0;
    case 'setup_height_and_weight':
      return isSet(profile.heightCm) && isSet(profile.weightKg) ? 1 : 0;
    case 'setup_birthday':
      return isSet(profile.birthday) ? 1 : 0;
    case 'setup_nickname':
      return isSet(profile.nickname) ? 1 : 0;
  }
}

/** Personalized step goals (docs/decisions.md "Issue 18, quests"). */
export const PERSONALIZED_GOAL = {
  /** The average covers the last 14 complete Tokyo days (today is still running), days with steps only. */
  windowDays: 14,
  /** Raised goals round up to a multiple of this ... */
  stepStep: 500,
  /** ... and are at least this. */
  minimum: 1_000,
  maximum: 1_000_000,
} as const;

/** The days (half-open) whose average steps a personalized goal starts from. */
export function personalizedWindow(now: Date): { from: string; to: string } {
  const today = dayInJapan(now);
  return { from: addDays(today, -PERSONALIZED_GOAL.windowDays), to: today };
}

/** A personalized goal covers the period's days: a day's for daily (and all/initializing), 7 for weekly, the month's for monthly. */
export function personalizedPeriodDays(periodType: QuestPeriodType, now: Date): number {
  if (periodType === 'weekly') return 7;
  if (periodType !== 'monthly') return 1;
  const { from, to } = monthDays(monthInJapan(now));
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/**
 * A personalized step goal: the member's average daily steps (over the window's days with steps) × the period's days
 * × ratePercent / 100,
 * rounded UP to the next 500 and at least 1,000. Without any such day the quest's own goalValue stands (the admin's
 * default for newcomers).
 */
export function personalizedStepGoal(
  days: readonly QuestDay[],
  { ratePercent, fallback, now, periodType = 'daily' }: { ratePercent: number; fallback: number; now: Date; periodType?: QuestPeriodType },
) {
  const { from, to } = personalizedWindow(now);
  const counted = days.filter((day) => day.day >= from && day.day < to && day.steps > 0);
  if (counted.length === 0) return fallback;
  const average = counted.reduce((sum, day) => sum + day.steps, 0) / counted.length;
  // Integer percent arithmetic first, so 10,000 × 110% is 11,000 and not 11,000.000000002 rounded up to 11,500.
  const raised = (Math.round(average * ratePercent) * personalizedPeriodDays(periodType, now)) / 100;
  const friendly = Math.ceil(raised / PERSONALIZED_GOAL.stepStep) * PERSONALIZED_GOAL.stepStep;
  return Math.min(PERSONALIZED_GOAL.maximum, Math.max(PERSONALIZED_GOAL.minimum, friendly));
}

/** The goal a member must reach: setup quests need their one field, any other at least 1 (a goal of 0 is no quest). */
export function effectiveGoal(goalType: QuestGoalType, goalValue: number): number {
  return isSetupGoal(goalType) ? 1 : Math.max(1, goalValue);
}

/** The title with every `{goalValue}` replaced by the goal in the reader's number format ("10,000"). */
export function renderQuestTitle(title: string, goalValue: number, language: string): string {
  if (!title.includes(QUEST_GOAL_PLACEHOLDER)) return title;
  return title.split(QUEST_GOAL_PLACEHOLDER).join(formatNumber(goalValue, language));
}
