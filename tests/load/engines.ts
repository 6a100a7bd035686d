// Where a load benchmark runs: PGlite on disk (a scratch folder, removed after) and PostgreSQL (a scratch database,
// dropped after), as ENGINES says (comma-separated; each benchmark names its default).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, openDatabase } from '../../server/src/db/client';
import { postgresAnswers, TEST_POSTGRES_URL, withScratchDatabase } from '../support/postgres';

export async function runOnEngines(
  bench: (engine: string, handle: DatabaseHandle) => Promise<void>,
  { defaultEngines, scratchPrefix }: { defaultEngines: string; scratchPrefix: string },
): Promise<void> {
  const engines = (process.env.ENGINES ?? defaultEngines).split(',');
  if (engines.includes('pglite')) {
    // On disk, as the product runs by default (DATA_DIR).
    const dataDir = mkdtempSync(join(tmpdir(), scratchPrefix));
    const lite = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      await bench('PGlite (on disk)', lite);
    } finally {
      await lite.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!engines.includes('postgres')) return;
  if (!(await postgresAnswers())) {
    console.log(`\nPostgreSQL: ${TEST_POSTGRES_URL} does not answer; skipped.`);
    return;
  }
  await withScratchDatabase(async (url) => {
    const handle = await openDatabase({ dataDir: tmpdir(), databaseUrl: url });
    try {
      await bench('PostgreSQL', handle);
    } finally {
      await handle.close();
    }
  });
}
