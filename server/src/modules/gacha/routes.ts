import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { tokyoWeekStart } from '@kiwi/shared/domain/gacha-stock';
import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { GiftBudgetQuerySchema, IdempotencyKeySchema } from '@kiwi/shared/schemas/gacha';
import { GachaDrawSchema } from '@kiwi/shared/schemas/rewards';
import { type Request, Router } from 'express';
import { authorize, GIFT_BUDGETS } from '../../auth/authorize';
import { currentSession, firstMembership, requireAdmin, requireSignedIn, requireSignedInAnyMembershipState } from '../../auth/guards';
import type { Session } from '../../auth/session-cache';
import { ApiError, invalidParameter } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentBudgets, presentDraw, presentDream, presentRedemptions, presentWeekly } from './presenter';
import { budgetLines, budgetOrganizations } from './budget';
import { dreamView } from './dream';
import { memberRedemptions } from './records';
import { performDraw, performExchange } from './service';
import { weeklyView } from './weekly';
import { ensureWeeklyStock, ensureWeeklyStockOfMember } from './stock';

/** The caller's first membership (spec §5), which every gacha route acts for; an admin without one has none here. */
function playingMembership(session: Session) {
  const membership = firstMembership(session);
  if (!membership) throw new ApiError(ErrorCode.authForbidden);
  authorize(session, 'gacha.play', { kind: 'organization', id: membership.organizationId });
  return membership;
}

/** The optional Idempotency-Key header (bounded), or null. */
function requestKey(req: Request): string | null {
  const raw = req.get('idempotency-key');
  if (raw === undefined) return null;
  const parsed = IdempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw invalidParameter('Idempotency-Key');
  return parsed.data;
}

export function gachaRoutes({ db }: ModuleDependencies): Router {
  const router = Router();

  router.get('/gifts/weekly_gacha', requireSignedIn, async (req, res) => {
    const membership = playingMembership(await currentSession(req));
    const now = new Date();
    await db.db.transaction((tx) => ensureWeeklyStockOfMember(tx, membership.id, tokyoWeekStart(now)));
    const view = await db.db.transaction((tx) => weeklyView(tx, { memberId: membership.id, now }));
    res.json(presentWeekly(view));
  });

  router.get('/gifts/dream_gacha', requireSignedIn, async (req, res) => {
    const membership = playingMembership(await currentSession(req));
    const view = await db.db.transaction((tx) => dreamView(tx, { memberId: membership.id, now: new Date() }));
    res.json(presentDream(view));
  });

  // Pending and expired members reach these two and are answered gacha.notAllowed (SPEC §4), not a sign-in error.
  router.post('/gifts/:id/exchanges', requireSignedInAnyMembershipState, async (req, res) => {
    const membership = playingMembership(await currentSession(req));
    const giftId = parseId(req);
    const key = requestKey(req);
    const result = await performExchange(db, { memberId: membership.id, giftId, requestKey: key, now: new Date() });
    res.status(result.replay ? 200 : 201).json(presentRedemptions(result.redemption));
  });

  router.post('/gacha_draws', requireSignedInAnyMembershipState, async (req, res) => {
    const membership = playingMembership(await currentSession(req));
    const { gacha_draw: input } = parseBody(GachaDrawSchema, req);
    const key = requestKey(req);
    const result = await performDraw(db, input.gacha_type, { memberId: membership.id, requestKey: key, now: new Date() });
    res.status(result.replay ? 200 : 201).json(presentDraw(result));
  });

  router.get('/user/gift_redemptions', requireSignedIn, async (req, res) => {
    const membership = playingMembership(await currentSession(req));
    const { page, per } = parseQuery(PaginationSchema, req);
    const { items, total } = await db.db.transaction((tx) => memberRedemptions(tx, { memberId: membership.id, page, per }));
    res.json(presentRedemptions(items, { page, per, total }));
  });

  router.get('/gift_budgets', requireAdmin, async (req, res) => {
    authorize(await currentSession(req), 'giftBudgets.view', GIFT_BUDGETS);
    const query = parseQuery(GiftBudgetQuerySchema, req);
    const currentWeek = tokyoWeekStart(new Date());
    const weekStart = query.week ?? currentWeek;
    const result = await db.db.transaction(async (tx) => {
      const { items, total } = await budgetOrganizations(tx, { organizationId: query.organization_id, page: query.page, per: query.per });
      // This week's stock is made on first read, as for members (a past week keeps what it had).
      if (weekStart === currentWeek) for (const organization of items) await ensureWeeklyStock(tx, organization, weekStart);
      return { lines: await budgetLines(tx, items, weekStart), total };
    });
    res.json(presentBudgets(result.lines, { page: query.page, per: query.per, total: result.total }));
  });

  return router;
}
