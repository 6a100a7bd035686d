import { ADMIN_ONLY, type MatrixModule } from '../../test/matrix';

export const matrix: MatrixModule = {
  rows: [
    // Who did what across every organisation: platform admins only; a manager does not read even their own organisation's.
    { route: 'GET /api/staff_actions', expect: ADMIN_ONLY },
  ],
};
