// `npm run bench:api`: GET /api/user under autocannon (50 connections, 10 s) against the real server on PGlite and,
// when it answers, PostgreSQL — in the same run as two floors, a bare node:http endpoint and a bare Express 5 one.
// Prints req/s, p50 and p99 and the ratios; asserts nothing (figures are for people).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureAuthEmulator, REPO_ROOT } from '../support/emulator';
import { postgresAnswers, TEST_POSTGRES_URL } from '../support/postgres';
import { stop } from '../../scripts/run';
import { startKiwiServer } from './kiwi-server';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import { signInWithPassword } from '../../server/src/test/factories';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
type Figures = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up fills the server's token and user caches, as in steady state.
  await autocannon({ url, connections: 5, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const figures = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  console.log(
    `${name.padEnd(28)} ${figures.rps.toFixed(0).padStart(8)} req/s  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms` +
      (figures.errors || figures.non2xx ? `  errors ${figures.errors} non-2xx ${figures.non2xx}` : ''),
  );
  return figures;
}

async function floor(kind: 'http' | 'express', port: number): Promise<ChildProcess> {
  const child = fork(join(REPO_ROOT, 'tests/load/floors.ts'), [kind, String(port)], { execArgv: ['--import', 'tsx'] });
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

const emulator = await ensureAuthEmulator();
const results: Figures[] = [];
try {
  const httpFloor = await floor('http', 18081);
  results.push(await measure('floor: bare node:http', 'http://127.0.0.1:18081/api/user'));
  await stop(httpFloor, 'SIGTERM');
  const expressFloor = await floor('express', 18082);
  results.push(await measure('floor: bare Express 5', 'http://127.0.0.1:18082/api/user'));
  await stop(expressFloor, 'SIGTERM');

  const engines: Array<{ name: string; url: string | null }> = [{ name: 'pglite', url: null }];
  let benchDb: string | null = null;
  if (await postgresAnswers()) {
    benchDb = `kiwi_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${benchDb}`);
    await admin.end();
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${benchDb}`;
    engines.push({ name: 'postgres', url: url.toString() });
  }
  for (const engine of engines) {
    const server = await startKiwiServer({
      name: 'bench',
      port: 18090,
      emulatorHost: emulator.host,
      databaseUrl: engine.url,
      env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    });
    try {
      const token = await signInWithPassword(emulator.host, 'member@acme.example', DEMO_PASSWORD);
      results.push(
        await measure(`GET /api/user (${engine.name})`, 'http://127.0.0.1:18090/api/user', { authorization: `Bearer ${token}` }),
      );
    } finally {
      await server.stop();
    }
  }
  if (benchDb) {
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
    await admin.end();
  }
} finally {
  await emulator.stop();
}

const [nodeFloor, expressFloor, ...kiwi] = results;
if (nodeFloor && expressFloor) {
  console.log(`\nbare Express / bare node:http: ${(expressFloor.rps / nodeFloor.rps).toFixed(2)}`);
  for (const run of kiwi) {
    console.log(
      `${run.name} / bare Express: ${(run.rps / expressFloor.rps).toFixed(2)}   / bare node:http: ${(run.rps / nodeFloor.rps).toFixed(2)}   p99 ${run.p99} ms`,
    );
  }
}
