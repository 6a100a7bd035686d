import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { requiredOrInvalidType, strictPayload, integerError } from './common';
import { DATE_RANGE, dateField, dateParameter } from './dates';

// Limits the spec leaves open: generous ceilings that still catch a broken sensor or a typo.
export const ACTIVITY_LIMITS = {
  stepsMax: 200_000,
  workoutMinutesMax: 1_440,
  caloriesMax: 20_000,
  distanceMetersMax: 300_000,
  /** Days one sync may carry (a phone that was off for a while catches up in one call). */
  syncDaysMax: 100,
  /** The date picker's range (SPEC §9). */
  dayMin: DATE_RANGE.min,
} as const;

const invalidParameter = { error: ErrorCode.requestInvalidParameter };

/** Is `day` later than the latest calendar day anywhere on Earth (UTC+14)? */
export function isFutureDay(day: string, now: Date): boolean {
  return day > latestDayOnEarth(now);
}

export function latestDayOnEarth(now: Date): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** A calendar day YYYY-MM-DD, not before 1900 and not in the future (422 activity.futureDay). */
export const activityDay = dateField().refine((day) => !isFutureDay(day, new Date()), { error: ErrorCode.activityFutureDay });

const count = (max: number) =>
  z.int({ error: integerError }).min(0, { error: ErrorCode.validationTooSmall }).max(max, { error: ErrorCode.validationTooBig });

/** The figures of one day; all four are required (0 when the member did none of it). */
export const activityFigures = {
  steps: count(ACTIVITY_LIMITS.stepsMax),
  workout_minutes: count(ACTIVITY_LIMITS.workoutMinutesMax),
  calories: count(ACTIVITY_LIMITS.caloriesMax),
  distance_meters: count(ACTIVITY_LIMITS.distanceMetersMax),
};

/** PUT /api/user/activities/{day}: the member logs one day by hand (replaces what that day held). */
export const LogActivitySchema = strictPayload({ activity: strictPayload(activityFigures) });
export type LogActivity = z.output<typeof LogActivitySchema>['activity'];

/** POST /api/user/activities/sync: the mobile app's upload (docs/api.md). Each day at most once per call. */
export const SyncActivitySchema = strictPayload({
  activity_sync: strictPayload({
    days: z
      .array(strictPayload({ day: activityDay, ...activityFigures }), { error: requiredOrInvalidType })
      .min(1, { error: ErrorCode.validationTooShort })
      .max(ACTIVITY_LIMITS.syncDaysMax, { error: ErrorCode.validationTooLong })
      .superRefine((days, context) => {
        const seen = new Set<string>();
        days.forEach((entry, index) => {
          if (seen.has(entry.day)) context.addIssue({ code: 'custom', message: ErrorCode.activityDuplicateDay, path: [index, 'day'] });
          seen.add(entry.day);
        });
      }),
  }),
});
export type SyncActivity = z.output<typeof SyncActivitySchema>['activity_sync'];

/** `:day` in /api/user/activities/{day}. */
export const ActivityDayParamSchema = z.object({
  day: dateParameter(),
});

const month = z.string(invalidParameter).regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, invalidParameter);

/** GET /api/user/activities: one month of the member's days (default: this month in Japan). */
export const ActivityListQuerySchema = z.object({ month: month.optional() });

/** A database id in a query string: a positive int4 (a larger number would make PostgreSQL fail with a 500). */
const queryId = z
  .string(invalidParameter)
  .regex(/^[1-9]\d{0,9}$/, invalidParameter)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, invalidParameter));

const idList = z.array(queryId, invalidParameter).max(50, invalidParameter);

/** GET /api/organizations/{id}/health_point_summary: one month, optionally only members of some groups. */
export const HealthPointSummaryQuerySchema = z.object({
  month: month.optional(),
  group_ids: idList.optional(),
});
export type HealthPointSummaryQuery = z.output<typeof HealthPointSummaryQuerySchema>;

/** GET /api/organizations/utilization_rates: one organisation (a manager's own by default) or, for an admin, all. */
export const UtilizationRatesQuerySchema = z.object({
  organization_id: queryId.optional(),
  month: month.optional(),
  group_ids: idList.optional(),
});
export type UtilizationRatesQuery = z.output<typeof UtilizationRatesQuerySchema>;
