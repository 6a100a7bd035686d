import { eq } from 'drizzle-orm';
import { systemSettings } from '../../db/schema/system-settings';
import { ADMIN_ONLY, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

type World = { googlePlayId: number };

export const matrix: MatrixModule<World> = {
  // The seeded google_play_url row (migration 0015): a PUT with its own value leaves the other rows' world as it was.
  setup: async (server: TestServer) => {
    const [row] = await server.db.db
      .select({ id: systemSettings.id })
      .from(systemSettings)
      .where(eq(systemSettings.key, 'google_play_url'));
    if (!row) throw new Error('the migration did not seed google_play_url');
    return { googlePlayId: row.id };
  },
  rows: [
    { route: 'GET /api/system_settings', expect: ADMIN_ONLY },
    {
      route: 'POST /api/system_settings',
      // A registry key no migration seeds: the one caller allowed (the admin) adds it.
      body: { system_setting: { key: 'maintenance_message_en', value: 'Maintenance tonight' } },
      expect: ADMIN_ONLY,
    },
    {
      route: 'PUT /api/system_settings/:id',
      params: (_fixture, _caller, { googlePlayId }) => ({ id: googlePlayId }),
      body: { system_setting: { value: 'https://play.google.com/store/apps/details?id=example.kiwi' } },
      expect: ADMIN_ONLY,
    },
  ],
};
