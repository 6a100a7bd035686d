import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { CreateNewsSchema, UpdateNewsSchema } from '@kiwi/shared/schemas/news';
import { Router } from 'express';
import { currentSession, firstMembership, requireOrganizationMember, requireSignedIn } from '../../auth/guards';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { markStaffActionRecorded, recordRowChange } from '../staff-actions/record';
import { presentNews, presentNewsList } from './presenter';
import { createNews, deleteNews, findNews, listNews, updateNews } from './service';

/** What the staff action log compares (issue 20 point 8). */
const LOGGED = ['title', 'body', 'publishedAt'] as const;

export function newsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  const managers = requireOrganizationMember();
  const ids = (req: Parameters<typeof parseId>[0]) => ({ organizationId: parseId(req, 'organizationId'), newsId: parseId(req, 'newsId') });

  // Members: the published news of their (first) organisation, newest first.
  router.get('/news', requireSignedIn, async (req, res) => {
    const { page, per } = parseQuery(PaginationSchema, req);
    const membership = firstMembership(await currentSession(req));
    const now = new Date();
    const { rows, total } = membership
      ? await db.db.transaction((tx) => listNews(tx, membership.organizationId, { page, per, publishedOnly: true, now }))
      : { rows: [], total: 0 };
    res.json(presentNewsList(rows, now, { page, per, total, url: req.originalUrl }));
  });

  router.get('/organizations/:organizationId/news', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { page, per } = parseQuery(PaginationSchema, req);
    const now = new Date();
    const { rows, total } = await db.db.transaction((tx) => listNews(tx, organizationId, { page, per, publishedOnly: false, now }));
    res.json(presentNewsList(rows, now, { page, per, total, url: req.originalUrl }));
  });

  router.post('/organizations/:organizationId/news', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { news: input } = parseBody(CreateNewsSchema, req);
    const now = new Date();
    const actor = await currentSession(req);
    const row = await db.db.transaction(async (tx) => {
      const created = await createNews(tx, organizationId, input, now);
      await recordRowChange(tx, req, { actor, organizationId, before: null, after: created, fields: LOGGED, targetType: 'news' });
      return created;
    });
    markStaffActionRecorded(res);
    res.status(201).json(presentNews(row, now));
  });

  router.get('/organizations/:organizationId/news/:newsId', managers, async (req, res) => {
    const { organizationId, newsId } = ids(req);
    res.json(presentNews(await db.db.transaction((tx) => findNews(tx, organizationId, newsId)), new Date()));
  });

  router.put('/organizations/:organizationId/news/:newsId', managers, async (req, res) => {
    const { organizationId, newsId } = ids(req);
    const { news: input } = parseBody(UpdateNewsSchema, req);
    const now = new Date();
    const actor = await currentSession(req);
    const row = await db.db.transaction(async (tx) => {
      const before = await findNews(tx, organizationId, newsId, { forUpdate: true });
      const after = await updateNews(tx, organizationId, newsId, input, now);
      await recordRowChange(tx, req, { actor, organizationId, before, after, fields: LOGGED });
      return after;
    });
    markStaffActionRecorded(res);
    res.json(presentNews(row, now));
  });

  router.delete('/organizations/:organizationId/news/:newsId', managers, async (req, res) => {
    const { organizationId, newsId } = ids(req);
    const actor = await currentSession(req);
    await db.db.transaction(async (tx) => {
      const before = await findNews(tx, organizationId, newsId, { forUpdate: true });
      await deleteNews(tx, organizationId, newsId);
      await recordRowChange(tx, req, { actor, organizationId, before, after: null, fields: LOGGED });
    });
    markStaffActionRecorded(res);
    res.status(204).end();
  });

  return router;
}
