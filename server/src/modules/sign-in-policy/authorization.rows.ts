import { SIGN_IN_METHODS } from '@kiwi/shared/domain/sign-in-policy';
import { ACME_MANAGERS, type MatrixModule } from '../../test/matrix';

const acmeId = ({ acme }: { acme: { id: number } }) => ({ organizationId: acme.id });

export const matrix: MatrixModule = {
  rows: [
    { route: 'GET /api/organizations/:organizationId/sign_in_policy', params: acmeId, expect: ACME_MANAGERS },
    {
      route: 'PUT /api/organizations/:organizationId/sign_in_policy',
      params: acmeId,
      // Every method and no second factor: what acme had, so the rows after this one are not refused by it.
      body: { sign_in_policy: { sign_in_methods: [...SIGN_IN_METHODS], mfa_required_for_managers: false } },
      expect: ACME_MANAGERS,
    },
  ],
};
