import { dayInJapan } from '@kiwi/shared/domain/health-points';
import { FORBIDDEN, OK, UNAUTHENTICATED } from '../../test/authorization';
import { ACME_MANAGERS, acmeOrganization, ANY_ACTIVE_USER, type MatrixModule, OWN_THINGS } from '../../test/matrix';

const yesterday = () => dayInJapan(new Date(Date.now() - 24 * 3600_000));
const figures = { steps: 4_200, workout_minutes: 15, calories: 180, distance_meters: 3_100 };

/** Every active user with a membership; an admin has none to log activity for. */
const MEMBERS_WITH_A_MEMBERSHIP = { ...ANY_ACTIVE_USER, admin: FORBIDDEN };

export const matrix: MatrixModule = {
  rows: [
    { route: 'GET /api/user/activities', expect: MEMBERS_WITH_A_MEMBERSHIP },
    {
      route: 'PUT /api/user/activities/:day',
      params: () => ({ day: yesterday() }),
      body: { activity: figures },
      expect: MEMBERS_WITH_A_MEMBERSHIP,
      openTo: OWN_THINGS,
    },
    {
      route: 'POST /api/user/activities/sync',
      sample: 'a pending member may sync (and earns no coins)',
      body: () => ({ activity_sync: { days: [{ day: yesterday(), ...figures }] } }),
      expect: { anonymous: UNAUTHENTICATED, otherOrganization: OK, member: OK, manager: OK, admin: FORBIDDEN, inactiveMember: OK },
      openTo: OWN_THINGS,
    },
    {
      route: 'GET /api/organizations/:organizationId/health_point_summary',
      params: acmeOrganization,
      expect: ACME_MANAGERS,
    },
    // Without organization_id: the manager's own organisation, every organisation for an admin; globex's manager sees only globex.
    { route: 'GET /api/organizations/utilization_rates', sample: 'own organisation', expect: { ...ACME_MANAGERS, otherOrganization: OK } },
  ],
};
