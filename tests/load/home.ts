// `node --import tsx tests/load/home.ts`: GET /api/home through the real server for a member of an organisation of
// MEMBERS members with DAYS days of activity each, EVENTS events, GUILDS guilds (with messages), coin messages, news and
// surveys, beside the bare GET /api/user of the same member: on PGlite (a scratch folder) and, when it answers,
// PostgreSQL (a scratch database, dropped after). The data is loaded into the demo organisation acme before the server
// starts (the server then seeds only the emulator's demo accounts), and the demo member member@acme.example asks.
// One connection for SECONDS seconds per call (autocannon): p50/p99 are a request's own latency, not a queue's.
// Prints figures; asserts nothing (the target is p99 < 50 ms on PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, type Executor, openDatabase } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import { seedDemoData } from '../../server/src/demo-seed';
import { loadSession } from '../../server/src/auth/session-cache';
import { refreshActivityMonths } from '../../server/src/modules/activity/months';
import { HOME_SECTIONS } from '../../server/src/modules/home/service';
import { signInWithPassword } from '../../server/src/test/factories';
import { ensureAuthEmulator } from '../support/emulator';
import { postgresAnswers, withScratchDatabase } from '../support/postgres';
import { callApi, printLatency, startKiwiServer } from './kiwi-server';

const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 365);
const EVENTS = Number(process.env.EVENTS ?? 500);
const GUILDS = Number(process.env.GUILDS ?? 200);
const MESSAGES_PER_GUILD = Number(process.env.MESSAGES_PER_GUILD ?? 200);
const COIN_MESSAGES = Number(process.env.COIN_MESSAGES ?? 20_000);
const SECONDS = Number(process.env.SECONDS ?? 10);
const PORT = 18_110;
const MEMBER_EMAIL = 'member@acme.example';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
type Rows<T> = { rows: T[] };
const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as Rows<T>).rows;

/** The demo data, then the bench's bulk in acme, generated inside the database. */
async function load(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  const now = new Date();
  await handle.db.transaction((tx) => seedDemoData(tx, now));
  const [acme] = await rowsOf<{ id: number }>(handle, sql`select id from organizations where identifier = 'acme'`);
  const [me] = await rowsOf<{ id: number }>(
    handle,
    sql`select m.id from organization_members m join users u on u.id = m.user_id where u.email = ${MEMBER_EMAIL}`,
  );
  const organizationId = Number(acme!.id);
  const myId = Number(me!.id);
  const existing = (
    await rowsOf<{ n: number }>(handle, sql`select count(*)::int as n from organization_members where organization_id = ${organizationId}`)
  )[0]!.n;
  await handle.db.execute(sql`
    insert into users (firebase_uid, email, name)
    select 'bench-' || i, 'bench' || i || '@bench.example', 'Bench ' || i from generate_series(1, ${MEMBERS - existing}) i`);
  await handle.db.execute(sql`
    insert into organization_members (user_id, organization_id, role)
    select u.id, ${organizationId}, 'member' from users u where u.firebase_uid like 'bench-%'`);
  const memberIds = (
    await rowsOf<{ id: number }>(handle, sql`select id from organization_members where organization_id = ${organizationId} order by id`)
  ).map((row) => Number(row.id));

  // A year of activity for every member, in slices so neither engine holds millions of pending rows in one statement.
  const slice = 500;
  for (let start = 0; start < memberIds.length; start += slice) {
    const ids = memberIds.slice(start, start + slice);
    await handle.db.execute(sql`
      insert into activity_days (organization_member_id, day, steps, workout_minutes, calories, distance_meters, health_points, source)
      select m.id, d::date, s.steps, 20, s.steps / 25, (s.steps * 0.7)::int, least(12, s.steps / 1000), 'app'
      from unnest(array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]) m(id)
      cross join generate_series(current_date - ${DAYS - 1}::int, current_date, interval '1 day') d
      cross join lateral (select ((m.id * 7919 + extract(doy from d)::int * 104729) % 13000) as steps) s
      on conflict do nothing`);
  }
  await handle.db.transaction((tx) => refreshActivityMonths(tx, { memberIds: [myId] }));

  // Events over the year around now: the member joined every 10th, is invited to every 25th; 20 participants each.
  await handle.db.execute(sql`
    insert into events (organization_id, name, starts_at, ends_at, public_range, apply_maximum)
    select ${organizationId}, 'Bench event ' || i, now() + (i - ${EVENTS / 2}) * interval '17 hours',
      now() + (i - ${EVENTS / 2}) * interval '17 hours' + interval '2 hours',
      case when i % 3 = 0 then 'private' else 'public' end, case when i % 4 = 0 then 30 else null end
    from generate_series(1, ${EVENTS}) i`);
  await handle.db.execute(sql`
    insert into event_members (event_id, organization_member_id, role, status)
    select e.id, m.id, 'member', 'joined'
    from events e cross join lateral (
      select id from organization_members where organization_id = ${organizationId} and id <> ${myId}
      order by id offset (e.id * 37) % ${MEMBERS - 30} limit 20) m
    where e.organization_id = ${organizationId}`);
  await handle.db.execute(sql`
    insert into event_members (event_id, organization_member_id, role, status)
    select id, ${myId}, 'member', case when id % 25 = 0 then 'invited' else 'joined' end
    from events where organization_id = ${organizationId} and (id % 10 = 0 or id % 25 = 0)`);

  // Guilds: the member joined every 10th; MESSAGES_PER_GUILD messages each over the last 30 days.
  await handle.db.execute(sql`
    insert into guilds (organization_id, name) select ${organizationId}, 'Bench guild ' || i from generate_series(1, ${GUILDS}) i`);
  await handle.db.execute(sql`
    insert into guild_members (guild_id, organization_member_id, joined_at, last_visited_at)
    select g.id, m.id, now() - interval '60 days', case when g.id % 2 = 0 then now() - interval '3 days' else null end
    from guilds g cross join lateral (
      select id from organization_members where organization_id = ${organizationId} and id <> ${myId}
      order by id offset (g.id * 53) % ${MEMBERS - 60} limit 50) m
    where g.organization_id = ${organizationId}`);
  await handle.db.execute(sql`
    insert into guild_members (guild_id, organization_member_id, joined_at, last_visited_at)
    select id, ${myId}, now() - interval '60 days', case when id % 20 = 0 then now() - interval '3 days' else null end
    from guilds where organization_id = ${organizationId} and id % 10 = 0`);
  await handle.db.execute(sql`
    insert into guild_messages (guild_id, organization_member_id, body, created_at)
    select gm.guild_id, gm.organization_member_id, 'Message ' || i, now() - (i * interval '30 days' / ${MESSAGES_PER_GUILD})
    from generate_series(1, ${MESSAGES_PER_GUILD}) i
    join lateral (select guild_id, organization_member_id from guild_members where guild_id in (
      select id from guilds where organization_id = ${organizationId}) order by guild_id, organization_member_id) gm on true
    where (gm.organization_member_id + i) % 50 = 0`);

  // Coin messages across the organisation; one in 20 to the member.
  await handle.db.execute(sql`
    insert into coin_messages (organization_id, sender_member_id, body, created_at)
    select ${organizationId}, (array[${sql.join(
      memberIds.slice(0, 100).map((id) => sql`${id}`),
      sql`, `,
    )}]::int[])[1 + i % 100], 'Thanks ' || i, now() - i * interval '20 minutes'
    from generate_series(1, ${COIN_MESSAGES}) i`);
  await handle.db.execute(sql`
    insert into kiwi_coin_transfers (kind, organization_id, organization_member_id, sender_member_id, coin_message_id, amount, message, status, transferred_at, created_at)
    select 'message', ${organizationId},
      case when c.id % 20 = 0 then ${myId} else (array[${sql.join(
        memberIds.slice(100, 1100).map((id) => sql`${id}`),
        sql`, `,
      )}]::int[])[1 + c.id % 1000] end,
      c.sender_member_id, c.id, 5, c.body, 'transferred', c.created_at, c.created_at
    from coin_messages c where c.organization_id = ${organizationId}`);

  // News (one in 10 scheduled) and monthly surveys (the last two open).
  await handle.db.execute(sql`
    insert into news (organization_id, title, body, published_at)
    select ${organizationId}, 'Bench news ' || i, 'Body ' || i, now() - (i - 10) * interval '3 days' from generate_series(1, 120) i`);
  await handle.db.execute(sql`
    insert into well_being_surveys (organization_id, title, expired_at)
    select ${organizationId}, 'Bench survey ' || i, now() - (i - 2) * interval '30 days' + interval '1 day' from generate_series(1, 12) i`);
  await handle.db.execute(sql`analyze`);
}

/** SECTIONS=true: each section of the home on its own, in-process (median of 20 after a warm-up), to find the slow one. */
async function timeSections(handle: DatabaseHandle) {
  const [user] = await rowsOf<{ id: number }>(handle, sql`select id from users where email = ${MEMBER_EMAIL}`);
  const session = await loadSession(
    handle.db,
    (await rowsOf<{ uid: string }>(handle, sql`select firebase_uid as uid from users where id = ${user!.id}`))[0]!.uid,
  );
  const viewer = { session: session!, membership: session!.memberships[0]!, now: new Date() };
  const sections = Object.entries(HOME_SECTIONS) as [string, (tx: Executor, home: typeof viewer) => Promise<unknown>][];
  for (const [name, load] of sections) {
    const times: number[] = [];
    for (let run = 0; run < 21; run += 1) {
      const started = performance.now();
      await handle.db.transaction((tx) => load(tx, viewer));
      if (run > 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  section ${name.padEnd(18)} median ${times[10]!.toFixed(1).padStart(6)} ms  max ${times[19]!.toFixed(1).padStart(6)} ms`);
  }
}

async function bench(engine: 'pglite' | 'postgres', emulatorHost: string, databaseUrl: string | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiwi-home-bench-'));
  try {
    console.log(`\n${engine}: loading ${MEMBERS.toLocaleString()} members x ${DAYS} days, ${EVENTS} events, ${GUILDS} guilds ...`);
    const started = performance.now();
    const handle = await openDatabase({ dataDir, databaseUrl: databaseUrl ?? undefined });
    try {
      await load(handle);
      const [counts] = await rowsOf<Record<string, number>>(
        handle,
        sql`select (select count(*)::int from activity_days) as days, (select count(*)::int from guild_messages) as messages,
          (select count(*)::int from event_members) as event_members, (select count(*)::int from kiwi_coin_transfers) as transfers`,
      );
      console.log(
        `  loaded in ${seconds(performance.now() - started)}: ${counts!.days!.toLocaleString()} activity days, ` +
          `${counts!.messages!.toLocaleString()} guild messages, ${counts!.event_members!.toLocaleString()} event members, ` +
          `${counts!.transfers!.toLocaleString()} coin transfers`,
      );
      if (process.env.SECTIONS === 'true') await timeSections(handle);
    } finally {
      await handle.close();
    }
    const server = await startKiwiServer({
      name: 'home-bench',
      port: PORT,
      emulatorHost,
      databaseUrl,
      env: { DATA_DIR: dataDir },
    });
    try {
      const token = await signInWithPassword(emulatorHost, MEMBER_EMAIL, DEMO_PASSWORD);
      const home = await callApi<{ data: { relationships: Record<string, { data: unknown[] }> } }>(server.base, '/home', token);
      console.log(
        `  the home lists: ${Object.entries(home.data.relationships)
          .map(([name, { data }]) => `${name} ${data.length}`)
          .join(', ')}`,
      );
      await printLatency('GET /api/user', `${server.base}/api/user`, token, SECONDS);
      await printLatency('GET /api/home', `${server.base}/api/home`, token, SECONDS);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const emulator = await ensureAuthEmulator();
try {
  if (process.env.ENGINE !== 'postgres') await bench('pglite', emulator.host, null);
  if (process.env.ENGINE !== 'pglite') {
    if (await postgresAnswers()) await withScratchDatabase((url) => bench('postgres', emulator.host, url));
    else console.log('postgres: not answering at TEST_DATABASE_URL, skipped');
  }
} finally {
  await emulator.stop();
}
