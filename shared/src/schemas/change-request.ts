// Issue 20 point 4: the payloads and queries of the organisation change request routes (docs/api.md "Organisation
// change requests"), and the manager's and admin's forms built on them.
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { CHANGE_REQUEST_STATUSES, REQUESTABLE_PLANS, type RequestablePlan } from '../domain/change-request';
import { optionalIdQueryParameter, PaginationSchema, strictPayload, oneOf, wholeNumber } from './common';
import { ORGANIZATION_LIMITS } from './organization';
import { graphemeString } from './text';

export const CHANGE_REQUEST_LIMITS = { reasonMax: 1000, noteMax: 1000 } as const;
const MAX_ID = 2_147_483_647;

const plan = oneOf(REQUESTABLE_PLANS);
/** A seat count; null asks for unlimited seats (as organizations.number_of_members). */
const seats = wholeNumber(1, ORGANIZATION_LIMITS.membersMax).nullable();
const name = graphemeString({ min: 1, max: ORGANIZATION_LIMITS.nameMax, trim: true });
const reason = graphemeString({ min: 1, max: CHANGE_REQUEST_LIMITS.reasonMax, trim: true });

/**
 * POST /organization_change_requests: the organisation (the manager's own), what to change (an absent field is no
 * change; `number_of_members: null` asks for unlimited seats) and why. At least one change.
 */
export const CreateChangeRequestSchema = strictPayload({
  organization_change_request: strictPayload({
    organization_id: wholeNumber(1, MAX_ID),
    plan: plan.optional(),
    number_of_members: seats.optional(),
    name: name.optional(),
    reason,
  }).check((payload) => {
    const { plan, number_of_members, name } = payload.value;
    if (plan === undefined && number_of_members === undefined && name === undefined) {
      payload.issues.push({ code: 'custom', message: ErrorCode.changeRequestNoChange, input: payload.value, path: ['plan'] });
    }
  }),
});
export type CreateChangeRequestInput = z.output<typeof CreateChangeRequestSchema>['organization_change_request'];

/** PUT /organization_change_requests/{id} (admin): approve, or reject with a note saying why. */
export const DecideChangeRequestSchema = strictPayload({
  organization_change_request: strictPayload({
    status: oneOf(['approved', 'rejected'] as const),
    decision_note: graphemeString({ max: CHANGE_REQUEST_LIMITS.noteMax, trim: true }).nullish(),
  }).check((payload) => {
    if (payload.value.status === 'rejected' && !payload.value.decision_note) {
      payload.issues.push({ code: 'custom', message: ErrorCode.validationRequired, input: payload.value, path: ['decision_note'] });
    }
  }),
});
export type DecideChangeRequestInput = z.output<typeof DecideChangeRequestSchema>['organization_change_request'];

/** GET /organization_change_requests: `status`, `organization_id` (admins; a manager sees only their own), `page`, `per`. */
export const ChangeRequestListQuerySchema = PaginationSchema.extend({
  status: z.enum(CHANGE_REQUEST_STATUSES, { error: ErrorCode.requestInvalidParameter }).optional(),
  organization_id: optionalIdQueryParameter(),
});

/**
 * The manager's form: seats are kept, a number, or unlimited; the payload is built from it (toChangeRequestPayload).
 * Every field arrives as a string and one check validates them all, so the form shows every problem at once (zod skips
 * an object's checks once a field failed).
 */
type FormFields = {
  plan: '' | RequestablePlan;
  seats_mode: 'keep' | 'number' | 'unlimited';
  number_of_members: string;
  name: string;
  reason: string;
};
export const ChangeRequestFormSchema = z
  .object({ plan: z.string(), seats_mode: z.string(), number_of_members: z.string(), name: z.string(), reason: z.string() })
  .check((payload) => {
    const values = payload.value;
    const problem = (path: keyof FormFields, result: { success: boolean; error?: { issues: { message: string }[] } }) => {
      if (!result.success) {
        payload.issues.push({
          code: 'custom',
          message: result.error?.issues[0]?.message ?? ErrorCode.validationInvalidType,
          input: values,
          path: [path],
        });
      }
    };
    if (values.plan !== '') problem('plan', plan.safeParse(values.plan));
    problem('seats_mode', z.enum(['keep', 'number', 'unlimited']).safeParse(values.seats_mode));
    if (values.seats_mode === 'number') {
      const seatsWanted = values.number_of_members.trim() === '' ? undefined : Number(values.number_of_members);
      problem('number_of_members', wholeNumber(1, ORGANIZATION_LIMITS.membersMax).safeParse(seatsWanted));
    }
    if (values.name.trim() !== '') problem('name', name.safeParse(values.name));
    problem('reason', reason.safeParse(values.reason));
    if (values.plan === '' && values.seats_mode === 'keep' && values.name.trim() === '') {
      payload.issues.push({ code: 'custom', message: ErrorCode.changeRequestNoChange, input: values, path: ['plan'] });
    }
  })
  .transform((values) => ({ ...values, reason: values.reason.trim() }) as FormFields);
export type ChangeRequestFormValues = z.input<typeof ChangeRequestFormSchema>;

/** The POST payload of a valid form. */
export function toChangeRequestPayload(organizationId: number, values: z.output<typeof ChangeRequestFormSchema>) {
  return {
    organization_change_request: {
      organization_id: organizationId,
      ...(values.plan === '' ? {} : { plan: values.plan }),
      ...(values.seats_mode === 'keep'
        ? {}
        : { number_of_members: values.seats_mode === 'unlimited' ? null : Number(values.number_of_members) }),
      ...(values.name.trim() === '' ? {} : { name: values.name.trim() }),
      reason: values.reason,
    },
  };
}

/** The admin's decision form (reject needs the note). */
export const DecisionFormSchema = DecideChangeRequestSchema.shape.organization_change_request;
