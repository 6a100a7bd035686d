import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyDatabase, testEngine } from '../test/database';
import type { DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import { organizations } from './schema/organizations';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every table the drizzle schema declares (server/src/db/schema/*.ts): the migrations must create exactly these. */
const schemaDir = join(dirname(fileURLToPath(import.meta.url)), 'schema');
const SCHEMA_TABLES = (
  await Promise.all(
    readdirSync(schemaDir)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => import(join(schemaDir, file))),
  )
)
  .flatMap((module: Record<string, unknown>) => Object.values(module).filter((value) => is(value, PgTable)))
  .map((table) => getTableName(table as PgTable))
  .sort();

describe(`migrations on ${testEngine()}`, () => {
  let handle: DatabaseHandle | null = null;
  afterEach(async () => {
    await handle?.close();
    handle = null;
  });

  it('apply to an empty database, and a second run changes nothing', async () => {
    handle = await createEmptyDatabase();
    await migrateDatabase(handle);
    await migrateDatabase(handle);

    const tables = rowsOf<{ table_name: string }>(
      await handle.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`),
    ).map((row) => row.table_name);
    expect(SCHEMA_TABLES).toContain('organizations');
    expect(tables).toEqual(SCHEMA_TABLES);

    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = rowsOf<{ count: string | number }>(
      await handle.db.execute(sql`select count(*) as count from drizzle.__drizzle_migrations`),
    );
    expect(Number(applied[0]?.count)).toBe(journal.entries.length);
  });

  it('keeps the coin balance non-negative with a CHECK constraint', async () => {
    handle = await createEmptyDatabase();
    await migrateDatabase(handle);
    await expect(handle.db.insert(organizations).values({ name: 'Broke', identifier: 'broke', coinBalance: -1 })).rejects.toThrow();
  });
});
