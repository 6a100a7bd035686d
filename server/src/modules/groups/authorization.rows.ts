import { groups } from '../../db/schema/groups';
import type { Caller } from '../../test/authorization';
import { type Fixture, managersRow, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

async function freshGroup({ acme }: Fixture, _caller: Caller, server: TestServer) {
  const [group] = await server.db.db.insert(groups).values({ organizationId: acme.id, name: 'Matrix group' }).returning();
  return { organizationId: acme.id, groupId: group!.id };
}

export const matrix: MatrixModule<TestServer> = {
  setup: async (server) => server,
  rows: [
    managersRow('GET /api/organizations/:organizationId/groups'),
    managersRow('POST /api/organizations/:organizationId/groups', { body: { group: { name: 'New' } } }),
    managersRow('GET /api/organizations/:organizationId/groups/:groupId', { params: freshGroup }),
    managersRow('PUT /api/organizations/:organizationId/groups/:groupId', { params: freshGroup, body: { group: { name: 'Renamed' } } }),
    managersRow('DELETE /api/organizations/:organizationId/groups/:groupId', { params: freshGroup }),
  ],
};
