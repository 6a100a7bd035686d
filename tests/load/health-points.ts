// `node --import tsx tests/load/health-points.ts`: the workout dashboard's queries over 10,000 members x 365 days of
// activity (3.65 M rows) on PGlite (on disk, in a scratch folder) and, when it answers, PostgreSQL (a scratch database, dropped after).
// Prints load time and per-query timings (min / median of 5 runs after a warm-up); asserts nothing (figures are for
// people; the target is < 300 ms per query on PostgreSQL). MEMBERS and DAYS override the size.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { dailyHealthPoints, monthDays } from '../../shared/src/domain/health-points';
import type { DatabaseHandle } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { refreshActivityMonths } from '../../server/src/modules/activity/months';
import { type GroupFilter, healthPointSummary, utilizationRates } from '../../server/src/modules/activity/summary';
import { runOnEngines } from './engines';
import { sortedTimings } from './kiwi-server';

const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 365);
const LAST_DAY = '2025-12-31';
const MONTH = '2025-12';
const RUNS = 5;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * One organisation, MEMBERS members with birthdays, 20 groups (two levels) and DAYS days of activity each, generated
 * inside the database. The points column follows shared/src/domain/health-points.ts (checked below on a sample).
 */
async function load(handle: DatabaseHandle): Promise<{ organizationId: number; groupIds: number[] }> {
  const db = handle.db;
  const [organization] = (
    (await db.execute(
      sql`insert into organizations (name, identifier, number_of_members) values ('Bench', ${`bench-${randomBytes(3).toString('hex')}`}, null) returning id`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const organizationId = Number(organization!.id);
  await db.execute(sql`
    insert into users (firebase_uid, email, name, birthday)
    select 'bench-' || i, 'bench' || i || '@bench.example', 'Bench ' || i, date '1960-01-01' + ((i * 37) % 16000)
    from generate_series(1, ${MEMBERS}) i`);
  await db.execute(sql`
    insert into organization_members (user_id, organization_id, role, app_installed, created_at)
    select u.id, ${organizationId}, 'member', u.id % 3 <> 0, timestamptz '2024-01-01'
    from users u where u.firebase_uid like 'bench-%'`);
  await db.execute(sql`
    insert into groups (organization_id, name) select ${organizationId}, 'Division ' || i from generate_series(1, 4) i`);
  await db.execute(sql`
    insert into groups (organization_id, name, parent_id)
    select ${organizationId}, p.name || ' / Team ' || i, p.id from groups p cross join generate_series(1, 4) i
    where p.organization_id = ${organizationId}`);
  const groupIds = (
    (await db.execute(sql`select id from groups where organization_id = ${organizationId} order by id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => Number(row.id));
  const teams = groupIds.slice(4);
  await db.execute(sql`
    insert into group_memberships (group_id, organization_member_id)
    select (array[${sql.join(
      teams.map((id) => sql`${id}::int`),
      sql`, `,
    )}])[1 + m.id % ${teams.length}::int], m.id
    from organization_members m where m.organization_id = ${organizationId}::int`);

  // In slices of members, so neither engine holds millions of pending rows in one statement.
  const slice = 500;
  const memberIds = (
    (await db.execute(sql`select id from organization_members where organization_id = ${organizationId} order by id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => Number(row.id));
  for (let start = 0; start < memberIds.length; start += slice) {
    const ids = memberIds.slice(start, start + slice);
    await db.execute(sql`
      insert into activity_days (organization_member_id, day, steps, workout_minutes, calories, distance_meters, health_points, source)
      select f.member_id, f.day, f.steps, f.minutes, f.steps / 25, (f.steps * 0.7)::int,
        least(12, least(8, f.steps / 1000) + case when f.minutes < 10 then 0 else least(4, 2 + (f.minutes - 10) / 10) end),
        'app'
      from (
        select m.id as member_id, d::date as day,
          -- Members differ in level (m.id % 7), days vary around it: every point group gets members.
          ((m.id * 7919 + extract(doy from d)::int * 104729) % 13000) * (m.id % 7) / 4 as steps,
          ((m.id * 31 + extract(doy from d)::int * 17) % 61) * (m.id % 7) / 4 as minutes
        from unnest(array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::int[]) m(id)
        cross join generate_series(${LAST_DAY}::date - ${DAYS - 1}::int, ${LAST_DAY}::date, interval '1 day') d
      ) f`);
  }
  const rollup = performance.now();
  await handle.db.transaction((tx) => refreshActivityMonths(tx));
  console.log(`  month totals (activity_months) computed in ${seconds(performance.now() - rollup)}`);
  const sample = (
    (await db.execute(sql`select steps, workout_minutes, health_points from activity_days limit 1000`)) as unknown as {
      rows: { steps: number; workout_minutes: number; health_points: number }[];
    }
  ).rows;
  const wrong = sample.filter((row) => dailyHealthPoints({ steps: row.steps, workoutMinutes: row.workout_minutes }) !== row.health_points);
  if (wrong.length > 0) throw new Error(`generated points differ from the shared formula: ${JSON.stringify(wrong[0])}`);
  await db.execute(sql`analyze`);
  return { organizationId, groupIds };
}

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  const timings = await sortedTimings(RUNS, run);
  console.log(
    `  ${label.padEnd(52)} min ${timings[0]!.toFixed(0).padStart(5)} ms   median ${timings[Math.floor(RUNS / 2)]!.toFixed(0).padStart(5)} ms`,
  );
}

async function bench(engine: string, handle: DatabaseHandle): Promise<void> {
  console.log(`\n${engine}: loading ${MEMBERS.toLocaleString()} members x ${DAYS} days ...`);
  const started = performance.now();
  await migrateDatabase(handle);
  const { organizationId, groupIds } = await load(handle);
  const rows = Number(
    ((await handle.db.execute(sql`select count(*)::int as n from activity_days`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
  );
  console.log(`  loaded ${rows.toLocaleString()} activity rows in ${seconds(performance.now() - started)}`);

  const all: GroupFilter = { groupIds: [], mode: 'and' };
  const oneDivision: GroupFilter = { groupIds: [groupIds[0]!], mode: 'and' };
  const twoDivisionsOr: GroupFilter = { groupIds: [groupIds[0]!, groupIds[1]!], mode: 'or' };
  const inTransaction = <T>(work: (tx: Parameters<Parameters<typeof handle.db.transaction>[0]>[0]) => Promise<T>) =>
    handle.db.transaction(work);

  await time(`health_point_summary ${MONTH}, all members`, () =>
    inTransaction((tx) => healthPointSummary(tx, { organizationId, month: MONTH, filter: all })),
  );
  await time(`health_point_summary ${MONTH}, one division (AND)`, () =>
    inTransaction((tx) => healthPointSummary(tx, { organizationId, month: MONTH, filter: oneDivision })),
  );
  await time(`health_point_summary ${MONTH}, two divisions (OR)`, () =>
    inTransaction((tx) => healthPointSummary(tx, { organizationId, month: MONTH, filter: twoDivisionsOr })),
  );
  await time(`utilization_rates ${MONTH}, one organisation`, () =>
    inTransaction((tx) => utilizationRates(tx, { organizationIds: [organizationId], month: MONTH, filter: all })),
  );
  const summary = await inTransaction((tx) => healthPointSummary(tx, { organizationId, month: MONTH, filter: all }));
  console.log(
    `  (${summary.members.toLocaleString()} members, ${monthDays(MONTH).from}.., distribution ${JSON.stringify(summary.distribution)})`,
  );
}

await runOnEngines(bench, { defaultEngines: 'pglite,postgres', scratchPrefix: 'kiwi-bench-points-' });
