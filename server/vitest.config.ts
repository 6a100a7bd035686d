import { defineConfig } from 'vitest/config';

// Runs alone (`npx vitest` in server/) or as the root's server-pglite / server-postgres projects, which set KIWI_TEST_DB.
export default defineConfig({
  test: {
    name: `server-${process.env.KIWI_TEST_DB ?? 'pglite'}`,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    env: { KIWI_TEST_DB: process.env.KIWI_TEST_DB ?? 'pglite', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    pool: 'forks',
    // One migrated PGlite template per worker, shared by the files that worker runs (each file clones it).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
