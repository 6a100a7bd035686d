// Issue 20 point 3: the platform admin's organisation writes (delete after typing the identifier, contract editing).
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { requiredOrInvalidType, strictPayload } from './common';
import { ORGANIZATION_LIMITS, UpdateOrganizationSchema } from './organization';

/** DELETE /organizations/:id: the admin types the organisation's identifier; the server compares it exactly. */
export const DeleteOrganizationSchema = strictPayload({
  organization: strictPayload({
    identifier_confirmation: z
      .string({ error: requiredOrInvalidType })
      .min(1, { error: ErrorCode.validationRequired })
      .max(ORGANIZATION_LIMITS.identifierMax, { error: ErrorCode.adminOrganizationIdentifierMismatch }),
  }),
});

/**
 * PUT /organizations/:id as the admin sends it: the organisation's fields, plus `confirm_seats_below_members` when
 * the admin was warned that the new seat count is below the members in use and keeps it anyway.
 */
export const AdminUpdateOrganizationSchema = strictPayload({
  ...UpdateOrganizationSchema.shape,
  confirm_seats_below_members: z.boolean({ error: requiredOrInvalidType }).optional(),
});

/** The admin edit dialog's fields (plan, period, seats); `unlimited` stands for number_of_members = null. */
export const OrganizationContractFormSchema = z
  .object({
    plan: z
      .string()
      .trim()
      .min(1, { error: ErrorCode.validationRequired })
      .max(ORGANIZATION_LIMITS.planMax, { error: ErrorCode.validationTooLong }),
    plan_started_at: z.string(),
    plan_ended_at: z.string(),
    unlimited: z.boolean(),
    number_of_members: z.string(),
  })
  .superRefine((form, context) => {
    if (form.plan_started_at && form.plan_ended_at && form.plan_ended_at <= form.plan_started_at) {
      context.addIssue({ code: 'custom', path: ['plan_ended_at'], message: ErrorCode.validationEndAfterStart });
    }
    if (!form.unlimited) {
      const seats = form.number_of_members.trim();
      if (!/^\d+$/.test(seats)) context.addIssue({ code: 'custom', path: ['number_of_members'], message: ErrorCode.validationInteger });
      else if (Number(seats) > ORGANIZATION_LIMITS.membersMax) {
        context.addIssue({ code: 'custom', path: ['number_of_members'], message: ErrorCode.validationTooBig });
      }
    }
  });

export type DeleteOrganization = z.output<typeof DeleteOrganizationSchema>;
export type AdminUpdateOrganization = z.output<typeof AdminUpdateOrganizationSchema>;
export type OrganizationContractForm = z.input<typeof OrganizationContractFormSchema>;
