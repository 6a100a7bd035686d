import { once } from 'node:events';
import { CSV_BOM, csvLine } from '@kiwi/shared/domain/csv';
import { addDays, tokyoDay } from '@kiwi/shared/domain/walking-event';
import { GACHA_DRAW_MAX_RANGE_DAYS, type GachaDrawListQuery, GachaDrawListQuerySchema } from '@kiwi/shared/schemas/gift-audit';
import { Router } from 'express';
import { GACHA_DRAWS, authorize } from '../../auth/authorize';
import { currentSession, requireAdmin } from '../../auth/guards';
import { requestLanguage, translatorFor } from '../../http/i18n';
import { notFound } from '../../jsonapi/errors';
import { parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { csvHeader, csvRow, presentAuditDraws, presentVerification } from './presenter';
import { type DrawFilters, drawBatches, findDraw, listDraws } from './service';

const filtersOf = (query: GachaDrawListQuery): DrawFilters => ({
  ...(query.organization_id === undefined ? {} : { organizationId: query.organization_id }),
  ...(query.gacha_type ? { gachaType: query.gacha_type } : {}),
  ...(query.from ? { from: query.from } : {}),
  ...(query.to ? { to: query.to } : {}),
});

/**
 * The CSV walks at most GACHA_DRAW_MAX_RANGE_DAYS Tokyo days: an open end is filled in (to = today, from = to minus a
 * year less a day), so a download never reads the whole history.
 */
export function boundedRange(query: Pick<GachaDrawListQuery, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const span = GACHA_DRAW_MAX_RANGE_DAYS - 1;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: addDays(query.from, span) };
  const to = query.to ?? tokyoDay(now);
  return { from: addDays(to, -span), to };
}

export function giftAuditRoutes({ db, logger }: ModuleDependencies): Router {
  const router = Router();

  // The audit (issue 18 point 4): every draw with its random value, odds table and outcome. Platform admin only.
  router.get('/gacha_draws', requireAdmin, async (req, res) => {
    authorize(await currentSession(req), 'gachaDraws.audit', GACHA_DRAWS);
    const query = parseQuery(GachaDrawListQuerySchema, req);
    const { items, total } = await listDraws(db.db, filtersOf(query), query);
    res.json(presentAuditDraws(items, { page: query.page, per: query.per, total, url: req.originalUrl }));
  });

  // The same filters as a UTF-8 CSV with a BOM, streamed a batch at a time (the socket's backpressure is respected).
  router.get('/gacha_draws.csv', requireAdmin, async (req, res) => {
    authorize(await currentSession(req), 'gachaDraws.audit', GACHA_DRAWS);
    const query = parseQuery(GachaDrawListQuerySchema, req);
    const range = boundedRange(query, new Date());
    const t = translatorFor(requestLanguage(req));
    res
      .attachment(`gacha-draws-${range.from}-${range.to}.csv`)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Cache-Control', 'no-store');
    // A full socket buffer waits for 'drain', or for 'close' when the client gives up.
    const write = async (chunk: string) => {
      if (res.write(chunk)) return;
      const abort = new AbortController();
      await Promise.race([once(res, 'drain', { signal: abort.signal }), once(res, 'close', { signal: abort.signal })]).catch(() => {});
      abort.abort();
    };
    try {
      await write(CSV_BOM + csvLine(csvHeader(t)));
      for await (const batch of drawBatches(db.db, { ...filtersOf(query), ...range })) {
        if (res.destroyed) return;
        await write(batch.map((draw) => csvLine(csvRow(draw, t))).join(''));
      }
      res.end();
    } catch (error) {
      // Headers are gone: a truncated download must not look complete, so the connection is cut.
      logger.error({ err: error }, 'gacha draws CSV failed');
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });

  // One draw's outcome recomputed from its stored random value and odds table with the pick() the draw used.
  router.get('/gacha_draws/:id/verification', requireAdmin, async (req, res) => {
    authorize(await currentSession(req), 'gachaDraws.audit', GACHA_DRAWS);
    const draw = await findDraw(db.db, parseId(req));
    if (!draw) throw notFound();
    res.json(presentVerification(draw));
  });

  return router;
}
