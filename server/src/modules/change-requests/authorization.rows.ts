// Issue 20 point 4. Managers ask for their own organisation and withdraw its pending requests; the platform admin lists
// every organisation's and decides. Another organisation's request does not exist for the caller (404).
import { and, eq } from 'drizzle-orm';
import { organizationChangeRequests } from '../../db/schema/admin-console';
import { type Caller, FORBIDDEN, INACTIVE, OK, UNAUTHENTICATED } from '../../test/authorization';
import { ADMIN_ONLY, ANY_ACTIVE_USER, type Fixture, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

type World = { server: TestServer };

/** A pending request of acme written straight to the table (the route allows one pending at a time; rows need one each). */
async function pendingRequest(world: World, fixture: Fixture) {
  const [row] = await world.server.db.db
    .insert(organizationChangeRequests)
    .values({
      organizationId: fixture.acme.id,
      requestedByUserId: fixture.users.manager.user.id,
      requestedNumberOfMembers: 500,
      reason: 'Matrix',
    })
    .returning();
  return { id: row!.id };
}

const NOT_FOUND = [404, 'resource.notFound'] as const;

export const matrix: MatrixModule<World> = {
  setup: async (server) => ({ server }),
  rows: [
    // globex's manager reads globex's own (empty) list.
    { route: 'GET /api/organization_change_requests', expect: { ...ANY_ACTIVE_USER, member: FORBIDDEN } },
    {
      route: 'POST /api/organization_change_requests',
      body: async (fixture: Fixture, caller: Caller, world: World) => {
        // One pending request per organisation: clear the earlier rows' so only rights decide.
        await world.server.db.db
          .update(organizationChangeRequests)
          .set({ status: 'withdrawn' })
          .where(and(eq(organizationChangeRequests.organizationId, fixture.acme.id), eq(organizationChangeRequests.status, 'pending')));
        return {
          organization_change_request: { organization_id: fixture.acme.id, number_of_members: 400 + caller.length, reason: 'Growing' },
        };
      },
      // The admin changes an organisation directly; only its manager asks.
      expect: { ...ANY_ACTIVE_USER, otherOrganization: FORBIDDEN, member: FORBIDDEN, admin: FORBIDDEN },
    },
    {
      route: 'PUT /api/organization_change_requests/:id',
      params: (fixture, _caller, world) => pendingRequest(world, fixture),
      body: { organization_change_request: { status: 'rejected', decision_note: 'Not now' } },
      expect: ADMIN_ONLY,
    },
    {
      route: 'DELETE /api/organization_change_requests/:id',
      params: (fixture, _caller, world) => pendingRequest(world, fixture),
      expect: {
        anonymous: UNAUTHENTICATED,
        otherOrganization: NOT_FOUND,
        member: FORBIDDEN,
        manager: OK,
        admin: FORBIDDEN,
        inactiveMember: INACTIVE,
      },
    },
  ],
};
