import { StaffActionListQuerySchema } from '@kiwi/shared/schemas/staff-actions';
import { Router } from 'express';
import { authorize, STAFF_ACTIONS } from '../../auth/authorize';
import { currentSession, requireAdmin } from '../../auth/guards';
import { parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentStaffActions } from './presenter';
import { listStaffActions } from './service';

/** Issue 20 point 8: GET /staff_actions, the log of staff writes (platform admins only). */
export function staffActionsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();

  router.get('/staff_actions', requireAdmin, async (req, res) => {
    authorize(await currentSession(req), 'staffActions.view', STAFF_ACTIONS);
    const query = parseQuery(StaffActionListQuerySchema, req);
    const { items, total } = await listStaffActions(db.db, query);
    res.json(presentStaffActions(items, { page: query.page, per: query.per, total, url: req.originalUrl }));
  });

  return router;
}
