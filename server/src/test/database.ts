// A database for one test file: a clone of the worker's migrated PGlite template, or on PostgreSQL a copy of the run's
// migrated template database (CREATE DATABASE ... TEMPLATE). close() throws the copy away.
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type DatabaseHandle, wrapPGlite, wrapPool } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { adminQuery, databaseUrl } from './pg-admin';

export const testEngine = (): 'pglite' | 'postgres' => (process.env.KIWI_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

let pgliteTemplate: Promise<PGlite> | null = null;

function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    await migrateDatabase(wrapPGlite(client));
    return client;
  })();
  return pgliteTemplate;
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testEngine() === 'pglite') {
    const template = await migratedPgliteTemplate();
    return wrapPGlite((await template.clone()) as PGlite);
  }
  const target = inject('postgres');
  if (!target) throw new Error('KIWI_TEST_DB=postgres but the global setup created no template database');
  return createPostgresDatabase(target.adminUrl, `${target.prefix}_${randomBytes(4).toString('hex')}`, target.template);
}

/** A database with no tables at all, for the migration tests. */
export async function createEmptyDatabase(): Promise<DatabaseHandle> {
  if (testEngine() === 'pglite') return wrapPGlite(await PGlite.create());
  const target = inject('postgres');
  if (!target) throw new Error('KIWI_TEST_DB=postgres but the global setup created no template database');
  return createPostgresDatabase(target.adminUrl, `${target.prefix}_${randomBytes(4).toString('hex')}`, 'template0');
}

async function createPostgresDatabase(adminUrl: string, name: string, template: string): Promise<DatabaseHandle> {
  await adminQuery(adminUrl, async (admin) => {
    // Parallel files copying one template can briefly collide; PostgreSQL says so with "being accessed by other users".
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !String((error as Error).message).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  });
  const handle = wrapPool(new pg.Pool({ connectionString: databaseUrl(adminUrl, name), max: 5 }));
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * Another server process (a replica) on the same database: on PostgreSQL its own pool and LISTEN connection; on PGlite
 * (one in-memory database, one client) a handle of its own over the same client, so that its caches are its own.
 * Closing it leaves the database to `handle`.
 */
export async function openReplicaHandle(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (testEngine() === 'pglite') return { ...handle, close: async () => {} };
  const target = inject('postgres');
  if (!target) throw new Error('KIWI_TEST_DB=postgres but the global setup created no template database');
  const result = (await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  return wrapPool(new pg.Pool({ connectionString: databaseUrl(target.adminUrl, result.rows[0]?.name ?? ''), max: 3 }));
}

/** PostgreSQL only: the pids of the connections LISTENing on this test's database (one per process's handle). */
export async function listeningBackends(handle: DatabaseHandle): Promise<number[]> {
  const result = (await handle.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
  )) as unknown as { rows: Array<{ pid: number }> };
  return result.rows.map((row) => row.pid);
}
