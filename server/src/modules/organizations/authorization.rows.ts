import { ADMIN_ONLY, ACME_MANAGERS, ACME_MEMBERS, type MatrixModule } from '../../test/matrix';
import { buildOrganization } from '../../test/factories';

export const matrix: MatrixModule = {
  rows: [
    { route: 'GET /api/organizations', expect: ADMIN_ONLY },
    {
      route: 'POST /api/organizations',
      body: () => ({ organization: { name: 'Matrix Org', identifier: `matrix-${Math.random().toString(36).slice(2, 10)}` } }),
      expect: ADMIN_ONLY,
    },
    { route: 'GET /api/organizations/:id', sample: 'numeric id', params: ({ acme }) => ({ id: acme.id }), expect: ACME_MEMBERS },
    {
      route: 'GET /api/organizations/:id',
      sample: 'route identifier',
      params: ({ acme }) => ({ id: acme.identifier }),
      expect: ACME_MEMBERS,
    },
    {
      route: 'PUT /api/organizations/:id',
      sample: 'a field managers may change',
      params: ({ acme }) => ({ id: acme.id }),
      body: { organization: { distribution_graph_group_filter: 'or' } },
      expect: ACME_MANAGERS,
    },
    {
      route: 'PUT /api/organizations/:id',
      sample: 'the contract (admin only)',
      params: ({ acme }) => ({ id: acme.id }),
      body: { organization: { number_of_members: 100 } },
      expect: ADMIN_ONLY,
    },
    {
      route: 'PUT /api/organizations/:id/archive',
      params: async (_fixture, _caller, server) => ({ id: (await buildOrganization(server as never)).id }),
      expect: ADMIN_ONLY,
    },
  ],
  setup: async (server) => server,
};
