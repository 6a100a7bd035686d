import { FORBIDDEN, type Caller } from '../../test/authorization';
import { ANY_ACTIVE_USER, type Fixture, type MatrixModule, OWN_THINGS } from '../../test/matrix';

/** The caller's own user id; anonymous has none, so it gets another user's. */
const ownUserId = ({ users, bystander }: Fixture, caller: Caller) => (caller === 'anonymous' ? bystander : users[caller]).user.id;
/** Devices are bound to the user who sent them: another user's id is refused to everyone, platform admins included. */
const NOBODY_ELSE = { ...ANY_ACTIVE_USER, otherOrganization: FORBIDDEN, member: FORBIDDEN, manager: FORBIDDEN, admin: FORBIDDEN };
const device = (caller: Caller) => ({ uuid: `matrix-${caller}`, fcm_token: `matrix-token-${caller}`, platform: 'web' });

export const matrix: MatrixModule = {
  rows: [
    {
      route: 'GET /api/users/:id/devices',
      sample: 'own id',
      params: (fixture, caller) => ({ id: ownUserId(fixture, caller) }),
      expect: ANY_ACTIVE_USER,
    },
    {
      route: 'GET /api/users/:id/devices',
      sample: "another user's id",
      params: ({ bystander }) => ({ id: bystander.user.id }),
      expect: NOBODY_ELSE,
    },
    {
      route: 'DELETE /api/users/:id/devices/:uuid',
      sample: 'own id',
      params: (fixture, caller) => ({ id: ownUserId(fixture, caller), uuid: `matrix-${caller}` }),
      expect: ANY_ACTIVE_USER,
      openTo: OWN_THINGS,
    },
    {
      route: 'DELETE /api/users/:id/devices/:uuid',
      sample: "another user's id",
      params: ({ bystander }) => ({ id: bystander.user.id, uuid: 'bystander-device' }),
      expect: NOBODY_ELSE,
    },
    {
      route: 'PUT /api/users/:id',
      sample: 'own id, with a device',
      params: (fixture, caller) => ({ id: ownUserId(fixture, caller) }),
      body: (_fixture: Fixture, caller: Caller) => ({ user: { device: device(caller) } }),
      expect: ANY_ACTIVE_USER,
      openTo: OWN_THINGS,
    },
    {
      route: 'PUT /api/users/:id',
      sample: "another user's id, with a device",
      params: ({ bystander }) => ({ id: bystander.user.id }),
      body: (_fixture: Fixture, caller: Caller) => ({ user: { device: device(caller) } }),
      expect: NOBODY_ELSE,
    },
  ],
};
