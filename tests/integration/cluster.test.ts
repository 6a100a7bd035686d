// Issue 22: two replicas and standalone workers on one fresh PostgreSQL database, behind the balancer of
// `npm run start:cluster`, as real processes. A guild message crosses replicas; a replica stopped (SIGTERM) during a
// burst loses no request and no message; two workers run each outbox row and job once; a replica that loses its
// database answers 503 on readiness and recovers without a restart.
import { createApiClient } from '../../shared/src/api/client';
import { openLiveStream } from '../../shared/src/api/event-stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Balancer, startBalancer } from '../../scripts/cluster/balancer';
import { type KiwiProcess, migrateOnce, startReplica, startWorker, waitUntilReady } from '../../scripts/cluster/processes';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import { signInWithPassword } from '../../server/src/test/factories';
import { type AuthEmulator, ensureAuthEmulator, freePort } from '../support/emulator';
import {
  clusterEnv,
  type FreshDatabase,
  freshDatabase,
  outputLog,
  postgresRelay,
  type Relay,
  statusOf,
  throughRelay,
  until,
} from './cluster-support';

const output = outputLog();
let emulator: AuthEmulator;
let db: FreshDatabase;
let relay: Relay;
let balancer: Balancer;
const processes: KiwiProcess[] = [];
let replicaA: KiwiProcess;
let urlA: string;
let urlB: string;
let token: string;
let guildId: number;
const closers: (() => void)[] = [];

beforeAll(async () => {
  emulator = await ensureAuthEmulator();
  db = await freshDatabase();
  relay = await postgresRelay();
  const env = clusterEnv(db.url, emulator.host);
  await migrateOnce({ env: { ...env, SEED_DEMO: 'true' } });
  const [portA, portB] = [await freePort(), await freePort()];
  urlA = `http://127.0.0.1:${portA}`;
  urlB = `http://127.0.0.1:${portB}`;
  replicaA = startReplica(1, portA, { env, log: output.log });
  // Replica B reaches PostgreSQL through a relay the readiness test cuts.
  const replicaB = startReplica(2, portB, { env: clusterEnv(throughRelay(db.url, relay), emulator.host), log: output.log });
  processes.push(replicaA, replicaB, startWorker('worker 1', { env, log: output.log }));
  await Promise.all([waitUntilReady(`${urlA}/api/ready`, replicaA), waitUntilReady(`${urlB}/api/ready`, replicaB)]);
  balancer = await startBalancer({ port: 0, host: '127.0.0.1', targets: [urlA, urlB], log: output.log });

  token = await signInWithPassword(emulator.host, 'member@acme.example', DEMO_PASSWORD);
  const user = (await (await fetch(`${urlA}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    included: { type: string; id: string }[];
  };
  const organizationId = user.included.find((resource) => resource.type === 'organizations')?.id;
  const created = await fetch(`${urlA}/api/organizations/${organizationId}/guilds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ guild: { name: 'Cluster runners', tags: 'running', public_range: 'public' } }),
  });
  expect(created.status).toBe(201);
  guildId = Number(((await created.json()) as { data: { id: string } }).data.id);
}, 180_000);

afterAll(async () => {
  for (const close of closers) close();
  await balancer?.close();
  await Promise.all(processes.map((process) => process.stop()));
  await relay?.close();
  await db?.drop();
  await emulator?.stop();
}, 60_000);

const bodyOf = (data: string) => (JSON.parse(data) as { data: { attributes: { body: string } } }).data.attributes.body;

async function post(baseUrl: string, body: string) {
  const response = await fetch(`${baseUrl}/api/guilds/${guildId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ guild_message: { body } }),
  });
  expect(response.status).toBe(201);
}

describe('a Kiwi cluster: two replicas and workers on one PostgreSQL', () => {
  it('delivers a guild message posted on replica A to a subscriber on replica B', async () => {
    const onB = createApiClient({ baseURL: `${urlB}/api`, getToken: async () => token });
    const bodies: string[] = [];
    let live = false;
    closers.push(
      openLiveStream({
        api: onB,
        path: `/guilds/${guildId}/stream`,
        lastEventId: 0,
        onState: (state) => (live ||= state === 'live'),
        onEvent: (event) => event.event === 'message.created' && bodies.push(bodyOf(event.data)),
      }),
    );
    await vi.waitFor(() => expect(live).toBe(true), { timeout: 10_000 });
    await post(urlA, 'posted on A');
    await vi.waitFor(() => expect(bodies).toEqual(['posted on A']), { timeout: 10_000 });
  });

  it('loses no request and no message when a replica is stopped (SIGTERM) during a burst through the balancer', async () => {
    const api = createApiClient({ baseURL: `http://127.0.0.1:${balancer.port}/api`, getToken: async () => token });
    const { meta } = await api.get<unknown[]>(`/guilds/${guildId}/messages`, { per: 1 });
    // Two live streams through the balancer (round robin: one on each replica), as the guild chat keeps them.
    const streamed = [0, 1].map(() => {
      const bodies: string[] = [];
      closers.push(
        openLiveStream({
          api,
          path: `/guilds/${guildId}/stream`,
          lastEventId: Number(meta?.lastEventId ?? 0),
          onEvent: (event) => event.event === 'message.created' && bodies.push(bodyOf(event.data)),
        }),
      );
      return bodies;
    });

    let stop = false;
    let reads = 0;
    const posted: string[] = [];
    const failures: string[] = [];
    const client = async (name: string) => {
      for (let round = 0; !stop; round += 1) {
        await api.get('/user').then(
          () => (reads += 1),
          (error: Error) => failures.push(`GET /user: ${error.message}`),
        );
        if (round % 2 === 1) continue;
        const body = `burst ${name}-${round}`;
        await api.post(`/guilds/${guildId}/messages`, { guild_message: { body } }).then(
          () => posted.push(body),
          (error: Error) => failures.push(`POST ${body}: ${error.message}`),
        );
      }
    };
    const clients = ['a', 'b', 'c', 'd', 'e', 'f'].map(client);
    await vi.waitFor(() => expect(posted.length).toBeGreaterThan(10), { timeout: 20_000, interval: 50 });
    const postedBefore = posted.length;
    await replicaA.stop();
    await vi.waitFor(() => expect(posted.length).toBeGreaterThan(postedBefore + 20), { timeout: 30_000, interval: 50 });
    stop = true;
    await Promise.all(clients);

    expect(failures, output.tail()).toEqual([]);
    expect(reads).toBeGreaterThan(0);
    // Each write landed once, and every stream (the one on the stopped replica resumed on the other) got each once.
    const rows = await db.query<{ body: string; copies: number }>(
      "select body, count(*)::int as copies from guild_messages where guild_id = $1 and body like 'burst %' group by body",
      [guildId],
    );
    expect(rows.map((row) => row.body).sort()).toEqual([...posted].sort());
    expect(rows.filter((row) => row.copies !== 1)).toEqual([]);
    for (const bodies of streamed) {
      await vi.waitFor(() => expect(bodies.length).toBeGreaterThanOrEqual(posted.length), { timeout: 20_000, interval: 50 });
      expect([...bodies].sort()).toEqual([...posted].sort());
    }
  });

  it('runs each outbox row and job exactly once with two workers', async () => {
    processes.push(startWorker('worker 2', { env: clusterEnv(db.url, emulator.host), log: output.log }));
    // Accounts to delete (identity.delete_account needs the workers' Firebase admin access).
    const uids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `leaving-${db.name}-${index}@example.test`, password: 'secret-123', returnSecureToken: true }),
      });
      uids.push(((await response.json()) as { localId: string }).localId);
    }
    const recipients = Array.from({ length: 40 }, (_unused, index) => `cluster-${index}@example.test`);
    await db.query(
      `insert into outbox (topic, payload)
       select 'mail.send', jsonb_build_object('to', r, 'language', 'en', 'template', 'invitation',
         'params', jsonb_build_object('name', r, 'organizationName', 'ACME', 'link', 'http://localhost/x', 'days', 7))
       from unnest($1::text[]) as r
       union all
       select 'identity.delete_account', jsonb_build_object('uid', u) from unnest($2::text[]) as u`,
      [recipients, uids],
    );
    await db.query(
      "insert into jobs (kind, payload) select 'push.drop_idle_devices', jsonb_build_object('n', n) from generate_series(1, 30) as n",
    );
    const pending = async () =>
      (
        await db.query<{ left: number }>(
          "select (select count(*) from outbox where status = 'pending') + (select count(*) from jobs where status in ('pending', 'running') and payload ? 'n') as left",
        )
      )[0]?.left;
    await until('every row delivered', async () => Number(await pending()) === 0, output.tail);

    const outbox = await db.query<{ topic: string; status: string; attempts: number }>(
      "select topic, status, attempts from outbox where topic in ('mail.send', 'identity.delete_account')",
    );
    expect(outbox.filter((row) => row.status !== 'done' || row.attempts !== 1)).toEqual([]);
    expect(outbox).toHaveLength(recipients.length + uids.length);
    const jobs = await db.query<{ status: string; attempts: number }>("select status, attempts from jobs where payload ? 'n'");
    expect(jobs).toHaveLength(30);
    expect(jobs.filter((row) => row.status !== 'done' || row.attempts !== 1)).toEqual([]);
    const mails = await db.query<{ to: string; copies: number }>(
      'select "to", count(*)::int as copies from stored_mails where "to" like \'cluster-%\' group by "to"',
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual([...recipients].sort());
    expect(mails.filter((mail) => mail.copies !== 1)).toEqual([]);
    for (const index of uids.keys()) {
      await expect(signInWithPassword(emulator.host, `leaving-${db.name}-${index}@example.test`, 'secret-123')).rejects.toThrow(
        /EMAIL_NOT_FOUND/,
      );
    }
  });

  it('answers 503 on readiness while a replica cannot reach its database, and 200 again once it can, without a restart', async () => {
    expect(await statusOf(`${urlB}/api/ready`)).toBe(200);
    await relay.cut();
    await until('readiness 503', async () => (await statusOf(`${urlB}/api/ready`)) === 503, output.tail);
    // Liveness still answers (the process works): a platform must not kill it for its database.
    await relay.restore();
    await until('readiness 200 again', async () => (await statusOf(`${urlB}/api/ready`)) === 200, output.tail);
    const user = await fetch(`${urlB}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(user.status).toBe(200);
  });
});
