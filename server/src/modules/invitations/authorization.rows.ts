import type { OrganizationRow } from '../../db/schema/organizations';
import type { Caller } from '../../test/authorization';
import { ACME_MANAGERS, EVERYONE, type Fixture, type MatrixModule, PUBLIC_CALL } from '../../test/matrix';
import { buildUser } from '../../test/factories';
import type { TestServer } from '../../test/server';
import { issueInvitation } from './service';

/** A member with a pending invitation and its token (fresh per call: accepting uses one up). */
async function invited(server: TestServer, organization: OrganizationRow) {
  const person = await buildUser(server, { organization });
  const token = await server.db.db.transaction((tx) =>
    issueInvitation(
      tx,
      { id: person.user.id, email: person.email, name: '', language: 'ja' },
      { publicUrl: 'http://localhost', now: new Date() },
    ),
  );
  return { person, token };
}

export const matrix: MatrixModule<TestServer> = {
  setup: async (server) => server,
  rows: [
    {
      route: 'POST /api/user/check_effective_token',
      body: async ({ acme }: Fixture, _caller: Caller, server: TestServer) => ({ user: { token: (await invited(server, acme)).token } }),
      expect: EVERYONE,
      openTo: PUBLIC_CALL,
    },
    {
      route: 'POST /api/user/accept_invitation',
      body: async ({ acme }: Fixture, _caller: Caller, server: TestServer) => ({
        user: { token: (await invited(server, acme)).token, name: 'Matrix', password: 'matrix-password' },
      }),
      expect: EVERYONE,
      openTo: PUBLIC_CALL,
    },
    {
      route: 'POST /api/user/check_existence',
      body: ({ bystander }: Fixture) => ({ user: { email: bystander.email } }),
      expect: EVERYONE,
      openTo: PUBLIC_CALL,
    },
    {
      // A fresh invitee per caller: the call is limited per address.
      route: 'POST /api/user/resend_invitation_from_email',
      body: async ({ acme }: Fixture, _caller: Caller, server: TestServer) => ({
        user: { email: (await invited(server, acme)).person.email },
      }),
      expect: EVERYONE,
      openTo: PUBLIC_CALL,
    },
    {
      route: 'POST /api/user/:id/resend_invitation',
      params: async ({ acme }, _caller, server) => ({ id: (await invited(server, acme)).person.user.id }),
      expect: ACME_MANAGERS,
    },
  ],
};
