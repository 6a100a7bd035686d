// `node --import tsx tests/load/csv-import.ts`: the member CSV import of ROWS rows (default 10,000; a third of them
// Shift_JIS-only text, every row with affiliations, occupations and a two-level group path) on PGlite (in memory) and,
// when it answers, PostgreSQL (a scratch database, dropped after). Runs the server's own decode -> validate -> apply
// (one transaction, invitation tokens and mails into the outbox) without HTTP. Prints seconds and rows/s for a first
// import (all new) and a second one (all updates); asserts nothing. The target is under 30 s on PGlite.
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import iconv from 'iconv-lite';
import pg from 'pg';
import { type DatabaseHandle, wrapPGlite, wrapPool } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { organizations } from '../../server/src/db/schema/organizations';
import { applyMemberCsv, readMemberCsv } from '../../server/src/modules/members/csv-import';
import { postgresAnswers, TEST_POSTGRES_URL, withScratchDatabase } from '../support/postgres';

const ROWS = Number(process.env.ROWS ?? 10_000);

function buildCsv(rows: number): Buffer {
  const lines = ['メールアドレス,氏名,権限,所属,職種,グループ,利用開始日,利用終了日'];
  for (let index = 1; index <= rows; index += 1) {
    lines.push(
      `bench${index}@bench.example,社員 ${index}号,${index % 50 === 0 ? 'manager' : 'member'},"第${index % 7}事業部,委員会${index % 3}",技術職,本社>部署${index % 20},2025-04-01,`,
    );
  }
  // Shift_JIS, as Excel in Japan saves it.
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'CP932');
}

async function importOnce(handle: DatabaseHandle, organizationId: number, bytes: Buffer) {
  const started = performance.now();
  const { rows } = readMemberCsv(bytes);
  const parsed = performance.now();
  const result = await handle.db.transaction((tx) =>
    applyMemberCsv(tx, organizationId, rows, { publicUrl: 'http://localhost:8080', language: 'ja', now: new Date() }),
  );
  const done = performance.now();
  return { ...result, parseMs: parsed - started, totalMs: done - started };
}

async function bench(name: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  const [organization] = await handle.db
    .insert(organizations)
    .values({ name: 'Bench', identifier: `bench-${randomBytes(3).toString('hex')}`, numberOfMembers: null })
    .returning({ id: organizations.id });
  const bytes = buildCsv(ROWS);
  console.log(`\n${name}: ${ROWS.toLocaleString('en')} rows, ${(bytes.length / 1024 / 1024).toFixed(2)} MB Shift_JIS`);
  for (const label of ['first import (new members)', 'second import (updates)']) {
    const figures = await importOnce(handle, organization!.id, bytes);
    const rowsPerSecond = Math.round(ROWS / (figures.totalMs / 1000));
    console.log(
      `  ${label.padEnd(28)} ${(figures.totalMs / 1000).toFixed(1).padStart(6)} s  ${String(rowsPerSecond).padStart(6)} rows/s` +
        `  (decode+validate ${Math.round(figures.parseMs)} ms; created ${figures.created}, updated ${figures.updated})`,
    );
  }
}

async function main() {
  const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) {
    const lite = wrapPGlite((await PGlite.create()) as unknown as Parameters<typeof wrapPGlite>[0]);
    try {
      await bench('PGlite (in memory)', lite);
    } finally {
      await lite.close();
    }
  }
  if (!engines.includes('postgres')) return;
  if (!(await postgresAnswers())) {
    console.log(`\nPostgreSQL: ${TEST_POSTGRES_URL} does not answer; skipped.`);
    return;
  }
  await withScratchDatabase(async (url) => {
    const handle = wrapPool(new pg.Pool({ connectionString: url, max: 2 }));
    try {
      await bench('PostgreSQL', handle);
    } finally {
      await handle.close();
    }
  });
}

await main();
