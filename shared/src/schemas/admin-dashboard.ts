// Issue 20 part A: the platform admin's dashboard and the utilisation series behind its charts.
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { monthInJapan, shiftMonth } from '../domain/health-points';
import type { OrganizationState } from '../domain/organization-state';

const invalidParameter = { error: ErrorCode.requestInvalidParameter };

export const DASHBOARD_LIMITS = {
  /** The longest period the dashboard and the utilisation series answer, in months. */
  periodMonthsMax: 24,
  /** The default period: the last 12 months, this one included. */
  periodMonthsDefault: 12,
  planMax: 50,
  organizationIdsMax: 200,
} as const;

const month = z.string(invalidParameter).regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, invalidParameter);

/** Months from `from` to `to`, both included (`2025-11`, `2026-01` -> 3). */
export function monthsBetween(from: string, to: string): number {
  const index = (value: string) => {
    const [year, monthNumber] = value.split('-').map(Number) as [number, number];
    return year * 12 + monthNumber - 1;
  };
  return index(to) - index(from) + 1;
}

export type DashboardPeriod = { from: string; to: string };

/**
 * The period asked for, filled in: nothing is the last 12 months up to this month in Japan; one end alone is 12 months
 * from or up to it.
 */
export function dashboardPeriod({ from, to }: Partial<DashboardPeriod>, now: Date): DashboardPeriod {
  const span = DASHBOARD_LIMITS.periodMonthsDefault - 1;
  if (from && to) return { from, to };
  if (from) return { from, to: shiftMonth(from, span) };
  const end = to ?? monthInJapan(now);
  return { from: shiftMonth(end, -span), to: end };
}

/** The months of a period, oldest first. */
export function periodMonths({ from, to }: DashboardPeriod): string[] {
  return Array.from({ length: monthsBetween(from, to) }, (_, index) => shiftMonth(from, index));
}

const periodFields = { from: month.optional(), to: month.optional() };

/**
 * What is wrong with a period whose both ends were given, as its stable code (the server answers it as a 400 naming
 * `to`), or null. Checked after the schema, as a query string's issues are all request.invalidParameter.
 */
export function periodProblem({ from, to }: { from?: string; to?: string }): ErrorCode | null {
  if (!from || !to) return null;
  const length = monthsBetween(from, to);
  return length < 1 || length > DASHBOARD_LIMITS.periodMonthsMax ? ErrorCode.adminDashboardPeriod : null;
}

const plan = z.string(invalidParameter).trim().min(1, invalidParameter).max(DASHBOARD_LIMITS.planMax, invalidParameter);

/** A database id in a query string: a positive int4. */
const queryId = z
  .string(invalidParameter)
  .regex(/^[1-9]\d{0,9}$/, invalidParameter)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, invalidParameter));

/** GET /api/admin/dashboard: a period of months (default the last 12) and optionally one plan. */
export const AdminDashboardQuerySchema = z.object({ ...periodFields, plan: plan.optional() });
export type AdminDashboardQuery = z.output<typeof AdminDashboardQuerySchema>;

/** The admin's utilisation series (GET /api/organizations/utilization_rates with from/to): plan and organisations optional. */
export const UtilizationSeriesQuerySchema = z.object({
  ...periodFields,
  plan: plan.optional(),
  organization_ids: z.array(queryId, invalidParameter).max(DASHBOARD_LIMITS.organizationIdsMax, invalidParameter).optional(),
});
export type UtilizationSeriesQuery = z.output<typeof UtilizationSeriesQuerySchema>;

/** The dashboard's filter form (portal): empty months are the default period; the same period rule as the server's. */
export const DashboardFilterFormSchema = z
  .object({
    from: z.union([z.literal(''), month]),
    to: z.union([z.literal(''), month]),
    plan: z.string().max(DASHBOARD_LIMITS.planMax),
  })
  .superRefine((value, context) => {
    const problem = periodProblem({ from: value.from || undefined, to: value.to || undefined });
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type DashboardFilterForm = z.output<typeof DashboardFilterFormSchema>;

/** Organisations counted by state. */
export type DashboardStateCounts = Record<OrganizationState, number>;

/** The dashboard's platform totals, as the server computes them and the portal shows them. */
export type DashboardTotals = {
  organizations: number;
  states: DashboardStateCounts;
  seatsUsed: number;
  /** The seats of organisations with a limit; unlimitedOrganizations counts the others. */
  seatsContracted: number;
  unlimitedOrganizations: number;
  coinsGranted: number;
  coinsSpent: number;
  pendingChangeRequests: number;
  pendingViolationReports: number;
};
