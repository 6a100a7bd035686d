import { AdminDashboardQuerySchema, dashboardPeriod, periodProblem } from '@kiwi/shared/schemas/admin-dashboard';
import { Router } from 'express';
import { ADMIN_DASHBOARD, authorize } from '../../auth/authorize';
import { currentSession, requireAdmin } from '../../auth/guards';
import { ApiError } from '../../jsonapi/errors';
import { parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentDashboard } from './presenter';
import { adminDashboard } from './service';

export function adminDashboardRoutes({ db }: ModuleDependencies): Router {
  const router = Router();

  // The platform at a glance (issue 20 point 1): organisations, seats, coins of the period, what waits for a decision.
  router.get('/admin/dashboard', requireAdmin, async (req, res) => {
    authorize(await currentSession(req), 'adminDashboard.view', ADMIN_DASHBOARD);
    const query = parseQuery(AdminDashboardQuerySchema, req);
    const problem = periodProblem(query);
    if (problem) throw new ApiError(problem, { parameter: 'to' });
    const now = new Date();
    const period = dashboardPeriod(query, now);
    const dashboard = await db.db.transaction((tx) => adminDashboard(tx, { period, plan: query.plan, now }));
    res.json(presentDashboard(dashboard));
  });

  return router;
}
