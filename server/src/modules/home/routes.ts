import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { MarkHomeReadSchema } from '@kiwi/shared/schemas/home';
import { type Request, Router } from 'express';
import { currentSession, firstMembership, requireSignedIn } from '../../auth/guards';
import { ApiError } from '../../jsonapi/errors';
import { parseBody } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { systemSettingsCache } from '../system-settings/cache';
import { presentHome } from './presenter';
import { type HomeViewer, homeSummary, markRead } from './service';

/** The home belongs to a membership: a user without one (a platform admin) has none (the portal sends them to /_admin). */
async function viewerOf(req: Request): Promise<HomeViewer> {
  const session = await currentSession(req);
  const membership = firstMembership(session);
  if (!membership) throw new ApiError(ErrorCode.authForbidden);
  return { session, membership, now: new Date() };
}

export function homeRoutes({ db, logger }: ModuleDependencies): Router {
  const router = Router();
  const settings = systemSettingsCache(db, logger);

  // Everything the member's home shows, in one answer (SPEC §2 home; issue 15: at most two round trips with /api/user).
  router.get('/home', requireSignedIn, async (req, res) => {
    const viewer = await viewerOf(req);
    // Issue 20: the admin's maintenance message (system settings, from the process's cache), shown above the cards.
    const values = await settings.values();
    const maintenance = { ja: values.maintenance_message_ja, en: values.maintenance_message_en };
    res.json(presentHome(await db.db.transaction((tx) => homeSummary(tx, viewer)), maintenance));
  });

  // Opening a news item or an app information on the home marks it read for the signed-in user (idempotent).
  router.put('/home/reads', requireSignedIn, async (req, res) => {
    const viewer = await viewerOf(req);
    const { content_read: input } = parseBody(MarkHomeReadSchema, req);
    await db.db.transaction((tx) => markRead(tx, viewer, input));
    res.status(204).end();
  });

  return router;
}
