// GET /api/admin/dashboard after JSON:API decoding (camelCase), and the organisation states in the order shown.
import type { DashboardStateCounts, DashboardTotals } from '@kiwi/shared/schemas/admin-dashboard';

export type OrganizationState = 'active' | 'planEnded' | 'archived';
type StateCounts = DashboardStateCounts;
export type DashboardOrganization = {
  id: string;
  name: string;
  identifier: string;
  plan: string;
  state: OrganizationState;
  seatsUsed: number;
  seatsContracted: number | null;
  coinsGranted: number;
  coinsSpent: number;
  pendingChangeRequests: number;
  pendingViolationReports: number;
};
export type DashboardMeta = {
  from: string;
  to: string;
  plan: string | null;
  plans: string[];
  totals: DashboardTotals;
  byPlan: ({ plan: string; total: number } & StateCounts)[];
};
export type UtilizationSeries = { id: string; months: { month: string; members: number; active: number; rate: number }[] };

export const STATES: OrganizationState[] = ['active', 'planEnded', 'archived'];
