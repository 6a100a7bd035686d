import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

type Engine = 'pglite' | 'postgres';

/** The server tests on one engine; the root config runs them once per engine (server-pglite, server-postgres). */
export function serverTestProject(engine: Engine): NonNullable<TestProjectInlineConfiguration['test']> {
  return {
    name: `server-${engine}`,
    include: ['src/**/*.test.ts'],
    // Tests of PostgreSQL-only behaviour (a LISTEN connection that drops) are left out of PGlite runs.
    exclude: engine === 'pglite' ? ['src/**/*.postgres.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    env: { KIWI_TEST_DB: engine, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    pool: 'forks',
    // One migrated PGlite template per worker, shared by the files that worker runs (each file clones it).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  };
}

// Alone (`npx vitest` in server/), the engine comes from KIWI_TEST_DB.
export default defineConfig({ test: serverTestProject((process.env.KIWI_TEST_DB as Engine | undefined) ?? 'pglite') });
