import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyDatabase, testEngine } from '../test/database';
import type { DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import { organizations } from './schema/organizations';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
    expect(tables).toEqual([
      'group_memberships',
      'groups',
      'jobs',
      'organization_members',
      'organizations',
      'outbox',
      'user_devices',
      'users',
    ]);

    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = rowsOf<{ count: string | number }>(await handle.db.execute(sql`select count(*) as count from drizzle.__drizzle_migrations`));
    expect(Number(applied[0]?.count)).toBe(journal.entries.length);
  });

  it('keeps the coin balance non-negative with a CHECK constraint', async () => {
    handle = await createEmptyDatabase();
    await migrateDatabase(handle);
    await expect(
      handle.db.insert(organizations).values({ name: 'Broke', identifier: 'broke', coinBalance: -1 }),
    ).rejects.toThrow();
  });
});
