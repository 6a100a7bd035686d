// Whether the local PostgreSQL the tests may use answers; tests run on PGlite always and on PostgreSQL when it does.
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
