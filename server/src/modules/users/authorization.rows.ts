// Issue 20 point 2: the admin console's users list and actions are the platform admin's alone.
import type { Caller } from '../../test/authorization';
import { buildUser } from '../../test/factories';
import { ADMIN_ONLY, type Fixture, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';
import { issueInvitation } from '../invitations/service';

/** A fresh acme member per call: the admin's success must leave nothing for the next caller to trip over. */
const freshMember = async ({ acme }: Fixture, _caller: Caller, server: TestServer) => ({
  id: (await buildUser(server, { organization: acme })).user.id,
});

export const matrix: MatrixModule<TestServer> = {
  setup: async (server) => server,
  rows: [
    { route: 'GET /api/users', expect: ADMIN_ONLY },
    { route: 'PUT /api/users/:id/role', params: freshMember, body: { user: { role: 'admin' } }, expect: ADMIN_ONLY },
    { route: 'PUT /api/users/:id/sign_in', params: freshMember, body: { user: { disabled: true } }, expect: ADMIN_ONLY },
    {
      route: 'POST /api/users/:id/resend_invitation',
      params: async ({ acme }, _caller, server) => {
        const person = await buildUser(server, { organization: acme });
        await server.db.db.transaction((tx) =>
          issueInvitation(
            tx,
            { id: person.user.id, email: person.email, name: '', language: 'ja' },
            { publicUrl: 'http://localhost', now: new Date() },
          ),
        );
        return { id: person.user.id };
      },
      expect: ADMIN_ONLY,
    },
    { route: 'DELETE /api/users/:id/mfa', params: freshMember, expect: ADMIN_ONLY },
  ],
};
