// `npm run start:cluster` as a person uses it: it refuses to start without PostgreSQL; with it, the balancer on PORT
// and three replicas on PORT+1..PORT+3 answer (demo data seeded once), and SIGTERM stops every process it started.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import { signInWithPassword } from '../../server/src/test/factories';
import { type AuthEmulator, ensureAuthEmulator, isEmulatorUp, REPO_ROOT } from '../support/emulator';
import { clusterEnv, type FreshDatabase, freshDatabase, statusOf, until } from './cluster-support';

const children: ChildProcess[] = [];
let db: FreshDatabase | null = null;
let emulator: AuthEmulator | null = null;

function startCluster(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/cluster.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A port with the three after it free too (the replicas'). */
async function freePortRun(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all([0, 1, 2, 3].map((offset) => portFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db?.drop();
  await emulator?.stop();
}, 60_000);

describe('npm run start:cluster', () => {
  it('refuses to start without DATABASE_URL, saying why', async () => {
    const cluster = startCluster({ ...process.env, DATABASE_URL: '' });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toMatch(/needs PostgreSQL: set DATABASE_URL/);
  });

  it('starts the balancer, three replicas and a worker, and stops every one of them on SIGTERM', async () => {
    emulator = await ensureAuthEmulator();
    db = await freshDatabase();
    const port = await freePortRun();
    const cluster = startCluster(clusterEnv(db.url, emulator.host, { PORT: String(port), SEED_DEMO: 'true' }));
    await until('the cluster banner', async () => cluster.output().includes('Kiwi cluster is running'), cluster.output, 150_000);
    for (const offset of [0, 1, 2, 3]) expect(await statusOf(`http://127.0.0.1:${port + offset}/api/ready`)).toBe(200);
    // The demo data was seeded once, before the replicas: a demo member signs in and is known on every replica.
    const token = await signInWithPassword(emulator.host, 'member@acme.example', DEMO_PASSWORD);
    for (let request = 0; request < 3; request += 1) {
      const user = await fetch(`http://127.0.0.1:${port}/api/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(user.status).toBe(200);
    }
    const connections = async () =>
      Number(
        (
          await db!.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
        )[0]?.n,
      );
    // Replicas and the worker hold connections to the database.
    expect(await connections()).toBeGreaterThan(3);

    cluster.child.kill('SIGTERM');
    expect(await cluster.exited, cluster.output()).toBe(0);
    for (const offset of [0, 1, 2, 3]) expect(await statusOf(`http://127.0.0.1:${port + offset}/api/ready`)).toBe(0);
    // Every replica and the worker are gone (the pool of this test aside, nobody is connected); the emulator it did not
    // start is left running.
    await until('every connection closed', async () => (await connections()) <= 1, cluster.output, 10_000);
    expect(await isEmulatorUp(emulator.host)).toBe(true);
  });
});
