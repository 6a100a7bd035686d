import { serialize } from '../../jsonapi/serialize';
import type { Dashboard } from './service';

/**
 * `dashboard-organizations` (id = the organisation's id), one per organisation of the plan filter; the platform's
 * totals, counts by plan and state, the period and the plans in meta.
 */
export function presentDashboard(dashboard: Dashboard) {
  return serialize('dashboard-organizations', dashboard.organizations, {
    id: (row) => row.id,
    attributes: (row) => ({
      name: row.name,
      identifier: row.identifier,
      plan: row.plan,
      state: row.state,
      planEndedAt: row.planEndedAt,
      seatsUsed: row.seatsUsed,
      seatsContracted: row.seatsContracted,
      coinsGranted: row.coinsGranted,
      coinsSpent: row.coinsSpent,
      pendingChangeRequests: row.pendingChangeRequests,
      pendingViolationReports: row.pendingViolationReports,
    }),
    meta: {
      from: dashboard.period.from,
      to: dashboard.period.to,
      plan: dashboard.plan,
      plans: dashboard.plans,
      totals: dashboard.totals,
      byPlan: dashboard.byPlan,
    },
  });
}
