import { UpdateUserSchema } from '@kiwi/shared/schemas/user';
import { Router } from 'express';
import { authorize } from '../../auth/authorize';
import { currentSession, requireSignedIn } from '../../auth/guards';
import { parseBody, parseId } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { assertOwnDevices } from '../push/access';
import { adminUsersRoutes } from './admin-routes';
import { presentUser } from './presenter';
import { updateUser } from './service';

export function usersRoutes(deps: ModuleDependencies): Router {
  const { db, sessions } = deps;
  const router = Router();

  // The signed-in product user, straight from the session cache: no database round trip when warm.
  router.get('/user', requireSignedIn, async (req, res) => {
    res.json(presentUser(await currentSession(req), new Date()));
  });

  router.put('/users/:id', requireSignedIn, async (req, res) => {
    const userId = parseId(req);
    // Own profile only (an admin may any): another user's id is 403 before the body is read.
    authorize(await currentSession(req), 'user.editProfile', { kind: 'profile', userId });
    const { user: input } = parseBody(UpdateUserSchema, req);
    if (input.device) assertOwnDevices(await currentSession(req), userId);
    const updated = await db.db.transaction((tx) => updateUser(tx, userId, input));
    // After commit, so no other request can cache the old row again.
    await sessions.invalidateUser(userId);
    res.json(presentUser(updated, new Date()));
  });

  // Issue 20 point 2: the admin console's list and actions (admin-*.ts).
  router.use(adminUsersRoutes(deps));
  return router;
}
