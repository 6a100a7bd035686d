import { news } from '../../db/schema/news';
import type { Caller } from '../../test/authorization';
import { ANY_ACTIVE_USER, type Fixture, managersRow, type MatrixModule, row } from '../../test/matrix';
import type { TestServer } from '../../test/server';

async function freshNews({ acme }: Fixture, _caller: Caller, server: TestServer) {
  const [item] = await server.db.db
    .insert(news)
    .values({ organizationId: acme.id, title: 'Matrix', body: 'Body', publishedAt: new Date(Date.now() + 24 * 3600 * 1000) })
    .returning();
  return { organizationId: acme.id, newsId: item!.id };
}
const body = { news: { title: 'Hello', body: 'World', published_at: '2030-01-01T09:00:00+09:00' } };

export const matrix: MatrixModule<TestServer> = {
  setup: async (server) => server,
  rows: [
    row('GET /api/news', ANY_ACTIVE_USER),
    managersRow('GET /api/organizations/:organizationId/news'),
    managersRow('POST /api/organizations/:organizationId/news', { body }),
    managersRow('GET /api/organizations/:organizationId/news/:newsId', { params: freshNews }),
    managersRow('PUT /api/organizations/:organizationId/news/:newsId', { params: freshNews, body: { news: { title: 'Changed' } } }),
    managersRow('DELETE /api/organizations/:organizationId/news/:newsId', { params: freshNews }),
  ],
};
