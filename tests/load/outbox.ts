// `node --import tsx tests/load/outbox.ts`: outbox delivery throughput. NOTIFICATIONS Slack notifications are queued,
// then delivered to a local HTTP receiver standing in for Slack by one worker and by two workers (two connection pools
// on PostgreSQL; two workers on the one PGlite session). Prints messages/s and checks 0 lost, 0 doubled by counting
// what the receiver got; asserts nothing (not part of `npm test`).
import { PGlite } from '@electric-sql/pglite';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { startFakeSlack } from '../../slack-app/src/testing/fake-slack';
import { type DatabaseHandle, wrapPGlite, wrapPool } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { outbox } from '../../server/src/db/schema/outbox';
import { organizations } from '../../server/src/db/schema/organizations';
import { slackWebhooks } from '../../server/src/db/schema/slack';
import { createWorkers } from '../../server/src/workers';
import { postgresAnswers, TEST_POSTGRES_URL, withScratchDatabase } from '../support/postgres';

const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const slack = await startFakeSlack();
const config = { publicUrl: 'https://kiwi.example', mail: { smtpUrl: undefined, from: 'bench@kiwi.example' } };

async function prepare(db: DatabaseHandle, run: string): Promise<number> {
  const [org] = await db.db
    .insert(organizations)
    .values({ name: `Bench ${run}`, identifier: `bench-${run}` })
    .returning();
  await db.db.insert(slackWebhooks).values({ organizationId: org!.id, url: `${slack.url}/services/T/B/${run}`, language: 'en' });
  for (let start = 0; start < NOTIFICATIONS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, NOTIFICATIONS - start) }, (_, i) => ({
      topic: 'slack.test_message',
      payload: { requestedBy: `${run}-${start + i}` },
      organizationId: org!.id,
    }));
    await db.db.insert(outbox).values(rows);
  }
  return org!.id;
}

async function deliver(engine: string, handles: DatabaseHandle[], run: string) {
  const organizationId = await prepare(handles[0]!, run);
  slack.received.length = 0;
  const workers = handles.map((db) => createWorkers({ db, config, outbox: { batchSize: BATCH, pollIntervalMs: 5 } }));
  const started = performance.now();
  for (const worker of workers) worker.outbox.start();
  const pending = async () => (await handles[0]!.db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'pending')))[0]!.n;
  while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(workers.map((worker) => worker.stop()));
  const labels = slack.webhookPosts().map((post) => JSON.stringify((post.json as { blocks: unknown[] }).blocks[1]));
  const unique = new Set(labels).size;
  const done = (
    await handles[0]!.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.organizationId, organizationId), eq(outbox.status, 'done')))
  )[0]!.n;
  console.log(
    `${engine.padEnd(10)} ${String(handles.length).padStart(1)} worker(s): ${NOTIFICATIONS} in ${seconds.toFixed(1)} s = ${(NOTIFICATIONS / seconds).toFixed(0).padStart(5)} msgs/s  ` +
      `received ${labels.length}, lost ${NOTIFICATIONS - unique}, doubled ${labels.length - unique} (rows done ${done})`,
  );
}

// PGlite: one in-memory session; two workers share it (as two workers in one process would).
const lite = wrapPGlite((await PGlite.create()) as unknown as Parameters<typeof wrapPGlite>[0]);
await migrateDatabase(lite);
await deliver('pglite', [lite], 'lite-1');
await deliver('pglite', [lite, lite], 'lite-2');
await lite.close();

if (await postgresAnswers()) {
  await withScratchDatabase(async (url) => {
    const open = () => wrapPool(new pg.Pool({ connectionString: url, max: 5 }));
    const one = open();
    const two = open();
    try {
      await migrateDatabase(one);
      await deliver('postgres', [one], 'pg-1');
      await deliver('postgres', [one, two], 'pg-2');
    } finally {
      await one.close();
      await two.close();
    }
  });
} else {
  console.log(`postgres: not reachable at ${TEST_POSTGRES_URL}; skipped`);
}
await slack.close();
