import { SIGN_IN_METHODS } from '@kiwi/shared/domain/sign-in-policy';
import { ACME_MANAGERS, acmeOrganization, type MatrixModule } from '../../test/matrix';

export const matrix: MatrixModule = {
  rows: [
    { route: 'GET /api/organizations/:organizationId/sign_in_policy', params: acmeOrganization, expect: ACME_MANAGERS },
    {
      route: 'PUT /api/organizations/:organizationId/sign_in_policy',
      params: acmeOrganization,
      // Every method and no second factor: what acme had, so the rows after this one are not refused by it.
      body: { sign_in_policy: { sign_in_methods: [...SIGN_IN_METHODS], mfa_required_for_managers: false } },
      expect: ACME_MANAGERS,
    },
  ],
};
