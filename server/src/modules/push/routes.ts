import { DeviceParamsSchema } from '@kiwi/shared/schemas/push';
import { Router } from 'express';
import { currentSession, requireSignedIn } from '../../auth/guards';
import { parseId, parseParams } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { assertOwnDevices } from './access';
import { listDevices, removeDevice } from './devices';
import { presentDevices } from './presenter';

export function pushRoutes({ db }: ModuleDependencies): Router {
  const router = Router();

  // Where this user's push goes (the portal shows whether this browser is one); tokens are never shown.
  router.get('/users/:id/devices', requireSignedIn, async (req, res) => {
    const userId = parseId(req);
    assertOwnDevices(await currentSession(req), userId);
    res.json(presentDevices(await listDevices(db.db, userId)));
  });

  // Push turned off on this device: the device and its token are forgotten. Idempotent (204 whether it was there or not).
  router.delete('/users/:id/devices/:uuid', requireSignedIn, async (req, res) => {
    const userId = parseId(req);
    assertOwnDevices(await currentSession(req), userId);
    const { uuid } = parseParams(DeviceParamsSchema, req);
    await db.db.transaction((tx) => removeDevice(tx, userId, uuid));
    res.status(204).end();
  });

  return router;
}
