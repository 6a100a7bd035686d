// `node --import tsx tests/load/admin.ts`: the platform admin's dashboard (issue 20) through the real server, over ORGS
// organisations and MEMBERS members with MONTHS months of activity and coins each: GET /api/admin/dashboard (all plans
// and one plan) and the utilisation series behind its sparklines (GET /api/organizations/utilization_rates with a
// period). PostgreSQL (a scratch database, dropped after) when it answers; ENGINE=pglite (or both) adds PGlite.
// The bulk is written inside the database before the server starts (which then seeds only the emulator's demo
// accounts); the demo admin asks. Activity is loaded as the monthly totals the activity module keeps from its days
// (activity_months: what the series reads), coins as one activity movement per member and month plus a gift exchange
// every tenth member-month, in the ledger's double-entry shape.
// One connection for SECONDS seconds per call (autocannon). Prints figures; asserts nothing (target p99 < 300 ms on PostgreSQL).
// The export half of the admin benchmark is tests/load/admin-exports.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import { seedDemoData } from '../../server/src/demo-seed';
import { signInWithPassword } from '../../server/src/test/factories';
import { ensureAuthEmulator } from '../support/emulator';
import { postgresAnswers, withScratchDatabase } from '../support/postgres';
import { callApi, printLatency, startKiwiServer } from './kiwi-server';

const ORGS = Number(process.env.ORGS ?? 200);
const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const MONTHS = Number(process.env.MONTHS ?? 12);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ENGINE = process.env.ENGINE ?? 'postgres';
const PORT = 18_130;
const ADMIN_EMAIL = 'admin@kiwi.example';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
type Rows<T> = { rows: T[] };
const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as Rows<T>).rows;

/** The demo data, then the bench's organisations, members, monthly activity, coins, requests and reports. */
async function load(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  await handle.db.transaction((tx) => seedDemoData(tx, new Date()));
  const perOrganization = Math.ceil(MEMBERS / ORGS);
  // Plans in turn; every 5th unlimited, every 20th archived, every 15th with its plan ended a month ago.
  await handle.db.execute(sql`
    insert into organizations (name, identifier, plan, number_of_members, archived, plan_ended_at)
    select 'Bench organisation ' || i, 'bench-org-' || i, (array['business', 'consumer', 'trial'])[1 + i % 3],
      case when i % 5 = 0 then null else ${perOrganization + 50}::int end, i % 20 = 0,
      case when i % 15 = 0 then current_date - 30 else null end
    from generate_series(1, ${ORGS}::int) i`);
  await handle.db.execute(sql`
    insert into users (firebase_uid, email, name)
    select 'bench-' || i, 'bench' || i || '@bench.example', 'Bench ' || i from generate_series(1, ${MEMBERS}::int) i`);
  // Every 10th member left at some point of the year, every 25th starts next month; all joined 13 months ago.
  await handle.db.execute(sql`
    insert into organization_members (user_id, organization_id, role, active_from, active_to, created_at)
    select u.id, o.id, 'member',
      case when u.n % 25 = 0 then now() + interval '20 days' else null end,
      case when u.n % 10 = 0 then now() - (u.n % 330) * interval '1 day' else null end,
      now() - interval '13 months'
    from (select id, row_number() over (order by id) as n from users where firebase_uid like 'bench-%') u
    join (select id, row_number() over (order by id) - 1 as k from organizations where identifier like 'bench-org-%') o
      on o.k = (u.n - 1) % ${ORGS}::int`);
  await handle.db.execute(sql`
    create temporary table bench_members as
    select m.id, row_number() over (order by m.id) - 1 as n
    from organization_members m join organizations o on o.id = m.organization_id where o.identifier like 'bench-org-%'`);
  // Monthly totals: a third of the member-months without activity, the rest 1-20 active days.
  await handle.db.execute(sql`
    insert into activity_months (organization_member_id, month, health_points, active_days)
    select b.id, (date_trunc('month', (now() at time zone 'Asia/Tokyo')::date) - k * interval '1 month')::date,
      case when (b.n * 7 + k) % 3 = 0 then 0 else ((b.n + k) % 20 + 1) * 6 end,
      case when (b.n * 7 + k) % 3 = 0 then 0 else (b.n + k) % 20 + 1 end
    from bench_members b cross join generate_series(0, ${MONTHS - 1}::int) k`);
  // Coins: movement ids chosen here so that the entries can name them (the identity is moved past them after).
  const [base] = await rowsOf<{ id: number }>(handle, sql`select coalesce(max(id), 0)::bigint as id from coin_movements`);
  const first = Number(base!.id) + 1;
  const movements = sql`
    select ${first}::bigint + b.n * ${MONTHS}::int + k as id, b.id as member_id, k,
      now() - k * interval '1 month' - (b.n % 20) * interval '1 day' as at
    from bench_members b cross join generate_series(0, ${MONTHS - 1}::int) k`;
  await handle.db.execute(sql`
    insert into coin_movements (id, reason, created_at) overriding system value
    select id, case when (member_id + k) % 10 = 0 then 'gift_exchange' else 'activity' end, at from (${movements}) mv`);
  await handle.db.execute(sql`
    insert into coin_ledger_entries (movement_id, account, organization_member_id, delta, created_at)
    select id, 'member', member_id, case when (member_id + k) % 10 = 0 then -50 else 10 + (member_id + k) % 90 end, at
    from (${movements}) mv
    union all
    select id, 'issuance', null, case when (member_id + k) % 10 = 0 then 50 else -(10 + (member_id + k) % 90) end, at
    from (${movements}) mv`);
  await handle.db.execute(sql`select setval(pg_get_serial_sequence('coin_movements', 'id'), (select max(id) from coin_movements))`);
  // Change requests (a pending one at every third organisation) and pending violation reports at every fourth.
  await handle.db.execute(sql`
    insert into organization_change_requests (organization_id, requested_number_of_members, reason, status)
    select id, 999, 'bench', case when id % 3 = 0 then 'pending' else 'approved' end
    from organizations where identifier like 'bench-org-%'`);
  await handle.db.execute(sql`
    insert into violation_report_subjects (organization_id, object_type, object_id)
    select id, 'GuildMessage', 1000000 + id * 10 + r from organizations cross join generate_series(1, 3) r
    where identifier like 'bench-org-%' and id % 4 = 0`);
  await handle.db.execute(sql`
    insert into violation_reports (organization_id, subject_id, reporter_name, reason_category, evidence)
    select organization_id, id, 'Bench', 'spam', '{"body": "bench"}'::jsonb from violation_report_subjects
    where object_id >= 1000000`);
  await handle.db.execute(sql`drop table bench_members`);
  await handle.db.execute(sql`analyze`);
}

async function bench(engine: 'pglite' | 'postgres', emulatorHost: string, databaseUrl: string | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiwi-admin-bench-'));
  try {
    console.log(`\n${engine}: loading ${ORGS} organisations, ${MEMBERS.toLocaleString()} members x ${MONTHS} months ...`);
    const started = performance.now();
    const handle = await openDatabase({ dataDir, databaseUrl: databaseUrl ?? undefined });
    try {
      if (process.env.LOAD !== 'false') await load(handle);
      const [counts] = await rowsOf<Record<string, number>>(
        handle,
        sql`select (select count(*)::int from organizations) as organizations, (select count(*)::int from organization_members) as members,
          (select count(*)::int from activity_months) as months, (select count(*)::int from coin_movements) as movements,
          (select count(*)::int from coin_ledger_entries) as entries`,
      );
      console.log(
        `  loaded in ${seconds(performance.now() - started)}: ${counts!.organizations} organisations, ` +
          `${counts!.members!.toLocaleString()} memberships, ${counts!.months!.toLocaleString()} member-months, ` +
          `${counts!.movements!.toLocaleString()} coin movements (${counts!.entries!.toLocaleString()} ledger entries)`,
      );
    } finally {
      await handle.close();
    }
    const server = await startKiwiServer({ name: 'admin-bench', port: PORT, emulatorHost, databaseUrl, env: { DATA_DIR: dataDir } });
    try {
      const token = await signInWithPassword(emulatorHost, ADMIN_EMAIL, DEMO_PASSWORD);
      const dashboard = await callApi<{ data: unknown[]; meta: { from: string; to: string; totals: Record<string, unknown> } }>(
        server.base,
        '/admin/dashboard',
        token,
      );
      console.log(
        `  dashboard ${dashboard.meta.from}..${dashboard.meta.to}: ${dashboard.data.length} organisations, ${JSON.stringify(dashboard.meta.totals)}`,
      );
      const period = `from=${dashboard.meta.from}&to=${dashboard.meta.to}`;
      // The bare signed-in call on the same server: what any request costs on this machine at this moment.
      await printLatency('GET /api/user (baseline)', `${server.base}/api/user`, token, SECONDS);
      await printLatency('GET /api/admin/dashboard', `${server.base}/api/admin/dashboard`, token, SECONDS);
      await printLatency('GET /api/admin/dashboard?plan=business', `${server.base}/api/admin/dashboard?plan=business`, token, SECONDS);
      await printLatency(
        'GET utilization_rates (12 months, all)',
        `${server.base}/api/organizations/utilization_rates?${period}`,
        token,
        SECONDS,
      );
      await printLatency(
        'GET utilization_rates (12 months, business)',
        `${server.base}/api/organizations/utilization_rates?${period}&plan=business`,
        token,
        SECONDS,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// BENCH_DATABASE_URL=postgres://.../db keeps the loaded database for study (EXPLAIN); LOAD=false reuses it as loaded.
const KEPT_DATABASE = process.env.BENCH_DATABASE_URL;

const emulator = await ensureAuthEmulator();
try {
  if (KEPT_DATABASE) await bench('postgres', emulator.host, KEPT_DATABASE);
  else if (ENGINE === 'pglite' || ENGINE === 'both') await bench('pglite', emulator.host, null);
  if (!KEPT_DATABASE && (ENGINE === 'postgres' || ENGINE === 'both')) {
    if (await postgresAnswers()) await withScratchDatabase((url) => bench('postgres', emulator.host, url));
    else console.log('postgres: not answering at TEST_DATABASE_URL, skipped');
  }
} finally {
  await emulator.stop();
}
