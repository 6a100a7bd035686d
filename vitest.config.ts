import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { serverTestProject } from './server/vitest.config.ts';
import { postgresAnswers } from './tests/support/postgres.ts';

// Server tests run on PGlite always, and again on PostgreSQL when the local server answers.
const serverOn = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: { ...serverTestProject(engine), root: './server' },
});

export default defineConfig(async () => {
  const postgres = await postgresAnswers();
  return {
    test: {
      projects: [
        './shared/vitest.config.ts',
        ...(existsSync('./portal/vitest.config.ts') ? ['./portal/vitest.config.ts'] : []),
        // Widget modules (i18n on real React, shims, the size budget on widgets/dist, which `npm test` builds first); the
        // preact build itself is tested in Chromium.
        './widgets/vitest.config.ts',
        serverOn('pglite'),
        // Whole-process checks of the README's commands (spawned npm start, Ctrl-C, restart).
        // The cluster tests (issue 22) need PostgreSQL, which the replicas share: they run when it answers, as server-postgres.
        {
          test: {
            name: 'integration',
            root: './tests',
            include: ['integration/**/*.test.ts'],
            exclude: postgres ? [] : ['integration/cluster*.test.ts'],
            environment: 'node',
            testTimeout: 240_000,
          },
        },
        ...(postgres ? [serverOn('postgres')] : []),
      ],
    },
  };
});
