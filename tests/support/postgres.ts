// Whether the local PostgreSQL the tests may use answers; tests run on PGlite always and on PostgreSQL when it does.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A real sign-in and query, not only an open port: a server that wants a password or lacks the database counts as absent. */
export async function postgresAnswers(url = TEST_POSTGRES_URL, timeoutMs = 2000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A throwaway database on the test server for one benchmark run: created, handed to `run` as a URL, then dropped
 * (KEEP_DATABASE=true keeps it and prints its name).
 */
export async function withScratchDatabase(run: (url: string) => Promise<void>): Promise<void> {
  const name = `kiwi_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    if (process.env.KEEP_DATABASE === 'true') console.log(`  kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
