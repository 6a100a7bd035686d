import type { Caller, Expected } from '../../test/authorization';
import { FORBIDDEN } from '../../test/authorization';
import { ANY_ACTIVE_USER, type MatrixModule } from '../../test/matrix';

const UNCONFIRMED = [422, 'validation.invalidType'] as const;

// The route names no user: it always acts on the caller's own account, so "someone else's" cannot even be asked for.
// POST is sampled unconfirmed (`confirm: false`, read after the rights) so the matrix never closes its callers'
// accounts, which it shares with every other row; cancellation.test.ts covers success and every refusal.
const POST_EXPECT: Record<Caller, Expected> = {
  anonymous: [401, 'auth.unauthenticated'],
  otherOrganization: UNCONFIRMED,
  member: UNCONFIRMED,
  manager: UNCONFIRMED,
  // A platform admin's account is closed by another admin, not here.
  admin: FORBIDDEN,
  // Any membership state passes the guard (a replay after success answers the final state).
  inactiveMember: UNCONFIRMED,
};

export const matrix: MatrixModule = {
  rows: [
    { route: 'GET /api/user/cancellation', expect: { ...ANY_ACTIVE_USER, admin: FORBIDDEN } },
    {
      route: 'POST /api/user/cancellation',
      sample: 'own account, not confirmed',
      body: { cancellation: { confirm: false } },
      expect: POST_EXPECT,
    },
  ],
};
