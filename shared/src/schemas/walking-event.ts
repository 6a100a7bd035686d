import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { RANDOM_TYPES } from '../domain/walking-event';
import { requiredOrInvalidType, strictPayload, integerError, oneOfError } from './common';
import { dateField, dateTimeField } from './dates';
import { graphemeString } from './text';

export const WALKING_EVENT_LIMITS = {
  titleMax: 100,
  teamNameMax: 50,
  teamLimitMax: 1000,
  memberLimitMax: 10_000,
  seedMax: 32,
  /** Rows of a personal ranking page (the top list); the caller's own row comes on top of these. */
  rankingPerMax: 500,
} as const;

const whole = (max: number) =>
  z.int({ error: integerError }).min(1, { error: ErrorCode.validationTooSmall }).max(max, { error: ErrorCode.validationTooBig });

const flag = () => z.boolean({ error: requiredOrInvalidType });

export const randomTypeSchema = z.enum(RANDOM_TYPES, {
  error: oneOfError,
});

const fields = {
  title: graphemeString({ min: 1, max: WALKING_EVENT_LIMITS.titleMax, trim: true }),
  /** The first and last calendar day (Asia/Tokyo) whose steps count. */
  started_at: dateField(),
  ended_at: dateField(),
  /** The instant the result is frozen and announced. */
  final_result_published_at: dateTimeField(),
  random_type: randomTypeSchema,
  team_limit: whole(WALKING_EVENT_LIMITS.teamLimitMax),
  member_limit: whole(WALKING_EVENT_LIMITS.memberLimitMax),
  show_team_member_data: flag(),
  show_personal_statistics: flag(),
};

export const CreateWalkingEventSchema = strictPayload({ walking_event: strictPayload(fields) });
export const UpdateWalkingEventSchema = strictPayload({ walking_event: strictPayload(fields).partial() });
/** The portal's form: the same fields, the final-result time as a datetime-local input holds it (sent as an instant). */
export const WalkingEventFormSchema = strictPayload({
  ...fields,
  final_result_published_at: z.string({ error: requiredOrInvalidType }).min(1, { error: ErrorCode.validationRequired }),
});
export type WalkingEventFormValues = z.input<typeof WalkingEventFormSchema>;
export type CreateWalkingEvent = z.output<typeof CreateWalkingEventSchema>['walking_event'];
export type UpdateWalkingEvent = z.output<typeof UpdateWalkingEventSchema>['walking_event'];

const teamName = graphemeString({ min: 1, max: WALKING_EVENT_LIMITS.teamNameMax, trim: true });
export const CreateWalkingEventTeamSchema = strictPayload({ walking_event_team: strictPayload({ team_name: teamName }) });
export const UpdateWalkingEventTeamSchema = CreateWalkingEventTeamSchema;
export type WalkingEventTeamInput = z.output<typeof CreateWalkingEventTeamSchema>['walking_event_team'];

export const AddWalkingEventTeamMemberSchema = strictPayload({
  walking_event_team_member: strictPayload({ organization_member_id: whole(2_147_483_647) }),
});

export const WALKING_MESSAGE_MAX = 500;
/** POST /walking_events/{id}/messages: a line on the caller's team cheer board. */
export const CreateWalkingEventMessageSchema = strictPayload({
  walking_event_message: strictPayload({ body: graphemeString({ min: 1, max: WALKING_MESSAGE_MAX, trim: true }) }),
});

const idParameter = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: ErrorCode.requestInvalidParameter })
  .pipe(
    z
      .int({ error: ErrorCode.requestInvalidParameter })
      .min(1, { error: ErrorCode.requestInvalidParameter })
      .max(2_147_483_647, { error: ErrorCode.requestInvalidParameter }),
  );
/** GET /walking_events/{id}/messages: `team_id` (managers reading a team's board), `before` (older than this message). */
export const BoardQuerySchema = z.object({ team_id: idParameter.optional(), before: idParameter.optional() });

/** A draw's seed: shown on the page, typed back to draw the same teams again. */
export const seedSchema = z
  .string({ error: requiredOrInvalidType })
  .regex(/^[A-Za-z0-9_-]+$/, { error: ErrorCode.validationInvalidFormat })
  .max(WALKING_EVENT_LIMITS.seedMax, { error: ErrorCode.validationTooLong });

/**
 * A random draw (randomType random or balanced): `apply: false` previews, `apply: true` replaces the teams. Without a
 * seed the server picks one and returns it. `group_ids` narrows the eligible members to those groups.
 */
export const RandomTeamsSchema = strictPayload({
  random_teams: strictPayload({
    seed: seedSchema.optional(),
    apply: flag(),
    group_ids: z
      .array(whole(2_147_483_647), { error: requiredOrInvalidType })
      .max(100, { error: ErrorCode.validationTooManyItems })
      .optional(),
  }),
});
export type RandomTeamsInput = z.output<typeof RandomTeamsSchema>['random_teams'];

const invalidParameter = { error: ErrorCode.requestInvalidParameter };
/** `format=csv` (with `encoding=shift_jis` for older Excel) downloads a ranking as CSV; JSON:API otherwise. */
export const RankingQuerySchema = z.object({
  format: z.enum(['json', 'csv'], invalidParameter).default('json'),
  encoding: z.enum(['utf-8', 'shift_jis'], invalidParameter).default('utf-8'),
});

/** `per` of GET /walking_events/{id}/personal_summary: the length of the top list. */
export const PersonalSummaryQuerySchema = RankingQuerySchema.extend({
  per: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], invalidParameter)
    .pipe(z.int(invalidParameter).min(1, invalidParameter).max(WALKING_EVENT_LIMITS.rankingPerMax, invalidParameter))
    .default(100),
});
