import { Router } from 'express';
import { currentSession, requireSignedIn } from '../../auth/guards';
import type { ModuleDependencies } from '../deps';
import { presentAppInstall } from './presenter';
import { readAppInstall } from './service';

/** GET /api/app_install: the /app_install page in one call (store links and the caller's own install state). */
export function appInstallRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  router.get('/app_install', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    res.json(presentAppInstall(await db.db.transaction((tx) => readAppInstall(tx, session))));
  });
  return router;
}
