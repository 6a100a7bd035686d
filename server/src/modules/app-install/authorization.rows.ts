import { ANY_ACTIVE_USER, type MatrixModule } from '../../test/matrix';

export const matrix: MatrixModule = {
  // Every active user reads the store links and their own install state; nothing of anyone else's.
  rows: [{ route: 'GET /api/app_install', expect: ANY_ACTIVE_USER }],
};
