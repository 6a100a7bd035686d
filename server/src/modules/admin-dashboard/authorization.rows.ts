// Issue 20 part A: the platform at a glance and the utilisation series are the platform admin's alone.
import { ADMIN_ONLY, type MatrixModule } from '../../test/matrix';

export const matrix: MatrixModule = {
  rows: [
    { route: 'GET /api/admin/dashboard', expect: ADMIN_ONLY },
    {
      route: 'GET /api/admin/dashboard',
      sample: 'a period and a plan',
      query: { from: '2025-01', to: '2025-12', plan: 'business' },
      expect: ADMIN_ONLY,
    },
    // The single-month call stays the manager's too (activity rows); a period asks for every organisation's series.
    {
      route: 'GET /api/organizations/utilization_rates',
      sample: "the admin's series of a period",
      query: { from: '2025-01', to: '2025-12' },
      expect: ADMIN_ONLY,
    },
    {
      route: 'GET /api/organizations/utilization_rates',
      sample: "the admin's series of a plan",
      query: { plan: 'business' },
      expect: ADMIN_ONLY,
    },
  ],
};
