import type { Caller } from '../../test/authorization';
import { ADMIN_ONLY, ACME_MANAGERS, ACME_MEMBERS, type Fixture, type MatrixModule } from '../../test/matrix';
import { buildOrganization } from '../../test/factories';

const runId = Math.random().toString(36).slice(2, 8);
const NOT_ARCHIVED = [409, 'adminOrganization.notArchived'] as const;

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
      route: 'PUT /api/organizations/:id',
      sample: 'seats below the members in use, confirmed (admin only)',
      params: async (_fixture, _caller, server) => ({ id: (await buildOrganization(server as never)).id }),
      body: {
        organization: { number_of_members: 0, plan: 'business', plan_started_at: '2026-04-01', plan_ended_at: '2027-03-31' },
        confirm_seats_below_members: true,
      },
      expect: ADMIN_ONLY,
    },
    {
      route: 'PUT /api/organizations/:id/archive',
      params: async (_fixture, _caller, server) => ({ id: (await buildOrganization(server as never)).id }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'PUT /api/organizations/:id/unarchive',
      params: async (_fixture, _caller, server) => ({ id: (await buildOrganization(server as never, { archived: true })).id }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'DELETE /api/organizations/:id',
      sample: 'an archived organisation, its identifier typed',
      // One archived organisation per caller, its identifier derived from the caller so the body can type it.
      params: async (_fixture, caller, server) => ({
        id: (await buildOrganization(server as never, { archived: true, identifier: `doomed-${caller.toLowerCase()}-${runId}` })).id,
      }),
      body: (_fixture: Fixture, caller: Caller) => ({
        organization: { identifier_confirmation: `doomed-${caller.toLowerCase()}-${runId}` },
      }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'DELETE /api/organizations/:id',
      sample: 'acme (not archived): refused to everyone, the admin with 409',
      params: ({ acme }) => ({ id: acme.id }),
      body: ({ acme }: Fixture) => ({ organization: { identifier_confirmation: acme.identifier } }),
      expect: { ...ADMIN_ONLY, admin: NOT_ARCHIVED },
    },
  ],
  setup: async (server) => server,
};
