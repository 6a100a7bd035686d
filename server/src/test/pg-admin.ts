import pg from 'pg';

/** The same server and credentials, another database. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One short-lived connection for CREATE/DROP DATABASE (which cannot run inside a pool transaction). */
export async function adminQuery<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}
