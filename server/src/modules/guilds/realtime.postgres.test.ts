// Two server processes on one PostgreSQL database (PostgreSQL only: server/vitest.config.ts leaves *.postgres.test.ts
// out of PGlite runs). Process A is this test's server; process B is a real `node server/src/main.ts` on the same
// database. A message posted through one reaches a chat open on the other, and a chat resumes on either.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { REPO_ROOT } from '../../config';
import { databaseUrl } from '../../test/pg-admin';
import { startTestServer, type TestServer } from '../../test/server';
import { buildGuildWorld, type GuildWorld, openStream, type OpenStream } from './test-support';

let a: TestServer;
let b: { url: string; process: ChildProcess };
let world: GuildWorld;
const streams: OpenStream[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startSecondProcess(url: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      WORKERS: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
      DATA_DIR: join(tmpdir(), 'kiwi-guilds-second-process'),
      PORTAL_DIST: join(tmpdir(), 'kiwi-test-no-portal'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the second server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { url: base, process: child };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the second server did not start');
}

beforeAll(async () => {
  a = await startTestServer();
  const target = inject('postgres');
  const { rows } = (await a.db.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  b = await startSecondProcess(databaseUrl(target!.adminUrl, rows[0]!.name));
  world = await buildGuildWorld(a);
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  if (b?.process.exitCode === null) {
    const exited = new Promise((resolve) => b.process.once('exit', resolve));
    b.process.kill('SIGTERM');
    await exited;
  }
  await a?.close();
});

async function stream(baseUrl: string, lastEventId?: number) {
  const opened = await openStream(baseUrl, world.publicGuildId, world.member.token, lastEventId);
  streams.push(opened);
  expect(opened.status).toBe(200);
  return opened;
}

const bodies = (events: { event: string; data: string }[]) =>
  events.filter((event) => event.event === 'message.created').map((event) => JSON.parse(event.data).data.attributes.body);

async function postOn(baseUrl: string, body: string) {
  const response = await fetch(`${baseUrl}/api/guilds/${world.publicGuildId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.author.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ guild_message: { body } }),
  });
  expect(response.status).toBe(201);
}

describe('two server processes on one PostgreSQL', () => {
  it('delivers a message posted on one process to chats open on both', async () => {
    const onA = await stream(a.url);
    const onB = await stream(b.url);
    await postOn(a.url, 'from A');
    await postOn(b.url, 'from B');
    await onA.waitFor(2);
    await onB.waitFor(2);
    expect(bodies(onA.events)).toEqual(['from A', 'from B']);
    expect(bodies(onB.events)).toEqual(['from A', 'from B']);
    expect(onA.events.map((event) => event.id)).toEqual(onB.events.map((event) => event.id));
  });

  it('resumes on the other process with Last-Event-ID, without gap or duplicate', async () => {
    const onA = await stream(a.url);
    await postOn(a.url, 'x1');
    const [seen] = await onA.waitFor(1);
    onA.close();
    await postOn(a.url, 'x2');
    await postOn(b.url, 'x3');
    const onB = await stream(b.url, Number(seen!.id));
    await postOn(a.url, 'x4');
    await onB.waitFor(3);
    expect(bodies(onB.events)).toEqual(['x2', 'x3', 'x4']);
    const ids = onB.events.map((event) => Number(event.id));
    expect(ids).toEqual([Number(seen!.id) + 1, Number(seen!.id) + 2, Number(seen!.id) + 3]);
  });

  it('loses nothing when the LISTEN connections drop: what was notified meanwhile is read from the log', async () => {
    const onA = await stream(a.url);
    const onB = await stream(b.url);
    // Both processes' LISTEN connections (of this test's database only) are cut; the posts' NOTIFYs reach nobody.
    await a.db.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'kiwi-listen'`,
    );
    await postOn(a.url, 'during the outage 1');
    await postOn(b.url, 'during the outage 2');
    await onA.waitFor(2);
    await onB.waitFor(2);
    expect(bodies(onA.events)).toEqual(['during the outage 1', 'during the outage 2']);
    expect(bodies(onB.events)).toEqual(['during the outage 1', 'during the outage 2']);
    // And live delivery works again after the reconnect.
    await postOn(a.url, 'after the outage');
    await onB.waitFor(3);
    expect(bodies(onB.events)).toEqual(['during the outage 1', 'during the outage 2', 'after the outage']);
  });

  it('keeps one order for concurrent posts on both processes', async () => {
    const onA = await stream(a.url);
    const onB = await stream(b.url);
    const sent = Array.from({ length: 10 }, (_, index) => `c${index}`);
    await Promise.all(sent.map((body, index) => postOn(index % 2 === 0 ? a.url : b.url, body)));
    await onA.waitFor(10);
    await onB.waitFor(10);
    expect(bodies(onA.events).sort()).toEqual([...sent].sort());
    expect(bodies(onB.events)).toEqual(bodies(onA.events));
    const ids = onA.events.map((event) => Number(event.id));
    expect(ids).toEqual(ids.map((_, index) => ids[0]! + index));
  });
});
