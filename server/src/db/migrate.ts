import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { DatabaseHandle } from './client';
import { runDataMigrations } from './data-migrations';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any constant works; it only has to be the same in every replica.
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Applies server/drizzle/*.sql, the same files on both engines, then the data migrations not yet recorded
 * (db/data-migrations.ts; what they changed goes to `logger`). Safe to call at every start.
 */
export async function migrateDatabase(handle: DatabaseHandle, { logger }: { logger?: Logger } = {}): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.engine === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    await runDataMigrations(handle.db, logger);
    return;
  }
  // Several replicas may start at once: one migrates while the others wait, then finds nothing to do.
  await withSessionLock(handle, async () => {
    await migrateNodePg(handle.db as unknown as NodePgDatabase, config);
    await runDataMigrations(handle.db, logger);
  });
}

async function withSessionLock(handle: DatabaseHandle, run: () => Promise<void>): Promise<void> {
  const pool = (handle.db as unknown as { $client: Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await run();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
