import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { graphemeString } from './text';
import { CONTROL } from '../domain/member-csv';
import { PaginationSchema, requiredOrInvalidType, strictPayload } from './common';
import { dateTimeField } from './dates';

export const MEMBER_LIMITS = { nameMax: 50, emailMax: 254, labelMax: 50, labelsMax: 20, groupsMax: 50 } as const;
export const MEMBER_ROLES = ['manager', 'member'] as const;
export const MEMBER_STATES = ['active', 'pending', 'expired'] as const;

const invalidParameter = { error: ErrorCode.requestInvalidParameter };

/** A person's name, typed or imported: no line break, tab or other control character (the CSV import's rule too). */
export const memberName = ({ min }: { min?: number } = {}) =>
  graphemeString({ min, max: MEMBER_LIMITS.nameMax, trim: true }).refine((value) => !CONTROL.test(value), {
    error: ErrorCode.validationInvalidName,
  });

const idList = z
  .array(
    z
      .union([
        z.number(),
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/)
          .transform(Number),
      ])
      .pipe(z.int().positive().max(2_147_483_647)),
    invalidParameter,
  )
  .max(MEMBER_LIMITS.groupsMax, invalidParameter);

/** GET /organizations/:id/members: q[name] (name, nickname or email), q[group_id], q[role], q[state], page, per. */
export const MemberListQuerySchema = PaginationSchema.extend({
  q: z
    .object(
      {
        name: z.string(invalidParameter).max(100, invalidParameter).optional(),
        group_id: z
          .string(invalidParameter)
          .regex(/^[1-9]\d{0,9}$/, invalidParameter)
          .transform(Number)
          .pipe(z.number().max(2_147_483_647, invalidParameter))
          .optional(),
        role: z.enum(MEMBER_ROLES, invalidParameter).optional(),
        state: z.enum(MEMBER_STATES, invalidParameter).optional(),
      },
      invalidParameter,
    )
    .optional(),
});
export type MemberListQuery = z.output<typeof MemberListQuerySchema>;

export const memberEmail = z
  .email({
    error: (issue) =>
      typeof issue.input === 'string'
        ? issue.input.trim() === ''
          ? ErrorCode.validationRequired
          : ErrorCode.validationInvalidEmail
        : requiredOrInvalidType(issue),
  })
  .max(MEMBER_LIMITS.emailMax, { error: ErrorCode.validationTooLong });
const trimmedEmail = z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), memberEmail);

export const memberRole = z.enum(MEMBER_ROLES, {
  error: (issue) => (typeof issue.input === 'string' ? ErrorCode.validationInvalidRole : requiredOrInvalidType(issue)),
});
// Spec §9's range also keeps a year such as 0000, which PostgreSQL refuses, a 422 rather than a 500.
const instant = dateTimeField();
const labels = z
  .array(
    graphemeString({ min: 1, max: MEMBER_LIMITS.labelMax, trim: true }).refine((value) => !CONTROL.test(value), {
      error: ErrorCode.validationInvalidFormat,
    }),
    { error: requiredOrInvalidType },
  )
  .max(MEMBER_LIMITS.labelsMax, { error: ErrorCode.validationTooLong });
const groupIds = z
  .array(z.int({ error: requiredOrInvalidType }).positive({ error: ErrorCode.validationPositive }).max(2_147_483_647), {
    error: requiredOrInvalidType,
  })
  .max(MEMBER_LIMITS.groupsMax, { error: ErrorCode.validationTooLong });

const memberFields = {
  role: memberRole,
  active_from: instant.nullable(),
  active_to: instant.nullable(),
  belongings: labels,
  occupations: labels,
  group_ids: groupIds,
};

/** activeTo must come after activeFrom when both are given. */
function periodInOrder(value: { active_from?: string | null; active_to?: string | null }, ctx: z.RefinementCtx) {
  if (value.active_from && value.active_to && new Date(value.active_to) <= new Date(value.active_from)) {
    ctx.addIssue({ code: 'custom', message: ErrorCode.validationEndAfterStart, path: ['active_to'], input: value.active_to });
  }
}

/** POST /organizations/:id/members: invite by email. */
export const CreateMemberSchema = strictPayload({
  organization_member: strictPayload({
    email: trimmedEmail,
    name: memberName().optional(),
    role: memberRole.default('member'),
    active_from: memberFields.active_from.optional(),
    active_to: memberFields.active_to.optional(),
    belongings: labels.optional(),
    occupations: labels.optional(),
    group_ids: groupIds.optional(),
    language: z.enum(['ja', 'en'], { error: ErrorCode.validationOneOf }).optional(),
  }).superRefine(periodInOrder),
});
export type CreateMember = z.output<typeof CreateMemberSchema>['organization_member'];

/** PUT /organizations/:id/members/:memberId: every field optional; null clears a date. */
export const UpdateMemberSchema = strictPayload({
  organization_member: strictPayload({
    role: memberFields.role.optional(),
    active_from: memberFields.active_from.optional(),
    active_to: memberFields.active_to.optional(),
    belongings: labels.optional(),
    occupations: labels.optional(),
    group_ids: groupIds.optional(),
  }).superRefine(periodInOrder),
});
export type UpdateMember = z.output<typeof UpdateMemberSchema>['organization_member'];

export { idList as IdListSchema };
