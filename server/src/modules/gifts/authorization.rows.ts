// Issue 18 point 1: the catalogue is the platform's, written by admins only (SPEC §6); GET /gifts answers every active
// member (their view: what they can take now), another organisation's manager included.
import { giftCategories, gifts } from '../../db/schema/rewards';
import type { Caller } from '../../test/authorization';
import { ADMIN_ONLY, ANY_ACTIVE_USER, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

const newCategory = async (server: TestServer, name: string) => {
  const [row] = await server.db.db.insert(giftCategories).values({ name }).returning();
  return row!.id;
};

type World = { server: TestServer; categoryId: number; giftId: number };

const giftBody = (_fixture: unknown, caller: Caller) => ({
  gift: { gift_type: 'coin_exchange', name: `Matrix gift ${caller}`, need_coins: 100, price: 500, stock: 3 },
});

export const matrix: MatrixModule<World> = {
  setup: async (server) => {
    const categoryId = await newCategory(server, 'Matrix category');
    const [gift] = await server.db.db
      .insert(gifts)
      .values({ giftType: 'coin_exchange', name: 'Matrix gift', needCoins: 10, categoryId })
      .returning();
    return { server, categoryId, giftId: gift!.id };
  },
  rows: [
    { route: 'GET /api/gift_categories', expect: ADMIN_ONLY },
    {
      route: 'POST /api/gift_categories',
      body: (_fixture: unknown, caller: Caller) => ({ gift_category: { name: `Matrix ${caller}` } }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'PUT /api/gift_categories/:id',
      params: (_fixture, _caller, { categoryId }) => ({ id: categoryId }),
      body: { gift_category: { name: 'Matrix category' } },
      expect: ADMIN_ONLY,
    },
    {
      route: 'DELETE /api/gift_categories/:id',
      // An unused category per caller: the one an admin deletes is not there for the next caller.
      params: async (_fixture, caller, { server }) => ({ id: await newCategory(server, `Matrix unused ${caller}`) }),
      expect: ADMIN_ONLY,
    },
    { route: 'GET /api/gifts', expect: ANY_ACTIVE_USER },
    { route: 'POST /api/gifts', body: giftBody, expect: ADMIN_ONLY },
    {
      route: 'PUT /api/gifts/:id',
      params: (_fixture, _caller, { giftId }) => ({ id: giftId }),
      body: { gift: { name: 'Matrix gift', need_coins: 20 } },
      expect: ADMIN_ONLY,
    },
  ],
};
