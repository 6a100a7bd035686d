import { eq } from 'drizzle-orm';
import { type OrganizationRow, organizations } from '../../db/schema/organizations';
import type { Caller } from '../../test/authorization';
import { buildIdentityUser, buildOrganization } from '../../test/factories';
import { ACME_MANAGERS, acmeOrganization, EVERYONE, type Fixture, type MatrixModule, PUBLIC_CALL } from '../../test/matrix';
import type { TestServer } from '../../test/server';
import { issueConfirmation, readJoinCode, registerConsumer } from './service';

type World = { server: TestServer; consumer: OrganizationRow; joinCode: string };

let calls = 0;
// Short enough for a nickname (30 graphemes), unique across runs sharing one database.
const fresh = (caller: Caller) => `${caller.slice(0, 8)}-${++calls}-${Date.now().toString(36)}`;

/** A sign-up waiting for confirmation in the consumer organisation, and the token of its link. */
async function pendingSignUp({ server, consumer }: World, caller: Caller): Promise<string> {
  const { uid, email } = await buildIdentityUser(server.identity);
  const context = { publicUrl: 'http://localhost', now: new Date() };
  return server.db.db.transaction(async (tx) => {
    const userId = await registerConsumer(
      tx,
      consumer,
      { firebaseUid: uid, email, name: 'Matrix', nickname: fresh(caller), language: 'ja' },
      context,
    );
    return issueConfirmation(tx, { id: userId, email, name: 'Matrix', language: 'ja' }, context);
  });
}

export const matrix: MatrixModule<World> = {
  setup: async (server, { acme }) => {
    // The join code routes answer only for a consumer-plan organisation: acme is one for these rows.
    await server.db.db.update(organizations).set({ plan: 'consumer' }).where(eq(organizations.id, acme.id));
    const consumer = await buildOrganization(server, { plan: 'consumer', numberOfMembers: null });
    const joinCode = await server.db.db.transaction(async (tx) => (await readJoinCode(tx, consumer.id)).code);
    return { server, consumer, joinCode };
  },
  rows: [
    {
      route: 'POST /api/consumer_users',
      body: (_fixture: Fixture, caller: Caller, { joinCode }: World) => ({
        consumer_user: {
          email: `${fresh(caller)}@signup.example`,
          password: 'matrix-password',
          name: 'Matrix',
          nickname: fresh(caller),
          join_code: joinCode,
        },
      }),
      expect: EVERYONE,
      openTo: PUBLIC_CALL,
    },
    {
      route: 'POST /api/consumer_users/confirmation',
      body: async (_fixture: Fixture, caller: Caller, world: World) => ({
        consumer_user: { confirmation_token: await pendingSignUp(world, caller) },
      }),
      expect: EVERYONE,
      openTo: PUBLIC_CALL,
    },
    {
      route: 'POST /api/consumer_users/resend_confirmation',
      body: (_fixture: Fixture, caller: Caller) => ({ consumer_user: { email: `${fresh(caller)}@signup.example` } }),
      expect: EVERYONE,
      openTo: PUBLIC_CALL,
    },
    {
      route: 'GET /api/organizations/:organizationId/join_code',
      params: acmeOrganization,
      expect: ACME_MANAGERS,
    },
    {
      route: 'POST /api/organizations/:organizationId/join_code/rotation',
      params: acmeOrganization,
      expect: ACME_MANAGERS,
    },
  ],
};
