// `node --import tsx tests/load/walking-ranking.ts`: a walking event's rankings at scale: MEMBERS (10,000) members in
// TEAMS (500) teams over a DAYS (30) day event, one activity row per member and day (300,000 rows), on PostgreSQL (a
// scratch database, dropped after) and, with ENGINES=pglite,postgres, PGlite on disk. Prints p50 / p99 of RUNS (50)
// runs after a warm-up of: the team ranking, the personal top 100, a member's own rank (what GET team_summary and
// personal_summary compute and present), and the time from a member's sync (the day's row rewritten) to a ranking
// that shows it. Asserts that the sync shows; the figures are for people (target < 100 ms on PostgreSQL).
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addDays, tokyoDay } from '../../shared/src/domain/walking-event';
import type { DatabaseHandle } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { type WalkingEventRow, walkingEvents } from '../../server/src/db/schema/walking-events';
import { presentPersonalSummary, presentTeamSummary } from '../../server/src/modules/walking-events/presenter';
import { standingsOf } from '../../server/src/modules/walking-events/rankings';
import { runOnEngines } from './engines';
import { percentile, sortedTimings } from './kiwi-server';

const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const TEAMS = Number(process.env.TEAMS ?? 500);
const DAYS = Number(process.env.DAYS ?? 30);
const RUNS = Number(process.env.RUNS ?? 50);

type Rows<T> = { rows: T[] };
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One organisation, its members in TEAMS teams of a running event whose DAYS days (to today, Tokyo) all have rows. */
async function load(handle: DatabaseHandle): Promise<{ event: WalkingEventRow; memberIds: number[] }> {
  const db = handle.db;
  const today = tokyoDay(new Date());
  const startedAt = addDays(today, -(DAYS - 1));
  const [organization] = (
    (await db.execute(
      sql`insert into organizations (name, identifier, number_of_members) values ('Bench', ${`bench-${randomBytes(3).toString('hex')}`}, null) returning id`,
    )) as unknown as Rows<{ id: number }>
  ).rows;
  const organizationId = Number(organization!.id);
  await db.execute(sql`
    insert into users (firebase_uid, email, name) select 'walk-' || i, 'walk' || i || '@bench.example', 'Walker ' || i
    from generate_series(1, ${MEMBERS}) i`);
  await db.execute(sql`
    insert into organization_members (user_id, organization_id, role)
    select u.id, ${organizationId}, 'member' from users u where u.firebase_uid like 'walk-%'`);
  const [event] = (
    (await db.execute(sql`
      insert into walking_events (organization_id, title, started_at, ended_at, final_result_published_at, random_type,
        team_limit, member_limit, show_team_member_data, show_personal_statistics)
      values (${organizationId}, 'Bench walk', ${startedAt}, ${addDays(today, 1)}, now() + interval '10 days', 'balanced',
        ${TEAMS}, ${Math.ceil(MEMBERS / TEAMS)}, true, true)
      returning id`)) as unknown as Rows<{ id: number }>
  ).rows;
  const eventId = Number(event!.id);
  await db.execute(sql`
    insert into walking_event_teams (walking_event_id, name) select ${eventId}, 'Team ' || i from generate_series(1, ${TEAMS}) i`);
  await db.execute(sql`
    insert into walking_event_team_members (walking_event_id, team_id, organization_member_id)
    select ${eventId}, t.id, m.id
    from (select id, row_number() over (order by id) - 1 as n from organization_members where organization_id = ${organizationId}) m
    join (select id, row_number() over (order by id) - 1 as n from walking_event_teams where walking_event_id = ${eventId}) t
      on t.n = m.n % ${TEAMS}`);
  const memberIds = (
    (await db.execute(sql`select id from organization_members where organization_id = ${organizationId} order by id`)) as unknown as Rows<{
      id: number;
    }>
  ).rows.map((row) => Number(row.id));
  for (let start = 0; start < memberIds.length; start += 1000) {
    const ids = memberIds.slice(start, start + 1000);
    await db.execute(sql`
      insert into activity_days (organization_member_id, day, steps, source)
      select m.id, d::date, (m.id * 7919 + extract(doy from d)::int * 104729) % 15000, 'app'
      from unnest(array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]) m(id)
      cross join generate_series(${startedAt}::date, ${today}::date, interval '1 day') d`);
  }
  await db.execute(sql`analyze`);
  const [full] = await db.select().from(walkingEvents).where(eq(walkingEvents.id, eventId));
  return { event: full!, memberIds };
}

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  const timings = await sortedTimings(RUNS, run);
  console.log(
    `  ${label.padEnd(44)} p50 ${percentile(timings, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(timings, 99).toFixed(1).padStart(7)} ms`,
  );
}

async function bench(engine: string, handle: DatabaseHandle): Promise<void> {
  console.log(`\n${engine}: ${MEMBERS.toLocaleString()} members in ${TEAMS} teams over ${DAYS} days ...`);
  const started = performance.now();
  await migrateDatabase(handle);
  const { event, memberIds } = await load(handle);
  const rows = Number(
    ((await handle.db.execute(sql`select count(*)::int as n from activity_days`)) as unknown as Rows<{ n: number }>).rows[0]!.n,
  );
  console.log(`  loaded ${rows.toLocaleString()} activity rows in ${seconds(performance.now() - started)}`);
  const manager = { manages: true, organizationMemberId: null };
  const someone = memberIds[Math.floor(memberIds.length / 2)]!;
  const member = { manages: false, organizationMemberId: someone };
  const now = () => new Date();

  await time('team ranking (team_summary, manager)', () =>
    handle.db.transaction(async (tx) => presentTeamSummary(await standingsOf(tx, event, now()), event, manager)),
  );
  await time('personal top 100 (personal_summary)', () =>
    handle.db.transaction(async (tx) => presentPersonalSummary(await standingsOf(tx, event, now()), event, manager, 100)),
  );
  await time("a member's own rank (personal_summary, per=1)", () =>
    handle.db.transaction(async (tx) => presentPersonalSummary(await standingsOf(tx, event, now()), event, member, 1)),
  );

  // Sync to ranking: the member's today row rewritten with more steps, then the ranking read again.
  const today = tokyoDay(new Date());
  const syncs: number[] = [];
  let previous: number | undefined;
  for (let i = 1; i <= 10; i += 1) {
    const steps = 100_000 + i;
    const syncStarted = performance.now();
    await handle.db.execute(sql`update activity_days set steps = ${steps} where organization_member_id = ${someone} and day = ${today}`);
    const document = await handle.db.transaction(async (tx) =>
      presentPersonalSummary(await standingsOf(tx, event, now()), event, member, 1),
    );
    syncs.push(performance.now() - syncStarted);
    const rows = document.data as unknown as { attributes: { mine: boolean; 'total-steps': number } }[];
    const total = rows.find((row) => row.attributes.mine)?.attributes['total-steps'];
    // Each sync adds one step to the day: the ranking read right after must show it.
    if (total === undefined || (previous !== undefined && total !== previous + 1)) throw new Error(`the sync does not show: ${total}`);
    previous = total;
  }
  syncs.sort((a, b) => a - b);
  console.log(
    `  ${'sync -> ranking shows it'.padEnd(44)} p50 ${percentile(syncs, 50).toFixed(1).padStart(7)} ms   max ${syncs.at(-1)!.toFixed(1).padStart(7)} ms`,
  );
}

await runOnEngines(bench, { defaultEngines: 'postgres', scratchPrefix: 'kiwi-bench-walking-' });
