import { FORBIDDEN, UNAUTHENTICATED } from '../../test/authorization';
import { ADMIN_ONLY, ANY_ACTIVE_USER, type MatrixModule, OWN_THINGS } from '../../test/matrix';
import { gifts } from '../../db/schema/rewards';
import { awardActivityCoins } from '../coins/ledger';

type World = { exchangeGiftId: number };

/** A member acts in their own organisation with their own coins; a pending member is told gacha.notAllowed (SPEC §4). */
const PLAYERS = { ...ANY_ACTIVE_USER, admin: FORBIDDEN, inactiveMember: [403, 'gacha.notAllowed'] as const, anonymous: UNAUTHENTICATED };

export const matrix: MatrixModule<World> = {
  async setup(server, { users }) {
    const [exchange] = await server.db.db
      .insert(gifts)
      .values([
        { giftType: 'coin_exchange', name: 'Matrix coffee', needCoins: 1, price: 100, stock: null },
        { giftType: 'dream_gacha', name: 'Matrix trip', needCoins: 0, price: 10_000, stock: 5 },
        { giftType: 'weekly_gacha', name: 'Matrix sticker', needCoins: 0, price: 10, weeklyGachaCalculationType: 'bronze' },
      ])
      .returning({ id: gifts.id });
    await server.db.db.transaction(async (tx) => {
      for (const caller of ['member', 'manager', 'otherOrganization'] as const) {
        await awardActivityCoins(tx, { organizationMemberId: users[caller].membership!.id, amount: 1000, day: '2020-02-02' });
      }
    });
    return { exchangeGiftId: exchange!.id };
  },
  rows: [
    // A platform admin without a membership has no organisation to draw in.
    { route: 'GET /api/gifts/weekly_gacha', expect: { ...ANY_ACTIVE_USER, admin: FORBIDDEN } },
    { route: 'GET /api/gifts/dream_gacha', expect: { ...ANY_ACTIVE_USER, admin: FORBIDDEN } },
    {
      route: 'POST /api/gifts/:id/exchanges',
      params: (_fixture, _caller, world) => ({ id: world.exchangeGiftId }),
      expect: PLAYERS,
      openTo: OWN_THINGS,
    },
    {
      route: 'POST /api/gacha_draws',
      body: { gacha_draw: { gacha_type: 'dream_gacha' } },
      expect: PLAYERS,
      openTo: OWN_THINGS,
    },
    { route: 'GET /api/user/gift_redemptions', expect: { ...ANY_ACTIVE_USER, admin: FORBIDDEN } },
    { route: 'GET /api/gift_budgets', expect: ADMIN_ONLY },
  ],
};
