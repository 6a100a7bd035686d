import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { CreateGiftSchema, GiftCategorySchema, GiftListQuerySchema, UpdateGiftSchema } from '@kiwi/shared/schemas/rewards';
import { eq } from 'drizzle-orm';
import { type RequestHandler, Router } from 'express';
import { authorize, can, GIFT_CATALOGUE } from '../../auth/authorize';
import { authenticate, currentSession } from '../../auth/guards';
import { giftCategories, gifts } from '../../db/schema/rewards';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { markStaffActionRecorded, recordRowChange } from '../staff-actions/record';
import { presentGift, presentGiftCategories, presentGiftCategory, presentGifts } from './presenter';
import {
  createGift,
  createGiftCategory,
  deleteGiftCategory,
  listGiftCategories,
  listGifts,
  renameGiftCategory,
  updateGift,
} from './service';

/**
 * Issue 18 point 1, SPEC §7 gifts and gift categories: the platform's catalogue, written by admins only (§6). GET /gifts
 * answers an admin the whole catalogue and a member only what they can take now.
 */
/** What the staff action log compares (issue 20 point 8); a gift's giftee code is a voucher and is not logged. */
const GIFT_LOGGED = [
  'giftType',
  'categoryId',
  'name',
  'description',
  'thumbnailUrl',
  'needCoins',
  'price',
  'activeFrom',
  'activeTo',
  'disabled',
  'weeklyGachaCalculationType',
  'stock',
] as const;
const CATEGORY_LOGGED = ['name'] as const;

export function giftsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  // Signed in and active (401 / 403 otherwise), then the policy: only an admin (403 auth.forbidden).
  const admins: RequestHandler = async (req, _res, next) => {
    authorize(await authenticate(req), 'gifts.manage', GIFT_CATALOGUE);
    next();
  };

  router.get('/gift_categories', admins, async (req, res) => {
    const { page, per } = parseQuery(PaginationSchema, req);
    const { rows, total } = await db.db.transaction((tx) => listGiftCategories(tx, { page, per }));
    res.json(presentGiftCategories(rows, { page, per, total, url: req.originalUrl }));
  });

  router.post('/gift_categories', admins, async (req, res) => {
    const { gift_category: input } = parseBody(GiftCategorySchema, req);
    const actor = await currentSession(req);
    const category = await db.db.transaction(async (tx) => {
      const created = await createGiftCategory(tx, input);
      await recordRowChange(tx, req, {
        actor,
        organizationId: null,
        before: null,
        after: created,
        fields: CATEGORY_LOGGED,
        targetType: 'gift_categories',
      });
      return created;
    });
    markStaffActionRecorded(res);
    res.status(201).json(presentGiftCategory(category));
  });

  router.put('/gift_categories/:id', admins, async (req, res) => {
    const id = parseId(req);
    const { gift_category: input } = parseBody(GiftCategorySchema, req);
    const actor = await currentSession(req);
    const category = await db.db.transaction(async (tx) => {
      const [before] = await tx.select().from(giftCategories).where(eq(giftCategories.id, id)).for('update');
      const after = await renameGiftCategory(tx, id, input);
      await recordRowChange(tx, req, { actor, organizationId: null, before, after, fields: CATEGORY_LOGGED });
      return after;
    });
    markStaffActionRecorded(res);
    res.json(presentGiftCategory(category));
  });

  router.delete('/gift_categories/:id', admins, async (req, res) => {
    const id = parseId(req);
    const actor = await currentSession(req);
    await db.db.transaction(async (tx) => {
      const [before] = await tx.select().from(giftCategories).where(eq(giftCategories.id, id)).for('update');
      await deleteGiftCategory(tx, id);
      await recordRowChange(tx, req, { actor, organizationId: null, before, after: null, fields: CATEGORY_LOGGED });
    });
    markStaffActionRecorded(res);
    res.status(204).end();
  });

  router.get('/gifts', async (req, res) => {
    const session = await authenticate(req);
    const view = can(session, 'gifts.manage', GIFT_CATALOGUE) ? 'admin' : 'member';
    if (view === 'member') authorize(session, 'gifts.view', GIFT_CATALOGUE);
    const { page, per, gift_type, category_id, disabled, q } = parseQuery(GiftListQuerySchema, req);
    const filters = { giftType: gift_type, categoryId: category_id, disabled: disabled === undefined ? undefined : disabled === 'true', q };
    const { rows, total } = await db.db.transaction((tx) => listGifts(tx, view, filters, { page, per }, new Date()));
    res.json(presentGifts(rows, view, { page, per, total, url: req.originalUrl }));
  });

  router.post('/gifts', admins, async (req, res) => {
    const { gift: input } = parseBody(CreateGiftSchema, req);
    const actor = await currentSession(req);
    const gift = await db.db.transaction(async (tx) => {
      const created = await createGift(tx, input);
      await recordRowChange(tx, req, {
        actor,
        organizationId: null,
        before: null,
        after: created,
        fields: GIFT_LOGGED,
        targetType: 'gifts',
      });
      return created;
    });
    markStaffActionRecorded(res);
    res.status(201).json(presentGift(gift));
  });

  router.put('/gifts/:id', admins, async (req, res) => {
    const id = parseId(req);
    const { gift: input } = parseBody(UpdateGiftSchema, req);
    const actor = await currentSession(req);
    const gift = await db.db.transaction(async (tx) => {
      const [before] = await tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
      const after = await updateGift(tx, id, input);
      await recordRowChange(tx, req, { actor, organizationId: null, before, after, fields: GIFT_LOGGED });
      return after;
    });
    markStaffActionRecorded(res);
    res.json(presentGift(gift));
  });

  return router;
}
