import { news } from '../../db/schema/news';
import { ACME_MANAGERS, ANY_ACTIVE_USER, type Fixture, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

async function freshNews(server: TestServer, { acme }: Fixture) {
  const [row] = await server.db.db
    .insert(news)
    .values({ organizationId: acme.id, title: 'Matrix', body: 'Body', publishedAt: new Date(Date.now() + 24 * 3600 * 1000) })
    .returning();
  return { organizationId: acme.id, newsId: row!.id };
}
const body = { news: { title: 'Hello', body: 'World', published_at: '2030-01-01T09:00:00+09:00' } };

export const matrix: MatrixModule<TestServer> = {
  setup: async (server) => server,
  rows: [
    { route: 'GET /api/news', expect: ANY_ACTIVE_USER },
    { route: 'GET /api/organizations/:organizationId/news', params: ({ acme }) => ({ organizationId: acme.id }), expect: ACME_MANAGERS },
    {
      route: 'POST /api/organizations/:organizationId/news',
      params: ({ acme }) => ({ organizationId: acme.id }),
      body,
      expect: ACME_MANAGERS,
    },
    {
      route: 'GET /api/organizations/:organizationId/news/:newsId',
      params: (fixture, _caller, server) => freshNews(server, fixture),
      expect: ACME_MANAGERS,
    },
    {
      route: 'PUT /api/organizations/:organizationId/news/:newsId',
      params: (fixture, _caller, server) => freshNews(server, fixture),
      body: { news: { title: 'Changed' } },
      expect: ACME_MANAGERS,
    },
    {
      route: 'DELETE /api/organizations/:organizationId/news/:newsId',
      params: (fixture, _caller, server) => freshNews(server, fixture),
      expect: ACME_MANAGERS,
    },
  ],
};
