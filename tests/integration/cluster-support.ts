// What the cluster tests share: a fresh PostgreSQL database each, the run's Auth Emulator, the processes of
// scripts/cluster (replicas, workers) with their output kept for failure messages, and a TCP relay to PostgreSQL that a
// test can cut and restore (a replica losing its database without anything being mocked).
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { TEST_POSTGRES_URL } from '../support/postgres';

export type FreshDatabase = {
  url: string;
  name: string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

/** CREATE DATABASE kiwi_cluster_<random> on the test server; drop() ends every connection to it and removes it. */
export async function freshDatabase(): Promise<FreshDatabase> {
  const name = `kiwi_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // DROP ... WITH (FORCE) ends connections still closing: not an error of the test.
  pool.on('error', () => {});
  return {
    url: url.toString(),
    name,
    query: async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => (await pool.query<T>(text, values)).rows,
    async drop() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The environment of every Kiwi process of a test: no portal build needed, quiet logs, this run's emulator. */
export function clusterEnv(databaseUrl: string, emulatorHost: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { SEED_DEMO: _seed, PORT: _port, ...rest } = process.env;
  return {
    ...rest,
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    HOST: '127.0.0.1',
    DATA_DIR: join(tmpdir(), 'kiwi-cluster-test'),
    PORTAL_DIST: join(tmpdir(), 'kiwi-test-no-portal'),
    ...extra,
  };
}

/** Output lines of every process, printed when a test fails. */
export function outputLog() {
  const lines: string[] = [];
  return { log: (line: string) => lines.push(line), tail: (count = 60) => lines.slice(-count).join('\n') };
}

export type Relay = { port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> };

/** A TCP relay on a free port to PostgreSQL: cut() closes every connection and refuses new ones until restore(). */
export async function postgresRelay(): Promise<Relay> {
  const target = new URL(TEST_POSTGRES_URL);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const listening = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as { port: number }).port;
        resolve();
      });
    });
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}

/** `url` with its host and port replaced by the relay's. */
export function throughRelay(url: string, relay: Relay): string {
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  return relayed.toString();
}

/** Polls `check` every 100 ms until it is true; fails after `timeoutMs` with `what` and the processes' output. */
export async function until(what: string, check: () => Promise<boolean>, output: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const statusOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(3_000) }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 0,
  );
