import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { graphemeString } from './text';
import { requiredOrInvalidType, strictPayload, integerError, oneOfError } from './common';
import { dateField } from './dates';

export const ORGANIZATION_LIMITS = { nameMax: 100, identifierMax: 50, planMax: 50, iconMax: 2048, membersMax: 1_000_000 } as const;

const invalidParameter = { error: ErrorCode.requestInvalidParameter };
const invalidFormat = (issue: { input?: unknown }) =>
  typeof issue.input === 'string' ? ErrorCode.validationInvalidFormat : requiredOrInvalidType(issue);

/** Route identifiers: lower-case letters, digits, '-' and '_', never all digits (so `/organizations/:id` can tell them from ids). */
export const ORGANIZATION_IDENTIFIER = /^(?![0-9]+$)[a-z0-9][a-z0-9_-]*$/;

/** `:id` of GET /organizations/:id: a numeric id or a route identifier. */
export const OrganizationKeySchema = z.union(
  [
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number)
      .pipe(z.number().max(2_147_483_647)),
    z.string().max(ORGANIZATION_LIMITS.identifierMax).regex(ORGANIZATION_IDENTIFIER),
  ],
  invalidParameter,
);

export const ShowOrganizationQuerySchema = z.object({
  with_mfa_enabled: z.enum(['true', 'false'], invalidParameter).optional(),
});

const date = dateField();
const identifier = z
  .string({ error: requiredOrInvalidType })
  .trim()
  .min(1, { error: ErrorCode.validationRequired })
  .max(ORGANIZATION_LIMITS.identifierMax, { error: ErrorCode.validationTooLong })
  .regex(ORGANIZATION_IDENTIFIER, { error: ErrorCode.validationInvalidFormat });
const icon = z.url({ protocol: /^https?$/, error: invalidFormat }).max(ORGANIZATION_LIMITS.iconMax, { error: ErrorCode.validationTooLong });
const numberOfMembers = z
  .int({ error: integerError })
  .min(0, { error: ErrorCode.validationTooSmall })
  .max(ORGANIZATION_LIMITS.membersMax, { error: ErrorCode.validationTooBig });
const bool = z.boolean({ error: requiredOrInvalidType });
const groupFilter = z.enum(['and', 'or'], {
  error: oneOfError,
});

const organizationFields = {
  name: graphemeString({ min: 1, max: ORGANIZATION_LIMITS.nameMax, trim: true }),
  identifier,
  icon: icon.nullable(),
  service_started_at: date.nullable(),
  /** null = unlimited seats */
  number_of_members: numberOfMembers.nullable(),
  plan: graphemeString({ min: 1, max: ORGANIZATION_LIMITS.planMax, trim: true }),
  plan_started_at: date.nullable(),
  plan_ended_at: date.nullable(),
  vine_connect_enabled: bool,
  distribution_graph_group_filter: groupFilter,
  mfa_enabled: bool,
};

/** What a manager may change of their own organisation; contract, plan, name and identifier are the platform admin's. */
export const MANAGER_EDITABLE_ORGANIZATION_FIELDS = ['icon', 'distribution_graph_group_filter', 'mfa_enabled'] as const;

/** PUT /organizations/:id (every field optional). */
export const UpdateOrganizationSchema = strictPayload({
  organization: strictPayload(
    Object.fromEntries(Object.entries(organizationFields).map(([key, schema]) => [key, schema.optional()])) as {
      [K in keyof typeof organizationFields]: z.ZodOptional<(typeof organizationFields)[K]>;
    },
  ),
});

/** POST /organizations (admin): name and identifier required, the rest optional. */
export const CreateOrganizationSchema = strictPayload({
  organization: strictPayload({
    ...(Object.fromEntries(Object.entries(organizationFields).map(([key, schema]) => [key, schema.optional()])) as {
      [K in keyof typeof organizationFields]: z.ZodOptional<(typeof organizationFields)[K]>;
    }),
    name: organizationFields.name,
    identifier: organizationFields.identifier,
  }),
});

/** GET /organizations (admin list): q[name] matches name or identifier. */
export const OrganizationListQuerySchema = z.object({
  q: z.object({ name: z.string(invalidParameter).max(100, invalidParameter).optional() }, invalidParameter).optional(),
  archived: z.enum(['true', 'false'], invalidParameter).optional(),
});

export type UpdateOrganization = z.output<typeof UpdateOrganizationSchema>;
export type CreateOrganization = z.output<typeof CreateOrganizationSchema>;
