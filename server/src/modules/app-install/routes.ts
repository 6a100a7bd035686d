import { Router } from 'express';
import { currentSession, requireSignedIn } from '../../auth/guards';
import type { ModuleDependencies } from '../deps';
import { systemSettingsCache } from '../system-settings/cache';
import { presentAppInstall } from './presenter';
import { readAppInstall } from './service';

/** GET /api/app_install: the /app_install page in one call (store links and the caller's own install state). */
export function appInstallRoutes({ db, logger }: ModuleDependencies): Router {
  const router = Router();
  const settings = systemSettingsCache(db, logger);
  router.get('/app_install', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const values = await settings.values();
    res.json(presentAppInstall(await db.db.transaction((tx) => readAppInstall(tx, session, values))));
  });
  return router;
}
