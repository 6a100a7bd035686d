// `npm run start:cluster`: Kiwi as a container platform runs it (docs/deploy.md), on this machine. Against the
// PostgreSQL in DATABASE_URL: migrations (and the demo seed with SEED_DEMO=true) once, three server replicas on
// PORT+1..PORT+3 with workers off, one standalone worker, and a round-robin load balancer on PORT (default 8080).
// The Auth Emulator at FIREBASE_AUTH_EMULATOR_HOST is used when it answers, else one is started as `npm start` does.
// A replica that exits is started again; SIGUSR2 restarts the replicas one by one (a rolling restart). Ctrl-C or
// SIGTERM stops every process started here: balancer, replicas, worker, then the emulator.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type AuthEmulator, isEmulatorUp, REPO_ROOT, startAuthEmulator } from '../tests/support/emulator';
import { type Balancer, startBalancer } from './cluster/balancer';
import { type KiwiProcess, migrateOnce, startReplica, startWorker, waitUntilReady } from './cluster/processes';

const REPLICAS = 3;

const databaseUrl = process.env.DATABASE_URL?.trim();
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'npm run start:cluster needs PostgreSQL: set DATABASE_URL=postgres://user@host:5432/database (PGlite allows one process only).',
  );
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 1 || port + REPLICAS > 65535) {
  console.error(`PORT must be a port number with ${REPLICAS} free ports after it (got ${process.env.PORT}).`);
  process.exit(1);
}
const host = process.env.HOST?.trim() || '127.0.0.1';
const dataDir = resolve(process.env.DATA_DIR ?? join(REPO_ROOT, 'data'));
const usesRealFirebase = Boolean(process.env.GOOGLE_APPLICATION_CREDENTIALS) && !process.env.FIREBASE_AUTH_EMULATOR_HOST;
const log = (line: string) => console.log(line);

let stopping = false;
let emulator: AuthEmulator | null = null;
let balancer: Balancer | null = null;
let worker: KiwiProcess | null = null;
const replicas: (KiwiProcess | null)[] = Array(REPLICAS).fill(null);
const replicaPort = (index: number) => port + 1 + index;
const replicaUrl = (index: number) => `http://127.0.0.1:${replicaPort(index)}`;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the Kiwi cluster...');
  await balancer?.close();
  // Replicas drain (not ready, in-flight requests finished, streams told to reconnect) and exit; the worker finishes its batch.
  await Promise.all([...replicas.map((replica) => replica?.stop()), worker?.stop()]);
  await emulator?.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

async function main() {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
  if (!usesRealFirebase && !(await isEmulatorUp(emulatorHost))) {
    mkdirSync(dataDir, { recursive: true });
    emulator = await startAuthEmulator({ host: emulatorHost, dataDir: join(dataDir, 'firebase') });
    log(`Firebase Auth Emulator on http://${emulator.host} (project demo-kiwi)`);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Links in mails and Slack point at the balancer, not at one replica.
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    ...(usesRealFirebase ? {} : { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }),
  };
  await migrateOnce({ env });
  if (stopping) return;

  const launch = (index: number) => {
    const replica = startReplica(index + 1, replicaPort(index), { env, log });
    replicas[index] = replica;
    // A replica that dies is started again, as a container platform would.
    void replica.exited.then((exitCode) => {
      if (stopping || replicas[index] !== replica) return;
      log(`replica ${index + 1} exited (code ${exitCode}); starting it again`);
      setTimeout(() => stopping || launch(index), 1_000);
    });
    return replica;
  };
  await Promise.all(Array.from({ length: REPLICAS }, (_unused, index) => waitUntilReady(`${replicaUrl(index)}/api/ready`, launch(index))));
  worker = startWorker('worker', { env, log });
  if (stopping) return;

  balancer = await startBalancer({ port, host, targets: replicas.map((_replica, index) => replicaUrl(index)), log });
  const shown = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(host) ? 'localhost' : host;
  log(
    [
      '',
      `Kiwi cluster is running at http://${shown}:${port}  (load balancer, round robin)`,
      ...replicas.map((_replica, index) => `  replica ${index + 1}: ${replicaUrl(index)}  (workers off)`),
      '  worker: the standalone outbox and jobs worker',
      `  database: ${new URL(databaseUrl as string).host}${new URL(databaseUrl as string).pathname}`,
      `Rolling restart: kill -USR2 ${process.pid}    Stop: Ctrl-C`,
      '',
    ].join('\n'),
  );

  // SIGUSR2: each replica in turn drains and stops, then starts again; the next one waits until it is ready.
  let rolling = false;
  process.on('SIGUSR2', async () => {
    if (rolling || stopping) return;
    rolling = true;
    for (let index = 0; index < REPLICAS && !stopping; index += 1) {
      const old = replicas[index];
      replicas[index] = null;
      await old?.stop();
      if (stopping) break;
      await waitUntilReady(`${replicaUrl(index)}/api/ready`, launch(index)).catch((error: Error) => log(error.message));
    }
    log('rolling restart done');
    rolling = false;
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  void shutdown(1);
});
