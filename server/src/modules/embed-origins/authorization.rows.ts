import { embedOrigins } from '../../db/schema/embed-origins';
import type { Caller } from '../../test/authorization';
import { ACME_MANAGERS, acmeOrganization, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

type World = { server: TestServer };

export const matrix: MatrixModule<World> = {
  setup: async (server) => ({ server }),
  rows: [
    { route: 'GET /api/organizations/:organizationId/embed_origins', params: acmeOrganization, expect: ACME_MANAGERS },
    {
      route: 'PUT /api/organizations/:organizationId/embed_origins',
      params: acmeOrganization,
      body: { embed_origins: ['https://intranet.matrix.example', 'http://localhost:8081'] },
      expect: ACME_MANAGERS,
    },
    {
      route: 'POST /api/organizations/:organizationId/embed_origins',
      params: acmeOrganization,
      // A new origin per caller, so that each one allowed adds a row rather than finding it there.
      body: (_fixture: unknown, caller: Caller) => ({ embed_origin: `https://${caller.toLowerCase()}.matrix.example` }),
      expect: ACME_MANAGERS,
    },
    {
      route: 'DELETE /api/organizations/:organizationId/embed_origins/:embedOriginId',
      // An origin of acme's per caller: the first caller's success must leave one for the next.
      params: async (fixture, caller, { server }) => {
        const origin = `https://delete-${caller.toLowerCase()}.matrix.example`;
        const [row] = await server.db.db
          .insert(embedOrigins)
          .values({ organizationId: fixture.acme.id, origin })
          .onConflictDoUpdate({ target: [embedOrigins.organizationId, embedOrigins.origin], set: { origin } })
          .returning({ id: embedOrigins.id });
        return { organizationId: fixture.acme.id, embedOriginId: row!.id };
      },
      expect: ACME_MANAGERS,
    },
  ],
};
