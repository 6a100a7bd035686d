// Once per test run (per server project): one auth emulator, and on PostgreSQL a migrated template database
// from which every test file gets its own copy.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureAuthEmulator } from '../../../tests/support/emulator';
import { TEST_POSTGRES_URL } from '../../../tests/support/postgres';
import { wrapPool } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { adminQuery, databaseUrl } from './pg-admin';

export type PostgresTestTarget = { adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string;
    postgres: PostgresTestTarget | null;
  }
}

export default async function setup(project: TestProject) {
  const emulator = await ensureAuthEmulator();
  project.provide('emulatorHost', emulator.host);

  const engine = project.config.env?.KIWI_TEST_DB ?? process.env.KIWI_TEST_DB ?? 'pglite';
  let postgres: PostgresTestTarget | null = null;
  if (engine === 'postgres') postgres = await createTemplate(TEST_POSTGRES_URL);
  project.provide('postgres', postgres);

  return async () => {
    if (postgres) await dropDatabases(postgres);
    await emulator.stop();
  };
}

async function createTemplate(adminUrl: string): Promise<PostgresTestTarget> {
  const prefix = `kiwi_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_template`;
  await adminQuery(adminUrl, (admin) => admin.query(`CREATE DATABASE "${template}"`));
  const handle = wrapPool(new pg.Pool({ connectionString: databaseUrl(adminUrl, template), max: 2 }));
  try {
    await migrateDatabase(handle);
  } finally {
    // CREATE DATABASE ... TEMPLATE needs the template without connections.
    await handle.close();
  }
  return { adminUrl, template, prefix };
}

async function dropDatabases({ adminUrl, prefix }: PostgresTestTarget) {
  await adminQuery(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
