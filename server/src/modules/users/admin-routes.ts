// Issue 20 point 2: the admin console's users (docs/api.md "Users (platform admin)").
import { AdminUserListQuerySchema, UpdateUserRoleSchema, UpdateUserSignInSchema } from '@kiwi/shared/schemas/admin-users';
import { type Request, type Response, Router } from 'express';
import { authorize, PLATFORM_USERS } from '../../auth/authorize';
import { currentSession, requireAdmin } from '../../auth/guards';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentAdminUsers } from './admin-presenter';
import { listAdminUsers, mfaEnrolment } from './admin-queries';
import { changeUserRole, changeUserSignIn, resendUserInvitation, resetUserMfa } from './admin-service';

export function adminUsersRoutes({ db, identity, config, sessions, logger }: ModuleDependencies): Router {
  const router = Router();

  /** The admin, checked through authorize(), and what the staff action log needs of the request. */
  const staff = async (req: Request, route: string) => {
    const actor = await currentSession(req);
    authorize(actor, 'platformUsers.manage', PLATFORM_USERS);
    return { actor, method: req.method, route };
  };
  // The row is written by the route itself: the generic log middleware must not add a second one.
  const recorded = (res: Response) => {
    res.locals.staffActionRecorded = true;
  };

  router.get('/users', requireAdmin, async (req, res) => {
    authorize(await currentSession(req), 'platformUsers.manage', PLATFORM_USERS);
    const { page, per, q, sort } = parseQuery(AdminUserListQuerySchema, req);
    const filter = { keyword: q?.keyword, organizationId: q?.organization_id, role: q?.role, state: q?.state };
    const { rows, total } = await db.db.transaction((tx) => listAdminUsers(tx, { filter, sort, page, per, now: new Date() }));
    const mfa = await mfaEnrolment(
      identity,
      rows.map((row) => row.firebaseUid),
      logger,
    );
    const views = rows.map((row) => ({ ...row, mfaEnrolled: mfa.get(row.firebaseUid) ?? null }));
    res.json(presentAdminUsers(views, { page, per, total, url: req.originalUrl }));
  });

  router.put('/users/:id/role', requireAdmin, async (req, res) => {
    const log = await staff(req, '/api/users/:id/role');
    const userId = parseId(req);
    const { user } = parseBody(UpdateUserRoleSchema, req);
    await db.db.transaction((tx) => changeUserRole(tx, log, userId, user.role));
    recorded(res);
    // After commit: the user's rights change on their next request.
    await sessions.invalidateUser(userId);
    res.status(204).end();
  });

  router.put('/users/:id/sign_in', requireAdmin, async (req, res) => {
    const log = await staff(req, '/api/users/:id/sign_in');
    const userId = parseId(req);
    const { user } = parseBody(UpdateUserSignInSchema, req);
    await db.db.transaction((tx) => changeUserSignIn(tx, identity, log, userId, user.disabled, new Date()));
    recorded(res);
    // Every process drops the session (NOTIFY kiwi_cache): the user's next request, with any token, is refused.
    await sessions.invalidateUser(userId);
    res.status(204).end();
  });

  router.post('/users/:id/resend_invitation', requireAdmin, async (req, res) => {
    const log = await staff(req, '/api/users/:id/resend_invitation');
    const userId = parseId(req);
    await db.db.transaction((tx) => resendUserInvitation(tx, log, userId, { publicUrl: config.publicUrl, now: new Date() }));
    recorded(res);
    res.status(204).end();
  });

  router.delete('/users/:id/mfa', requireAdmin, async (req, res) => {
    const log = await staff(req, '/api/users/:id/mfa');
    const userId = parseId(req);
    await db.db.transaction((tx) => resetUserMfa(tx, identity, log, userId));
    recorded(res);
    res.status(204).end();
  });

  return router;
}
