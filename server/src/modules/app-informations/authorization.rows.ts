import { appInformations } from '../../db/schema/home';
import { ADMIN_ONLY, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

/** A scheduled app information per caller (a DELETE that succeeds really deletes it). */
async function freshScheduled(server: TestServer) {
  const [row] = await server.db.db
    .insert(appInformations)
    .values({ title: 'Matrix', body: 'Body', publishedAt: new Date(Date.now() + 24 * 3600 * 1000) })
    .returning({ id: appInformations.id });
  return { id: row!.id };
}

export const matrix: MatrixModule<TestServer> = {
  setup: async (server) => server,
  rows: [
    { route: 'GET /api/app_informations', expect: ADMIN_ONLY },
    {
      route: 'POST /api/app_informations',
      body: { app_information: { title: 'Hello', body: 'World', icon_name: 'info', published_at: '2030-01-01T09:00:00+09:00' } },
      expect: ADMIN_ONLY,
    },
    {
      route: 'PUT /api/app_informations/:id',
      params: (_fixture, _caller, server) => freshScheduled(server),
      body: { app_information: { title: 'Changed' } },
      expect: ADMIN_ONLY,
    },
    {
      route: 'DELETE /api/app_informations/:id',
      params: (_fixture, _caller, server) => freshScheduled(server),
      expect: ADMIN_ONLY,
    },
  ],
};
