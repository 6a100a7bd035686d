// `node --import tsx tests/load/moderation.ts`: resolving a member report (issue 19) that deletes POSTS (10,000) guild
// messages across GUILDS (200) guilds in one transaction, on PGlite on disk and PostgreSQL (a scratch database; ENGINES
// picks). Meanwhile a reader subscribed (the realtime hub the SSE streams use) to one of those guilds and to an
// unrelated guild, and a colleague posts to both every 50 ms. Prints the resolve time, how long posts waited, and
// whether the reader received every deletion and every post. Asserts that nothing was lost.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { guildMessages } from '../../server/src/db/schema/guilds';
import { appendGuildEvent } from '../../server/src/modules/guilds/event-log';
import { createGuildHub } from '../../server/src/modules/guilds/stream';
import { findReportedObject } from '../../server/src/modules/violation-reports/objects';
import { decideReport, fileReport } from '../../server/src/modules/violation-reports/service';
import { runOnEngines } from './engines';
import { percentile } from './kiwi-server';

const POSTS = Number(process.env.POSTS ?? 10_000);
const GUILDS = Number(process.env.GUILDS ?? 200);
const POST_EVERY_MS = 50;

type Rows<T> = { rows: T[] };
const one = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as Rows<T>).rows[0]!;

async function load(handle: DatabaseHandle) {
  const suffix = randomBytes(3).toString('hex');
  const { id: organizationId } = await one<{ id: number }>(
    handle,
    sql`insert into organizations (name, identifier) values ('Bench', ${`bench-${suffix}`}) returning id`,
  );
  const member = async (name: string, role = 'member') => {
    const { id: userId } = await one<{ id: number }>(
      handle,
      sql`insert into users (firebase_uid, email, name) values (${`${name}-${suffix}`}, ${`${name}-${suffix}@bench.example`}, ${name}) returning id`,
    );
    return Number(
      (
        await one<{ id: number }>(
          handle,
          sql`insert into organization_members (user_id, organization_id, role) values (${userId}, ${organizationId}, ${role}) returning id`,
        )
      ).id,
    );
  };
  const [troll, reader, manager] = [await member('troll'), await member('reader'), await member('manager', 'manager')];
  await handle.db.execute(sql`insert into guilds (organization_id, author_member_id, name)
    select ${organizationId}, ${reader}, 'Guild ' || i from generate_series(1, ${GUILDS + 1}) i`);
  const guildIds = (
    (await handle.db.execute(sql`select id from guilds where organization_id = ${organizationId} order by id`)) as unknown as Rows<{
      id: number;
    }>
  ).rows.map((row) => Number(row.id));
  const quiet = guildIds.pop()!;
  await handle.db.execute(sql`insert into guild_members (guild_id, organization_member_id, status)
    select g.id, m.id, 'joined' from guilds g cross join (values (${troll}::int), (${reader}::int)) as m(id) where g.organization_id = ${organizationId}`);
  await handle.db.execute(sql`insert into guild_messages (guild_id, organization_member_id, body)
    select g.id, ${troll}, 'spam ' || i
    from generate_series(0, ${POSTS - 1}) i
    join (select id, row_number() over (order by id) - 1 as n from guilds where organization_id = ${organizationId} and id <> ${quiet}) g
      on g.n = i % ${GUILDS}`);
  const { id: managerUserId } = await one<{ id: number }>(
    handle,
    sql`select user_id as id from organization_members where id = ${manager}`,
  );
  return { organizationId, troll, reader, managerUserId: Number(managerUserId), busy: guildIds[0]!, quiet };
}

async function bench(engine: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  const world = await load(handle);
  const report = await handle.db.transaction(async (tx) =>
    fileReport(tx, {
      object: (await findReportedObject(tx, 'OrganizationMember', world.troll))!,
      reporter: { memberId: world.reader, guestId: null, name: 'reader' },
      input: { violation_object_type: 'OrganizationMember', violation_object_id: world.troll, reason_category: 'spam' },
      now: new Date(),
    }),
  );

  const hub = createGuildHub(handle, pino({ level: 'silent' }));
  const received = { busyDeleted: 0, busyCreated: 0, quietCreated: 0 };
  const unsubscribe = await Promise.all([
    hub.subscribe(world.busy, 0, {
      deliver: (event) => {
        if (event.kind === 'message.deleted') received.busyDeleted += 1;
        if (event.kind === 'message.created') received.busyCreated += 1;
      },
      reset: () => console.log('busy guild stream reset'),
    }),
    hub.subscribe(world.quiet, 0, {
      deliver: (event) => {
        if (event.kind === 'message.created') received.quietCreated += 1;
      },
      reset: () => console.log('quiet guild stream reset'),
    }),
  ]);

  // A colleague keeps posting to one of the troll's guilds and to an unrelated one while the resolve runs.
  const waits: number[] = [];
  let posting = true;
  let posted = 0;
  const post = async (guildId: number) => {
    const started = performance.now();
    await handle.db.transaction(async (tx) => {
      const [row] = await tx.insert(guildMessages).values({ guildId, organizationMemberId: world.reader, body: 'still here' }).returning();
      await appendGuildEvent(tx, guildId, 'message.created', { message: { id: row!.id } });
    });
    waits.push(performance.now() - started);
    posted += 1;
  };
  const poster = (async () => {
    while (posting) {
      await Promise.all([post(world.busy), post(world.quiet)]);
      await new Promise((resolve) => setTimeout(resolve, POST_EVERY_MS));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 200));

  const started = performance.now();
  const { deletedCount } = await handle.db.transaction((tx) =>
    decideReport(tx, {
      organizationId: world.organizationId,
      reportId: report.id,
      decider: { userId: world.managerUserId, name: 'bench' },
      decision: 'resolve',
      now: new Date(),
    }),
  );
  const resolveMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 500));
  posting = false;
  await poster;

  const perGuild = POSTS / GUILDS;
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && (received.busyDeleted < perGuild || received.busyCreated + received.quietCreated < posted))
    await new Promise((resolve) => setTimeout(resolve, 100));
  for (const stop of unsubscribe) stop();
  await hub.close();

  waits.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `${engine.padEnd(17)} resolve deleted ${deletedCount} posts in ${GUILDS} guilds: ${ms(resolveMs)}` +
      `  reader got ${received.busyDeleted}/${perGuild} deletions of its guild` +
      `  posts during the run ${posted}, received ${received.busyCreated + received.quietCreated}` +
      `  (post wait p50 ${ms(percentile(waits, 50))}, max ${ms(waits.at(-1) ?? 0)}; load average ${loadavg()[0]!.toFixed(1)})`,
  );
  if (deletedCount !== POSTS || received.busyDeleted < perGuild || received.busyCreated + received.quietCreated < posted) {
    throw new Error('the reader missed deletions or messages');
  }
}

await runOnEngines(bench, { defaultEngines: 'pglite,postgres', scratchPrefix: 'kiwi-bench-moderation-' });
process.exit(0);
