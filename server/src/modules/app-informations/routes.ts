import { CreateAppInformationSchema, UpdateAppInformationSchema } from '@kiwi/shared/schemas/app-informations';
import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { type Request, type RequestHandler, Router } from 'express';
import { APP_INFORMATIONS, authorize } from '../../auth/authorize';
import { authenticate } from '../../auth/guards';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentAppInformation, presentAppInformations } from './presenter';
import { createAppInformation, deleteAppInformation, listAppInformations, updateAppInformation } from './service';

/**
 * Issue 20 point 5, SPEC §7 GET, POST /app_informations and PUT, DELETE /app_informations/{id}: platform admins only
 * (§6). Members read the published ones on their home (GET /home). Every write is logged with its before/after.
 */
export function appInformationsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  const admins: RequestHandler = async (req, _res, next) => {
    authorize(await authenticate(req), 'appInformations.manage', APP_INFORMATIONS);
    next();
  };
  const actorOf = async (req: Request, route: string) => ({ session: await authenticate(req), method: req.method, route });

  router.get('/app_informations', admins, async (req, res) => {
    const { page, per } = parseQuery(PaginationSchema, req);
    const { rows, total } = await db.db.transaction((tx) => listAppInformations(tx, { page, per }));
    res.json(presentAppInformations(rows, new Date(), { page, per, total, url: req.originalUrl }));
  });

  router.post('/app_informations', admins, async (req, res) => {
    const { app_information: input } = parseBody(CreateAppInformationSchema, req);
    const actor = await actorOf(req, '/api/app_informations');
    const now = new Date();
    const row = await db.db.transaction((tx) => createAppInformation(tx, input, now, actor));
    res.locals.staffActionRecorded = true;
    res.status(201).json(presentAppInformation(row, now));
  });

  router.put('/app_informations/:id', admins, async (req, res) => {
    const id = parseId(req);
    const { app_information: input } = parseBody(UpdateAppInformationSchema, req);
    const actor = await actorOf(req, '/api/app_informations/:id');
    const now = new Date();
    const row = await db.db.transaction((tx) => updateAppInformation(tx, id, input, now, actor));
    res.locals.staffActionRecorded = true;
    res.json(presentAppInformation(row, now));
  });

  // 204 either way: a scheduled one is gone, a published one is unpublished (SPEC §4).
  router.delete('/app_informations/:id', admins, async (req, res) => {
    const id = parseId(req);
    const actor = await actorOf(req, '/api/app_informations/:id');
    await db.db.transaction((tx) => deleteAppInformation(tx, id, new Date(), actor));
    res.locals.staffActionRecorded = true;
    res.status(204).end();
  });

  return router;
}
