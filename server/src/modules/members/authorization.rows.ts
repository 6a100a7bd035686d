import { eq } from 'drizzle-orm';
import { organizations } from '../../db/schema/organizations';
import { ACME_MANAGERS, acmeOrganization, ACME_MEMBERS, type Fixture, type MatrixModule } from '../../test/matrix';
import { buildUser } from '../../test/factories';
import type { Caller } from '../../test/authorization';
import type { TestServer } from '../../test/server';

// csv_import takes multipart/form-data, which the matrix cannot send: a JSON body reaches the handler without a file,
// so a caller the guard lets through gets csv.empty (422) instead of 2xx.
const PASSED_GUARD = [422, 'csv.empty'] as const;

const freshMember = async (server: TestServer, { acme }: Fixture) => ({
  organizationId: acme.id,
  memberId: (await buildUser(server, { organization: acme })).membership!.id,
});

export const matrix: MatrixModule<TestServer> = {
  // The invitation row adds a member per caller: no seat limit gets in the way of what this table checks.
  setup: async (server, { acme }) => {
    await server.db.db.update(organizations).set({ numberOfMembers: null }).where(eq(organizations.id, acme.id));
    return server;
  },
  rows: [
    { route: 'GET /api/organizations/:organizationId/members', params: acmeOrganization, expect: ACME_MEMBERS },
    {
      route: 'POST /api/organizations/:organizationId/members',
      params: acmeOrganization,
      body: (_fixture: Fixture, caller: Caller) => ({ organization_member: { email: `matrix-${caller}-${Date.now()}@example.com` } }),
      expect: ACME_MANAGERS,
    },
    {
      route: 'GET /api/organizations/:organizationId/members/:memberId',
      params: ({ acme, bystander }) => ({ organizationId: acme.id, memberId: bystander.membership!.id }),
      expect: ACME_MANAGERS,
    },
    {
      route: 'PUT /api/organizations/:organizationId/members/:memberId',
      params: ({ acme, bystander }) => ({ organizationId: acme.id, memberId: bystander.membership!.id }),
      body: { organization_member: { occupations: ['matrix'] } },
      expect: ACME_MANAGERS,
    },
    {
      route: 'DELETE /api/organizations/:organizationId/members/:memberId',
      params: (fixture, _caller, server) => freshMember(server, fixture),
      expect: ACME_MANAGERS,
    },
    {
      route: 'POST /api/organizations/:organizationId/members/csv_import',
      params: acmeOrganization,
      body: {},
      expect: { ...ACME_MANAGERS, manager: PASSED_GUARD, admin: PASSED_GUARD },
    },
    {
      route: 'POST /api/users/:id/mfa_reset',
      params: ({ bystander }) => ({ id: bystander.user.id }),
      expect: ACME_MANAGERS,
    },
  ],
};
