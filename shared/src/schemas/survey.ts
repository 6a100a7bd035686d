import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { graphemeString } from './text';
import { ANSWER_MAX, ANSWER_MIN, WELL_BEING_QUESTION_IDS, type WellBeingQuestionId } from '../domain/well-being';
import { optionalIdQueryParameter, PaginationSchema, requiredOrInvalidType, strictPayload, integerError } from './common';
import { dateTimeField } from './dates';

// Limits the spec leaves open ("other product limits: not shown").
export const SURVEY_LIMITS = { titleMax: 100, organizationsMax: 500 } as const;

const title = graphemeString({ min: 1, max: SURVEY_LIMITS.titleMax, trim: true });

/** An ISO 8601 date-time with an offset (`2026-06-30T23:59:00+09:00`), parsed to a Date. The future check needs `now`: the service does it. */
const expiredAt = dateTimeField().transform((value) => new Date(value));

const organizationId = z
  .int({ error: integerError })
  .min(1, { error: ErrorCode.validationTooSmall })
  .max(2_147_483_647, { error: ErrorCode.validationTooBig });

const organizationIds = z
  .array(organizationId, { error: requiredOrInvalidType })
  .min(1, { error: ErrorCode.surveyOrganizationsRequired })
  .max(SURVEY_LIMITS.organizationsMax, { error: ErrorCode.validationTooLong })
  // The same organisation twice would be refused by nothing else and create two surveys for it.
  .transform((ids) => [...new Set(ids)]);

/** POST /well_being_surveys: one survey per listed organisation. */
export const CreateSurveySchema = strictPayload({
  well_being_survey: strictPayload({ title, expired_at: expiredAt, organization_ids: organizationIds }),
});

/** PUT /well_being_surveys/:id: title and deadline, each optional. */
export const UpdateSurveySchema = strictPayload({
  well_being_survey: strictPayload({ title: title.optional(), expired_at: expiredAt.optional() }),
});

const answerValue = z
  .int({ error: integerError })
  .min(ANSWER_MIN, { error: ErrorCode.validationTooSmall })
  .max(ANSWER_MAX, { error: ErrorCode.validationTooBig });

const answers = strictPayload(
  Object.fromEntries(WELL_BEING_QUESTION_IDS.map((id) => [id, answerValue])) as Record<WellBeingQuestionId, typeof answerValue>,
);

/** POST /well_being_surveys/:id/answers: every statement answered, 0-10. */
export const AnswerSurveySchema = strictPayload({
  well_being_survey_answer: strictPayload({ answers }),
});

/** GET /well_being_surveys: paging, and for admins an optional organisation filter. */
export const ListSurveysQuerySchema = PaginationSchema.extend({
  organization_id: optionalIdQueryParameter(),
});

export type CreateSurveyInput = z.input<typeof CreateSurveySchema>;
export type CreateSurvey = z.output<typeof CreateSurveySchema>['well_being_survey'];
export type UpdateSurvey = z.output<typeof UpdateSurveySchema>['well_being_survey'];
export type AnswerSurvey = z.output<typeof AnswerSurveySchema>['well_being_survey_answer'];
