import { FORBIDDEN } from '../../test/authorization';
import { buildUser } from '../../test/factories';
import {
  ACME_MANAGERS,
  acmeOrganization,
  ADMIN_ONLY,
  ANY_ACTIVE_USER,
  type Fixture,
  type MatrixModule,
  OWN_THINGS,
} from '../../test/matrix';
import type { TestServer } from '../../test/server';
import type { Caller } from '../../test/authorization';
import { awardActivityCoins, moveCoins } from './ledger';
import { createGrant } from './grants';

type World = { server: TestServer; globexColleagueId: number };

const DAY = 24 * 3600 * 1000;

/** A pending (scheduled) grant in acme, fresh for each caller so every DELETE has one to cancel. */
async function scheduledGrant({ server }: World, { acme, users }: Fixture, kind: 'grant' | 'admin_grant') {
  const transfer = await server.db.db.transaction((tx) =>
    createGrant(tx, {
      kind,
      organizationId: acme.id,
      organizationMemberId: users.member.membership!.id,
      amount: 1,
      description: null,
      message: null,
      transferredAt: new Date(Date.now() + 30 * DAY),
      createdByUserId: users.admin.user.id,
      now: new Date(),
    }),
  );
  return transfer.id;
}

export const matrix: MatrixModule<World> = {
  async setup(server, { acme, globex, users }) {
    const globexColleague = await buildUser(server, { organization: globex });
    await server.db.db.transaction(async (tx) => {
      for (const caller of ['member', 'manager', 'otherOrganization'] as const) {
        await awardActivityCoins(tx, { organizationMemberId: users[caller].membership!.id, amount: 1000, day: '2020-01-01' });
      }
      // The organisation balance managers grant from.
      await moveCoins(tx, {
        from: { kind: 'issuance' },
        legs: [{ to: { kind: 'organization', organizationId: acme.id }, amount: 1000 }],
        reason: 'admin_grant',
      });
    });
    return { server, globexColleagueId: globexColleague.membership!.id };
  },
  rows: [
    // Every member reads their own feed; an admin without a membership has none.
    { route: 'GET /api/user/kiwi_coin_transfers', expect: { ...ANY_ACTIVE_USER, admin: FORBIDDEN } },
    {
      route: 'POST /api/user/kiwi_coin_transfers',
      body: ({ bystander }: Fixture, caller: Caller, world: World) => ({
        kiwi_coin_transfer: {
          message: 'Thanks {name}',
          recipients: [
            { organization_member_id: caller === 'otherOrganization' ? world.globexColleagueId : bystander.membership!.id, amount: 1 },
          ],
        },
      }),
      expect: { ...ANY_ACTIVE_USER, admin: FORBIDDEN },
      openTo: OWN_THINGS,
    },
    {
      route: 'GET /api/organizations/:organizationId/kiwi_coin_transfers',
      params: acmeOrganization,
      expect: ACME_MANAGERS,
    },
    {
      route: 'POST /api/organizations/:organizationId/kiwi_coin_transfers',
      params: acmeOrganization,
      body: ({ bystander }: Fixture) => ({
        kiwi_coin_transfer: { organization_member_id: bystander.membership!.id, amount: 1, description: 'matrix' },
      }),
      expect: ACME_MANAGERS,
    },
    {
      route: 'DELETE /api/organizations/:organizationId/kiwi_coin_transfers/:transferId',
      params: async (fixture, _caller, world) => ({
        organizationId: fixture.acme.id,
        transferId: await scheduledGrant(world, fixture, 'grant'),
      }),
      expect: ACME_MANAGERS,
    },
    { route: 'GET /api/kiwi_coin_transfers', expect: ADMIN_ONLY },
    {
      route: 'POST /api/kiwi_coin_transfers',
      body: ({ acme }: Fixture) => ({ kiwi_coin_transfer: { organization_id: acme.id, amount: 10, description: 'matrix' } }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'DELETE /api/kiwi_coin_transfers/:transferId',
      params: async (fixture, _caller, world) => ({ transferId: await scheduledGrant(world, fixture, 'admin_grant') }),
      expect: ADMIN_ONLY,
    },
  ],
};
