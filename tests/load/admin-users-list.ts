// Issue 20 point 2: GET /api/users' query (listAdminUsers) over 100,000 users in 200 organisations on PostgreSQL, in a
// scratch database it creates and drops: median and worst of 25 runs per filter (page 3, 20 per page). Run:
// `npx tsx tests/load/admin-users-list.ts` (PostgreSQL at 127.0.0.1:5432, trust). Asserts nothing (figures for people).
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { wrapPool } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { listAdminUsers } from '../../server/src/modules/users/admin-queries';

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await admin.connect();
await admin.query('drop database if exists kiwi_b_perf');
await admin.query('create database kiwi_b_perf');
await admin.end();
const handle = wrapPool(new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/kiwi_b_perf', max: 2 }));
await migrateDatabase(handle);
const db = handle.db;
await db.execute(sql`insert into organizations (name, identifier) select 'Org ' || i, 'org-' || i from generate_series(1, 200) i`);
await db.execute(sql`insert into users (firebase_uid, email, name, role, last_signed_in_at)
  select 'uid-' || i, 'user' || i || '@example.com', 'User ' || i, case when i % 5000 = 0 then 'admin' else 'member' end,
    case when i % 3 = 0 then null else now() - (i || ' minutes')::interval end from generate_series(1, 100000) i`);
await db.execute(sql`insert into organization_members (user_id, organization_id, active_from, active_to)
  select u.id, 1 + (u.id % 200), case when u.id % 10 = 0 then now() + interval '10 days' end,
    case when u.id % 7 = 0 then now() - interval '1 day' end from users u`);
await db.execute(sql`analyze`);
const [org] = ((await db.execute(sql`select id from organizations order by id offset 17 limit 1`)) as unknown as { rows: { id: number }[] })
  .rows;
const cases: [string, Parameters<typeof listAdminUsers>[1]['filter'], string][] = [
  ['page 1, default sort', {}, 'id'],
  ['keyword "user12"', { keyword: 'user12' }, 'id'],
  ['state=expired', { state: 'expired' }, 'id'],
  ['state=pending, -last_signed_in_at', { state: 'pending' }, '-last_signed_in_at'],
  ['organization (500 members)', { organizationId: org!.id }, 'name'],
];
const lines: string[] = [];
for (const [label, filter, sort] of cases) {
  const times: number[] = [];
  for (let i = 0; i < 25; i += 1) {
    const started = performance.now();
    await db.transaction((tx) => listAdminUsers(tx, { filter, sort: sort as 'id', page: 3, per: 20, now: new Date() }));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  lines.push(`| ${label} | ${times[12]!.toFixed(0)} ms | ${times[24]!.toFixed(0)} ms |`);
}
console.log(lines.join('\n'));
await handle.close();
const cleanup = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await cleanup.connect();
await cleanup.query('drop database kiwi_b_perf');
await cleanup.end();
