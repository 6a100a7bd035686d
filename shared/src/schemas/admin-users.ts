// Issue 20 point 2: the platform admin's users list (GET /users) and its actions on /users/:id/... (docs/api.md).
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { optionalIdQueryParameter, PaginationSchema, requiredOrInvalidType, strictPayload, oneOfError } from './common';

const invalidParameter = { error: ErrorCode.requestInvalidParameter };

export const ADMIN_USER_ROLES = ['admin', 'member'] as const;
export type AdminUserRole = (typeof ADMIN_USER_ROLES)[number];

/**
 * A user's state in the console, the first that applies: `disabled` (sign-in turned off), `invited` (an invitation
 * not accepted yet), `active` (an admin, or the first membership is active: spec §5), `pending` (the first membership
 * starts later), `expired` (the first membership ended, or a member without any membership).
 */
export const ADMIN_USER_STATES = ['active', 'pending', 'expired', 'invited', 'disabled'] as const;
export type AdminUserState = (typeof ADMIN_USER_STATES)[number];

/** `sort`: a column, `-` for descending; ties go by id. */
export const ADMIN_USER_SORTS = ['id', '-id', 'name', '-name', 'email', '-email', 'last_signed_in_at', '-last_signed_in_at'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const ADMIN_USER_LIMITS = { keywordMax: 100 } as const;

/** GET /users: q[keyword] (name or email fragment), q[organization_id], q[role], q[state], page, per, sort. */
export const AdminUserListQuerySchema = PaginationSchema.extend({
  q: z
    .object(
      {
        keyword: z.string(invalidParameter).max(ADMIN_USER_LIMITS.keywordMax, invalidParameter).optional(),
        organization_id: optionalIdQueryParameter(),
        role: z.enum(ADMIN_USER_ROLES, invalidParameter).optional(),
        state: z.enum(ADMIN_USER_STATES, invalidParameter).optional(),
      },
      invalidParameter,
    )
    .optional(),
  sort: z.enum(ADMIN_USER_SORTS, invalidParameter).default('id'),
});
export type AdminUserListQuery = z.output<typeof AdminUserListQuerySchema>;

/** PUT /users/:id/role: promote to or demote from platform admin. */
export const UpdateUserRoleSchema = strictPayload({
  user: strictPayload({
    role: z.enum(ADMIN_USER_ROLES, {
      error: oneOfError,
    }),
  }),
});

/** PUT /users/:id/sign_in: turn a user's sign-in off (`disabled: true`) or on again. */
export const UpdateUserSignInSchema = strictPayload({
  user: strictPayload({ disabled: z.boolean({ error: requiredOrInvalidType }) }),
});

/** The portal's search form (its messages are error codes). */
export const AdminUserSearchFormSchema = z.object({
  keyword: z.string().trim().max(ADMIN_USER_LIMITS.keywordMax, { error: ErrorCode.validationTooLong }),
  organizationId: z.union([z.literal(''), z.string().regex(/^[1-9]\d{0,9}$/, { error: ErrorCode.validationInvalidFormat })]),
  role: z.union([z.literal(''), z.enum(ADMIN_USER_ROLES)]),
  state: z.union([z.literal(''), z.enum(ADMIN_USER_STATES)]),
  sort: z.enum(ADMIN_USER_SORTS),
});
export type AdminUserSearchForm = z.output<typeof AdminUserSearchFormSchema>;
