// The processes of a Kiwi deployment on one PostgreSQL, as `npm run start:cluster`, its tests and its benchmark run
// them: the migrate-once step, server replicas (workers off) and a standalone worker (docs/deploy.md).
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../tests/support/emulator';
import { run, spawnGuarded, stop } from '../run';

export type KiwiProcess = {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number>;
  stop(): Promise<void>;
};

export type ProcessOptions = {
  /** Environment of every process: DATABASE_URL, FIREBASE_AUTH_EMULATOR_HOST ... */
  env: NodeJS.ProcessEnv;
  /** Each output line, prefixed with the process's name; default: this process's stdout. */
  log?: (line: string) => void;
};

const tsx = (file: string) => ['--import', 'tsx', join(REPO_ROOT, file)];

/** Migrations (and the demo seed with SEED_DEMO=true) once, before any replica starts. */
export async function migrateOnce({ env }: ProcessOptions): Promise<void> {
  const code = await run(process.execPath, tsx('server/src/migrate-main.ts'), { cwd: REPO_ROOT, env });
  if (code !== 0) throw new Error(`migrations failed (exit code ${code})`);
}

function spawnKiwi(name: string, file: string, env: NodeJS.ProcessEnv, log: (line: string) => void): KiwiProcess {
  const child = spawnGuarded('SIGTERM', process.execPath, tsx(file), { cwd: REPO_ROOT, env, output: 'pipe' });
  let pending = '';
  const collect = (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) log(`[${name}] ${line}`);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { name, child, exited, stop: () => stop(child, 'SIGTERM') };
}

/** One server replica on `port`: no workers, no seeding, no widgets demo; behind a balancer on loopback. */
export function startReplica(index: number, port: number, { env, log = console.log }: ProcessOptions): KiwiProcess {
  return spawnKiwi(
    `replica ${index}`,
    'server/src/main.ts',
    {
      ...env,
      PORT: String(port),
      WORKERS: 'false',
      SEED_DEMO: 'false',
      WIDGETS_DEMO_PORT: '',
      // The balancer adds X-Forwarded-For: per-client limits see the client, not the balancer.
      TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
    },
    log,
  );
}

/** The standalone worker (outbox, jobs, gift issuing, exports), with Firebase admin access for account deletions. */
export function startWorker(name: string, { env, log = console.log }: ProcessOptions): KiwiProcess {
  return spawnKiwi(name, 'server/src/worker-main.ts', env, log);
}

/** Waits until `url` answers 200 (a replica's /api/ready); fails early when `process` exits meanwhile. */
export async function waitUntilReady(url: string, process: KiwiProcess | null, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void process?.exited.then(() => (exited = true));
  for (;;) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (ok) return;
    if (exited) throw new Error(`${process?.name} exited before ${url} answered`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
