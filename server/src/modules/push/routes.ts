import { DeviceParamsSchema } from '@kiwi/shared/schemas/push';
import { Router } from 'express';
import { currentSession, requireSignedIn } from '../../auth/guards';
import { parseId, parseParams } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { assertOwnDevices } from './access';
import { removeDevice } from './devices';

export function pushRoutes({ db }: ModuleDependencies): Router {
  const router = Router();

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
