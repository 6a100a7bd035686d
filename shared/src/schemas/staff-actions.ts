// The staff action log (issue 20 point 8): GET /api/staff_actions and its filters.
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { optionalIdQueryParameter, PaginationSchema } from './common';
import { dateParameter } from './dates';

const invalidParameter = { error: ErrorCode.requestInvalidParameter };

/** An actor keyword (name or email fragment) is at most this many characters: a filter, not a text. */
export const STAFF_ACTION_ACTOR_MAX = 100;
/** A kind is dotted route words (`organizations.members.update`); a prefix (`organizations.members`) matches its kinds. */
export const STAFF_ACTION_KIND_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_]+){0,7}$/;

/**
 * Filters of the log: `actor` (a user id, or a name or email fragment), `organization_id`, `kind` (exact or a dotted
 * prefix), `from`..`to` (Tokyo days, inclusive; from <= to) and paging (newest first).
 */
export const StaffActionListQuerySchema = PaginationSchema.extend({
  actor: z.string(invalidParameter).trim().min(1, invalidParameter).max(STAFF_ACTION_ACTOR_MAX, invalidParameter).optional(),
  organization_id: optionalIdQueryParameter(),
  kind: z.string(invalidParameter).max(200, invalidParameter).regex(STAFF_ACTION_KIND_PATTERN, invalidParameter).optional(),
  from: dateParameter().optional(),
  to: dateParameter().optional(),
}).superRefine((query, context) => {
  if (query.from && query.to && query.from > query.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: ErrorCode.requestInvalidParameter });
  }
});
export type StaffActionListQuery = z.output<typeof StaffActionListQuerySchema>;
