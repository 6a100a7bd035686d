import { exportJobs } from '../../db/schema/admin-console';
import type { Fixture } from '../../test/matrix';
import { ADMIN_ONLY, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

type World = { queuedId: number; doneId: number };

export const matrix: MatrixModule<World> = {
  // A queued export to read, and a finished one (with a file that has not expired) to download.
  setup: async (server: TestServer, fixture: Fixture) => {
    const params = { organizationId: fixture.acme.id, groupId: null, from: '2026-01', to: '2026-01', language: 'ja' };
    const [queued] = await server.db.db
      .insert(exportJobs)
      .values({ kind: 'score', encoding: 'utf8_bom', params })
      .returning({ id: exportJobs.id });
    const content = Buffer.from('\uFEFF組織ID\r\n', 'utf8');
    const [done] = await server.db.db
      .insert(exportJobs)
      .values({
        kind: 'score',
        encoding: 'utf8_bom',
        params,
        status: 'done',
        content,
        byteSize: content.length,
        fileName: 'score_matrix_2026-01_2026-01.csv',
        finishedAt: new Date(),
        expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
      })
      .returning({ id: exportJobs.id });
    return { queuedId: queued!.id, doneId: done!.id };
  },
  rows: [
    {
      route: 'POST /api/exports',
      body: (fixture: Fixture) => ({
        export: { kind: 'score', encoding: 'shift_jis', organization_id: fixture.acme.id, from: '2026-01', to: '2026-02' },
      }),
      expect: ADMIN_ONLY,
    },
    { route: 'GET /api/exports', expect: ADMIN_ONLY },
    { route: 'GET /api/exports/:id', params: (_fixture, _caller, world) => ({ id: world.queuedId }), expect: ADMIN_ONLY },
    { route: 'GET /api/exports/:id/download', params: (_fixture, _caller, world) => ({ id: world.doneId }), expect: ADMIN_ONLY },
  ],
};
