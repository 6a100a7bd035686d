import { ADMIN_ONLY, type MatrixModule } from '../../test/matrix';
import { insertDraw, insertGift } from './test-support';

type World = { drawId: number };

export const matrix: MatrixModule<World> = {
  async setup(server, { acme, users }) {
    const gift = await insertGift(server.db.db);
    const draw = await insertDraw(server.db.db, {
      organizationId: acme.id,
      organizationMemberId: users.member.membership!.id,
      gift,
      randomValue: 0.1,
    });
    return { drawId: draw.id };
  },
  rows: [
    // The audit shows every organisation's members and outcomes: platform admins only (SPEC §6), managers included out.
    { route: 'GET /api/gacha_draws', expect: ADMIN_ONLY },
    { route: 'GET /api/gacha_draws.csv', expect: ADMIN_ONLY },
    { route: 'GET /api/gacha_draws/:id/verification', params: (_fixture, _caller, world) => ({ id: world.drawId }), expect: ADMIN_ONLY },
  ],
};
