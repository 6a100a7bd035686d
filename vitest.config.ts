import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { postgresAnswers } from './tests/support/postgres.ts';

// Server tests run on PGlite always, and again on PostgreSQL when the local server answers.
const serverOn = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: './server/vitest.config.ts',
  test: { name: `server-${engine}`, root: './server', env: { KIWI_TEST_DB: engine } },
});

export default defineConfig(async () => ({
  test: {
    projects: [
      './shared/vitest.config.ts',
      ...(existsSync('./portal/vitest.config.ts') ? ['./portal/vitest.config.ts'] : []),
      serverOn('pglite'),
      // Whole-process checks of the README's commands (spawned npm start, Ctrl-C, restart).
      { test: { name: 'integration', root: './tests', include: ['integration/**/*.test.ts'], environment: 'node', testTimeout: 240_000 } },
      ...((await postgresAnswers()) ? [serverOn('postgres')] : []),
    ],
  },
}));
