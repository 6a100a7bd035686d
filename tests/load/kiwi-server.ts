// What the benchmarks share: the real server as a separate process on a scratch data folder, and a few figures helpers.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { stop } from '../../scripts/run';
import { ensureAuthEmulator, REPO_ROOT } from '../support/emulator';
import { postgresAnswers, withScratchDatabase } from '../support/postgres';

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer`);
}

export type KiwiServer = { pid: number; base: string; stop: () => Promise<void> };

/**
 * `server/src/main.ts` on 127.0.0.1:`port` with the demo seed, on a fresh data folder (PGlite) or `databaseUrl`,
 * answering /api/health before this resolves. `env` adds or overrides variables (WORKERS, LOG_LEVEL, rate limits).
 */
export async function startKiwiServer({
  name,
  port,
  emulatorHost,
  databaseUrl,
  env = {},
}: {
  name: string;
  port: number;
  emulatorHost: string;
  databaseUrl: string | null;
  env?: Record<string, string>;
}): Promise<KiwiServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `kiwi-${name}-`));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return {
    pid: child.pid!,
    base,
    stop: async () => {
      await stop(child, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value below which `p` percent of the sorted figures lie (NaN for none). */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Runs `run` once to warm up, then `runs` times: the timings in ms, sorted. */
export async function sortedTimings(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const timings: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

/** One connection on `url` for `seconds` seconds after 2 s of warm-up, signed in with `token`: prints p50, p99, req/s. */
export async function printLatency(label: string, url: string, token: string, seconds: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, connections: 1, duration: 2, headers });
  const result = await autocannon({ url, connections: 1, duration: seconds, headers });
  console.log(
    `  ${label.padEnd(44)} p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ` +
      `${result.requests.average.toFixed(1).padStart(5)} req/s` +
      (result.errors || result.non2xx ? `  errors ${result.errors} non-2xx ${result.non2xx}` : ''),
  );
}

/** A signed-in JSON call to the benchmarked server; throws with the answer outside 2xx. */
export async function callApi<T>(base: string, path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** `run` on PGlite, then on a scratch PostgreSQL database when one answers, with one auth emulator for both. */
export async function onEachEngine(
  run: (engine: 'pglite' | 'postgres', emulatorHost: string, databaseUrl: string | null) => Promise<void>,
) {
  const emulator = await ensureAuthEmulator();
  try {
    await run('pglite', emulator.host, null);
    if (await postgresAnswers()) await withScratchDatabase((url) => run('postgres', emulator.host, url));
    else console.log('postgres: not answering at TEST_DATABASE_URL, skipped');
  } finally {
    await emulator.stop();
  }
}
