import { CreateSystemSettingSchema, UpdateSystemSettingSchema } from '@kiwi/shared/schemas/system-settings';
import { type RequestHandler, Router } from 'express';
import { authorize, SYSTEM_SETTINGS } from '../../auth/authorize';
import { authenticate } from '../../auth/guards';
import { parseBody, parseId } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentSystemSetting, presentSystemSettings } from './presenter';
import { createSystemSetting, listSystemSettings, updateSystemSetting } from './service';

/**
 * SPEC §7 GET, POST /system_settings and PUT /system_settings/{id}: platform admins only (§6). Members read the
 * settings they need through their feature's own call (GET /app_install), never this list.
 */
export function systemSettingsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  // Signed in (401 otherwise), then the policy: only an admin may (403 auth.forbidden).
  const admins: RequestHandler = async (req, _res, next) => {
    authorize(await authenticate(req), 'systemSettings.manage', SYSTEM_SETTINGS);
    next();
  };

  router.get('/system_settings', admins, async (_req, res) => {
    res.json(presentSystemSettings(await db.db.transaction((tx) => listSystemSettings(tx))));
  });

  router.post('/system_settings', admins, async (req, res) => {
    const { system_setting: input } = parseBody(CreateSystemSettingSchema, req);
    res.status(201).json(presentSystemSetting(await db.db.transaction((tx) => createSystemSetting(tx, input))));
  });

  router.put('/system_settings/:id', admins, async (req, res) => {
    const id = parseId(req);
    const { system_setting: input } = parseBody(UpdateSystemSettingSchema, req);
    res.json(presentSystemSetting(await db.db.transaction((tx) => updateSystemSetting(tx, id, input))));
  });

  return router;
}
