import { CreateSystemSettingSchema, UpdateSystemSettingSchema } from '@kiwi/shared/schemas/system-settings';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { authorize, SYSTEM_SETTINGS } from '../../auth/authorize';
import { authenticate } from '../../auth/guards';
import { parseBody, parseId } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { systemSettingsCache } from './cache';
import { presentSystemSetting, presentSystemSettings } from './presenter';
import { createSystemSetting, listSystemSettings, updateSystemSetting } from './service';

/**
 * SPEC §7 GET, POST /system_settings and PUT /system_settings/{id}: platform admins only (§6). Members read the
 * settings they need through their feature's own call (GET /app_install), never this list. Keys and values follow the
 * registry (shared/src/domain/system-settings.ts); every write is logged and invalidates every process's cache.
 */
export function systemSettingsRoutes({ db, logger }: ModuleDependencies): Router {
  const router = Router();
  const cache = systemSettingsCache(db, logger);
  // Signed in (401 otherwise), then the policy: only an admin may (403 auth.forbidden).
  const admins: RequestHandler = async (req, _res, next) => {
    authorize(await authenticate(req), 'systemSettings.manage', SYSTEM_SETTINGS);
    next();
  };
  const actorOf = async (req: Request, route: string) => ({ session: await authenticate(req), method: req.method, route });
  // The NOTIFY reaches this process too, but the next read here must not wait for it.
  const written = (res: Response) => {
    cache.dropLocal();
    res.locals.staffActionRecorded = true;
  };

  router.get('/system_settings', admins, async (_req, res) => {
    res.json(presentSystemSettings(await db.db.transaction((tx) => listSystemSettings(tx))));
  });

  router.post('/system_settings', admins, async (req, res) => {
    const { system_setting: input } = parseBody(CreateSystemSettingSchema, req);
    const actor = await actorOf(req, '/api/system_settings');
    const row = await db.db.transaction((tx) => createSystemSetting(tx, input, actor));
    written(res);
    res.status(201).json(presentSystemSetting(row));
  });

  router.put('/system_settings/:id', admins, async (req, res) => {
    const id = parseId(req);
    const { system_setting: input } = parseBody(UpdateSystemSettingSchema, req);
    const actor = await actorOf(req, '/api/system_settings/:id');
    const row = await db.db.transaction((tx) => updateSystemSetting(tx, id, input, actor));
    written(res);
    res.json(presentSystemSetting(row));
  });

  return router;
}
