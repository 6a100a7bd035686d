import { ACME_MANAGERS, type MatrixModule } from '../../test/matrix';

const acmeId = ({ acme }: { acme: { id: number } }) => ({ organizationId: acme.id });

export const matrix: MatrixModule = {
  rows: [
    { route: 'GET /api/organizations/:organizationId/embed_origins', params: acmeId, expect: ACME_MANAGERS },
    {
      route: 'PUT /api/organizations/:organizationId/embed_origins',
      params: acmeId,
      body: { embed_origins: ['https://intranet.matrix.example', 'http://localhost:8081'] },
      expect: ACME_MANAGERS,
    },
  ],
};
