// The demo seed of every feature together (`npm start`): running it again, on another day, adds nothing to any table,
// and each feature's demo data is there for the stories of the README.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/server';
import { seedDemoData } from './demo-seed';

describe('demo seed of all features', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const rowCounts = async (): Promise<Record<string, number>> => {
    type Rows<T> = { rows: T[] };
    const tables = (await server.db.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as Rows<{ name: string }>;
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const result = (await server.db.db.execute(sql`select count(*)::int as total from ${sql.identifier(name)}`)) as unknown as Rows<{
        total: number;
      }>;
      counts[name] = Number(result.rows[0]?.total ?? 0);
    }
    return counts;
  };

  it('fills every feature once and a second run, days later, changes no row count', async () => {
    await server.db.db.transaction((tx) => seedDemoData(tx, new Date(2025, 5, 15, 12)));
    const first = await rowCounts();
    await server.db.db.transaction((tx) => seedDemoData(tx, new Date(2025, 8, 1, 9)));
    expect(await rowCounts()).toEqual(first);
    for (const table of [
      'organizations',
      'users',
      'organization_members',
      'groups',
      'well_being_surveys',
      'guilds',
      'events',
      'kiwi_coin_transfers',
      'embed_origins',
      'walking_events',
      'walking_event_teams',
      'walking_event_team_members',
      'violation_reports',
    ]) {
      expect(first[table], table).toBeGreaterThan(0);
    }
    // Issue 19: a guild message and a member wait in acme's queue.
    const pending = (await server.db.db.execute(
      sql`select s.object_type from violation_reports r join violation_report_subjects s on s.id = r.subject_id where r.status = 'pending' order by s.object_type`,
    )) as unknown as { rows: { object_type: string }[] };
    expect(pending.rows.map((row) => row.object_type)).toEqual(['GuildMessage', 'OrganizationMember']);
  });
});
