import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { CreateExportSchema } from '@kiwi/shared/schemas/exports';
import { type RequestHandler, Router } from 'express';
import { authorize, EXPORTS } from '../../auth/authorize';
import { authenticate } from '../../auth/guards';
import { requestLanguage } from '../../http/i18n';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentExport, presentExports } from './presenter';
import { createExport, exportFile, getExport, listExports } from './service';

/**
 * Issue 20 point 7, SPEC §6 "admin only: score and return-amount exports": POST /exports queues one (the export
 * worker writes it in the background), GET /exports is the download list with progress, GET /exports/{id} one of them,
 * GET /exports/{id}/download the file with the admin's bearer token (no signed link: a copied URL alone gets nothing).
 */
export function exportsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  const admins: RequestHandler = async (req, _res, next) => {
    authorize(await authenticate(req), 'exports.manage', EXPORTS);
    next();
  };

  router.post('/exports', admins, async (req, res) => {
    const actor = await authenticate(req);
    const { export: input } = parseBody(CreateExportSchema, req);
    const created = await db.db.transaction((tx) => createExport(tx, actor, input, requestLanguage(req), '/api/exports'));
    res.locals.staffActionRecorded = true;
    res.status(201).json(presentExport(created));
  });

  router.get('/exports', admins, async (req, res) => {
    const pagination = parseQuery(PaginationSchema, req);
    const { items, total } = await listExports(db.db, pagination);
    res.json(presentExports(items, { ...pagination, total }));
  });

  router.get('/exports/:id', admins, async (req, res) => {
    res.json(presentExport(await getExport(db.db, parseId(req))));
  });

  router.get('/exports/:id/download', admins, async (req, res) => {
    const file = await exportFile(db.db, parseId(req));
    // attachment() writes Content-Disposition with an ASCII `filename` and the RFC 5987 `filename*` (UTF-8).
    res
      .attachment(file.fileName ?? 'export.csv')
      .set('Content-Type', `text/csv; charset=${file.encoding === 'shift_jis' ? 'shift_jis' : 'utf-8'}`)
      .set('Cache-Control', 'no-store')
      .send(file.content);
  });

  return router;
}
