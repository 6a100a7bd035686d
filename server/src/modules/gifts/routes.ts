import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { CreateGiftSchema, GiftCategorySchema, GiftListQuerySchema, UpdateGiftSchema } from '@kiwi/shared/schemas/rewards';
import { type RequestHandler, Router } from 'express';
import { authorize, can, GIFT_CATALOGUE } from '../../auth/authorize';
import { authenticate } from '../../auth/guards';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
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
    res.status(201).json(presentGiftCategory(await db.db.transaction((tx) => createGiftCategory(tx, input))));
  });

  router.put('/gift_categories/:id', admins, async (req, res) => {
    const id = parseId(req);
    const { gift_category: input } = parseBody(GiftCategorySchema, req);
    res.json(presentGiftCategory(await db.db.transaction((tx) => renameGiftCategory(tx, id, input))));
  });

  router.delete('/gift_categories/:id', admins, async (req, res) => {
    const id = parseId(req);
    await db.db.transaction((tx) => deleteGiftCategory(tx, id));
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
    res.status(201).json(presentGift(await db.db.transaction((tx) => createGift(tx, input))));
  });

  router.put('/gifts/:id', admins, async (req, res) => {
    const id = parseId(req);
    const { gift: input } = parseBody(UpdateGiftSchema, req);
    res.json(presentGift(await db.db.transaction((tx) => updateGift(tx, id, input))));
  });

  return router;
}
