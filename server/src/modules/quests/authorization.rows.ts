import { FORBIDDEN } from '../../test/authorization';
import { ADMIN_ONLY, ANY_ACTIVE_USER, type MatrixModule } from '../../test/matrix';
import { quests } from '../../db/schema/quests';

type World = { questId: number };

const questBody = {
  quest: { title: 'Walk {goalValue} steps (matrix)', period_type: 'daily', goal_type: 'step', goal_value: 8_000, disabled: true },
};

export const matrix: MatrixModule<World> = {
  async setup(server) {
    const [row] = await server.db.db
      .insert(quests)
      .values({ title: 'Matrix quest', periodType: 'daily', goalType: 'step', goalValue: 5_000, disabled: true })
      .returning({ id: quests.id });
    return { questId: row!.id };
  },
  rows: [
    // SPEC §6: quests are the platform admin's.
    { route: 'GET /api/quests', expect: ADMIN_ONLY },
    { route: 'POST /api/quests', body: questBody, expect: ADMIN_ONLY },
    {
      route: 'PUT /api/quests/:id',
      params: (_f, _c, { questId }) => ({ id: questId }),
      body: { quest: { title: 'Renamed by the matrix' } },
      expect: ADMIN_ONLY,
    },
    // A member's own quests (first membership); an admin without a membership has none.
    { route: 'GET /api/user/quests', expect: { ...ANY_ACTIVE_USER, admin: FORBIDDEN } },
  ],
};
