// Daily health points (SPEC §9): about 3,000 steps and under 10 minutes of workout a day lands below 100 points a
// month; about 8,000 steps and 30 minutes lands at 350 or more; a day gives at most 12 (so a month at most 372).

export const HEALTH_POINT_RULES = {
  /** One point per full 1,000 steps ... */
  stepsPerPoint: 1_000,
  /** ... up to 8 points (8,000 steps). */
  maxStepPoints: 8,
  /** Workout shorter than this earns nothing. */
  minWorkoutMinutes: 10,
  /** 10 minutes earn 2 points, every further full 10 minutes one more ... */
  workoutPointsAtMinimum: 2,
  workoutMinutesPerExtraPoint: 10,
  /** ... up to 4 points (30 minutes). */
  maxWorkoutPoints: 4,
  maxDailyPoints: 12,
} as const;

export type DailyActivity = { steps: number; workoutMinutes: number };

export function stepPoints(steps: number): number {
  const { stepsPerPoint, maxStepPoints } = HEALTH_POINT_RULES;
  return Math.min(maxStepPoints, Math.floor(Math.max(0, steps) / stepsPerPoint));
}

export function workoutPoints(minutes: number): number {
  const { minWorkoutMinutes, workoutPointsAtMinimum, workoutMinutesPerExtraPoint, maxWorkoutPoints } = HEALTH_POINT_RULES;
  if (!(minutes >= minWorkoutMinutes)) return 0;
  const extra = Math.floor((minutes - minWorkoutMinutes) / workoutMinutesPerExtraPoint);
  return Math.min(maxWorkoutPoints, workoutPointsAtMinimum + extra);
}

/** A day's health points from its steps and workout minutes (calories and distance are recorded but earn nothing). */
export function dailyHealthPoints({ steps, workoutMinutes }: DailyActivity): number {
  return Math.min(HEALTH_POINT_RULES.maxDailyPoints, stepPoints(steps) + workoutPoints(workoutMinutes));
}

/**
 * How old a day may be and still earn coins (in days before today in Japan). Older days are recorded and count for the
 * dashboard but pay nothing: otherwise logging by hand back to 1900 would mint 12 coins for every day of history.
 * A month covers a phone that was off for weeks and the days of a newly invited member's first month.
 */
export const COIN_DAYS_BACK = 31;

/** The earliest day (YYYY-MM-DD) that may still earn coins today in Japan. */
export function earliestCoinDay(now: Date): string {
  return dayInJapan(new Date(now.getTime() - COIN_DAYS_BACK * 86_400_000));
}

/** Coins earned from a day's points (1 coin per point; see docs/decisions.md). */
export function activityCoins(points: number): number {
  return Math.max(0, Math.floor(points));
}

/** SPEC §3 point distribution groups of a month's total; `min` is the group's lower bound. */
export const POINT_GROUPS = [
  { key: '0', min: 0 },
  { key: '1-99', min: 1 },
  { key: '100-149', min: 100 },
  { key: '150-199', min: 150 },
  { key: '200-249', min: 200 },
  { key: '250-349', min: 250 },
  { key: '350+', min: 350 },
] as const;
export type PointGroup = (typeof POINT_GROUPS)[number]['key'];

export function pointGroupOf(monthlyPoints: number): PointGroup {
  let group: PointGroup = POINT_GROUPS[0].key;
  for (const candidate of POINT_GROUPS) if (monthlyPoints >= candidate.min) group = candidate.key;
  return group;
}

/** SPEC §3 age ranges; members without a birthday fall into `unknown`. `min` is the range's lowest age. */
export const AGE_RANGES = [
  { key: 'upTo20s', min: 0 },
  { key: '30s', min: 30 },
  { key: '40s', min: 40 },
  { key: '50s', min: 50 },
  { key: '60sAndOver', min: 60 },
] as const;
export type AgeRange = (typeof AGE_RANGES)[number]['key'] | 'unknown';
export const AGE_RANGE_KEYS: AgeRange[] = [...AGE_RANGES.map((range) => range.key), 'unknown'];

/** Whole years between a YYYY-MM-DD birthday and a YYYY-MM-DD day (the day of the birthday counts). */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export function ageRangeOf(birthday: string | null, day: string): AgeRange {
  if (!birthday) return 'unknown';
  const age = ageOn(birthday, day);
  let range: AgeRange = AGE_RANGES[0].key;
  for (const candidate of AGE_RANGES) if (age >= candidate.min) range = candidate.key;
  return range;
}

/** Kiwi's calendar is Japan's (UTC+9, no daylight saving): "today", a month and coin days are counted there. */
const JAPAN_OFFSET_MS = 9 * 3600_000;

/** Today's date (YYYY-MM-DD) in Japan. */
export function dayInJapan(now: Date): string {
  return new Date(now.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Japanese calendar day begins. */
export function startOfDayInJapan(day: string): Date {
  return new Date(`${day}T00:00:00+09:00`);
}

/** This month (YYYY-MM) in Japan. */
export function monthInJapan(now: Date): string {
  return dayInJapan(now).slice(0, 7);
}

/** A month's days as a half-open range of dates: [from, to). */
export function monthDays(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** The month before or after (`delta` months away). */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export type CoinDayStatus = 'awarded' | 'waiting' | 'notEarned';
