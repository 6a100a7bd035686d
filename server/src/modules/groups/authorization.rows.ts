import { groups } from '../../db/schema/groups';
import { ACME_MANAGERS, type Fixture, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

async function freshGroup(server: TestServer, { acme }: Fixture) {
  const [group] = await server.db.db.insert(groups).values({ organizationId: acme.id, name: 'Matrix group' }).returning();
  return { organizationId: acme.id, groupId: group!.id };
}

export const matrix: MatrixModule<TestServer> = {
  setup: async (server) => server,
  rows: [
    { route: 'GET /api/organizations/:organizationId/groups', params: ({ acme }) => ({ organizationId: acme.id }), expect: ACME_MANAGERS },
    {
      route: 'POST /api/organizations/:organizationId/groups',
      params: ({ acme }) => ({ organizationId: acme.id }),
      body: { group: { name: 'New' } },
      expect: ACME_MANAGERS,
    },
    {
      route: 'GET /api/organizations/:organizationId/groups/:groupId',
      params: (fixture, _caller, server) => freshGroup(server, fixture),
      expect: ACME_MANAGERS,
    },
    {
      route: 'PUT /api/organizations/:organizationId/groups/:groupId',
      params: (fixture, _caller, server) => freshGroup(server, fixture),
      body: { group: { name: 'Renamed' } },
      expect: ACME_MANAGERS,
    },
    {
      route: 'DELETE /api/organizations/:organizationId/groups/:groupId',
      params: (fixture, _caller, server) => freshGroup(server, fixture),
      expect: ACME_MANAGERS,
    },
  ],
};
