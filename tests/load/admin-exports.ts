// `node --import tsx tests/load/admin-exports.ts`: the score export (issue 20 point 7) of 100,000 member-months (one
// organisation, MEMBERS members x MONTHS months of activity_months) in UTF-8 and Shift_JIS, on PGlite (on disk, in a
// scratch folder) and, when it answers, PostgreSQL (a scratch database, dropped after). Prints the time the export worker
// takes, rows per second, the file size and memory: the heap's peak over the batches (sampled after each one) above
// the heap before, and the process's peak RSS (resourceUsage().maxRSS; with PGlite the database lives in this process
// too). Run with --expose-gc for the live figure (heap + buffers after a collection, sampled after each batch). Asserts nothing (figures are for people; docs/performance.md). ENGINES, MEMBERS and MONTHS override.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { exportJobs } from '../../server/src/db/schema/admin-console';
import { createExportWorker } from '../../server/src/modules/exports/worker';
import { runOnEngines } from './engines';

const MEMBERS = Number(process.env.MEMBERS ?? 8_334);
const MONTHS = Number(process.env.MONTHS ?? 12);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One organisation of MEMBERS members with Japanese names, each with MONTHS months of health points (2025). */
async function load(handle: DatabaseHandle): Promise<number> {
  const db = handle.db;
  const identifier = `bench-${randomBytes(3).toString('hex')}`;
  const { rows } = (await db.execute(
    sql`insert into organizations (name, identifier, number_of_members) values ('ベンチ株式会社', ${identifier}, null) returning id`,
  )) as unknown as { rows: { id: number }[] };
  const organizationId = Number(rows[0]!.id);
  await db.execute(sql`
    insert into users (firebase_uid, email, name)
    select 'bench-' || i, 'bench' || i || '@bench.example', '髙橋, "花子" ' || i from generate_series(1, ${MEMBERS}) i`);
  await db.execute(sql`
    insert into organization_members (user_id, organization_id, created_at)
    select u.id, ${organizationId}, timestamptz '2024-01-01' from users u where u.firebase_uid like 'bench-%'`);
  await db.execute(sql`
    insert into activity_months (organization_member_id, month, health_points, active_days)
    select m.id, (date '2025-01-01' + make_interval(months => k))::date, (m.id * 7 + k) % 300, (m.id + k) % 28
    from organization_members m cross join generate_series(0, ${MONTHS - 1}) k
    where m.organization_id = ${organizationId}`);
  return organizationId;
}

async function bench(engine: string, handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  const started = performance.now();
  const organizationId = await load(handle);
  console.log(`\n${engine}: ${MEMBERS} members x ${MONTHS} months loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const to = `2025-${String(MONTHS).padStart(2, '0')}`;
  for (const encoding of ['utf8_bom', 'shift_jis'] as const) {
    const [job] = await handle.db
      .insert(exportJobs)
      .values({ kind: 'score', encoding, params: { organizationId, groupId: null, from: '2025-01', to, language: 'ja' } })
      .returning({ id: exportJobs.id });
    // Live memory (heap + buffers) after a collection, before and after each batch: what the export holds, not garbage.
    const live = () => {
      globalThis.gc?.();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    const liveBefore = live();
    let livePeak = liveBefore;
    let heapPeak = process.memoryUsage().heapUsed;
    const worker = createExportWorker({
      db: handle,
      onBatch: () => {
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
        livePeak = Math.max(livePeak, live());
      },
    });
    const t0 = performance.now();
    await worker.runOnce();
    const ms = performance.now() - t0;
    const [row] = await handle.db
      .select({ status: exportJobs.status, rowsDone: exportJobs.rowsDone, byteSize: exportJobs.byteSize })
      .from(exportJobs)
      .where(sql`${exportJobs.id} = ${job!.id}`);
    console.log(
      `  score ${encoding.padEnd(9)} ${row!.status} ${row!.rowsDone} rows in ${(ms / 1000).toFixed(2)} s ` +
        `(${Math.round((row!.rowsDone / ms) * 1000)} rows/s), file ${mb(row!.byteSize ?? 0)}, ` +
        `live peak +${mb(livePeak - liveBefore)}, heap peak ${mb(heapPeak)}, max RSS ${mb(process.resourceUsage().maxRSS * 1024)}`,
    );
  }
}

await runOnEngines(bench, { defaultEngines: 'pglite,postgres', scratchPrefix: 'kiwi-bench-exports-' });
