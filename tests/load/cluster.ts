// `npm run bench:cluster`: Kiwi as `npm run start:cluster` runs it — three replicas (workers off) and a worker on one
// scratch PostgreSQL database, behind the round-robin balancer of scripts/cluster/balancer.ts. Prints:
//   1. authenticated GET /api/user throughput (autocannon, 50 connections) against one replica alone and through the
//      balancer with three, the scaling factor and the CPU each process used;
//   2. a guild message fanned out to 5,000 SSE subscribers spread over the replicas: delivery p50/p95 and losses;
//   3. a rolling restart of the three replicas under load (reads, writes, live streams through the balancer, with the
//      client library's retries): errors seen by clients (target 0), writes landed twice, messages a stream missed.
// Asserts nothing. Knobs: CLUSTER_BENCH_SECONDS (10), CLUSTER_SUBSCRIBERS (5000), CLUSTER_MESSAGES (10).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Balancer, startBalancer } from '../../scripts/cluster/balancer';
import { type KiwiProcess, migrateOnce, startReplica, startWorker, waitUntilReady } from '../../scripts/cluster/processes';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import { signInWithPassword } from '../../server/src/test/factories';
import { createApiClient } from '../../shared/src/api/client';
import { openLiveStream, readEventStream } from '../../shared/src/api/event-stream';
import { ensureAuthEmulator, freePort } from '../support/emulator';
import { postgresAnswers, withScratchDatabase } from '../support/postgres';
import { percentile } from './kiwi-server';

const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 10);
const SUBSCRIBERS = Number(process.env.CLUSTER_SUBSCRIBERS ?? 5000);
const MESSAGES = Number(process.env.CLUSTER_MESSAGES ?? 10);
const REPLICAS = 3;

/** CPU seconds a process has used (user + system), from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The Kiwi process behind its guard (scripts/guard.mjs): the guard's one child. */
function kiwiPid(process: KiwiProcess): number {
  const guard = process.child.pid!;
  return Number(readFileSync(`/proc/${guard}/task/${guard}/children`, 'utf8').trim().split(/\s+/)[0]);
}

/** Runs `work` and returns, with its result, the share of one core each pid used meanwhile. */
async function withCpu<T>(pids: number[], work: () => Promise<T>): Promise<{ result: T; cpu: number[] }> {
  const before = pids.map(cpuSeconds);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  return { result, cpu: pids.map((pid, index) => (cpuSeconds(pid) - before[index]!) / seconds) };
}

const pct = (share: number) => `${(share * 100).toFixed(0)}%`;

async function throughput(url: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, connections: 5, duration: 1, headers });
  const result = await autocannon({ url, connections: 50, duration: SECONDS, headers, workers: 1 });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.errors + result.non2xx };
}

async function bench(databaseUrl: string) {
  const emulator = await ensureAuthEmulator();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  const log = (line: string) => {
    if (!line.includes('"level":40')) console.log(line);
  };
  await migrateOnce({ env: { ...env, SEED_DEMO: 'true' } });
  const ports = await Promise.all(Array.from({ length: REPLICAS }, () => freePort()));
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const replicas = ports.map((port, index) => startReplica(index + 1, port, { env, log }));
  const worker = startWorker('worker', { env, log });
  let balancer: Balancer | null = null;
  try {
    await Promise.all(replicas.map((replica, index) => waitUntilReady(`${urls[index]}/api/ready`, replica)));
    balancer = await startBalancer({ port: 0, host: '127.0.0.1', targets: urls });
    const through = `http://127.0.0.1:${balancer.port}`;
    const token = await signInWithPassword(emulator.host, 'member@acme.example', DEMO_PASSWORD);
    const managerToken = await signInWithPassword(emulator.host, 'manager@acme.example', DEMO_PASSWORD);

    // 1. Throughput: one replica alone, then three through the balancer.
    const pids = replicas.map(kiwiPid);
    const alone = await withCpu(pids, () => throughput(`${urls[0]}/api/user`, token));
    const three = await withCpu(pids, () => throughput(`${through}/api/user`, token));
    const line = (name: string, figures: typeof alone) =>
      `${name.padEnd(32)} ${figures.result.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.result.p50} ms  p99 ${figures.result.p99} ms` +
      `  failed ${figures.result.failed}  CPU per replica ${figures.cpu.map(pct).join(' / ')}`;
    console.log(line('GET /api/user, one replica', alone));
    console.log(line('GET /api/user, 3 via the balancer', three));
    console.log(
      `scaling factor ${(three.result.rps / alone.result.rps).toFixed(2)} on this machine (load average ${loadavg()[0]!.toFixed(1)})`,
    );

    // 2. Fan-out: SUBSCRIBERS streams on one guild, spread round robin over the replicas (directly: the balancer
    //    would hold two sockets per stream in this process as well).
    const api = createApiClient({ baseURL: `${through}/api`, getToken: async () => token });
    const user = await api.get<{ organizationMembers: { organization: { id: string } }[] }>('/user');
    const organizationId = user.data.organizationMembers[0]!.organization.id;
    const guilds = await api.get<{ id: string; name: string }[]>(`/organizations/${organizationId}/guilds`);
    const guildId = guilds.data.find((guild) => guild.name === 'ランニング部')!.id;
    const controller = new AbortController();
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    const received = Array.from({ length: SUBSCRIBERS }, () => new Set<number>());
    let connected = 0;
    for (let start = 0; start < SUBSCRIBERS; start += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, SUBSCRIBERS - start) }, async (_unused, offset) => {
          const index = start + offset;
          const response = await fetch(`${urls[index % REPLICAS]}/api/guilds/${guildId}/stream`, {
            headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
            signal: controller.signal,
          });
          if (!response.ok || !response.body) throw new Error(`stream ${index}: ${response.status}`);
          connected += 1;
          // Read until aborted at the end.
          void readEventStream(response.body, (event) => {
            if (event.event !== 'message.created') return;
            const seq = Number(/"body":"fan-out (\d+)"/.exec(event.data)?.[1]);
            const sent = sentAt.get(seq);
            if (sent !== undefined && !received[index]!.has(seq)) latencies.push(performance.now() - sent);
            received[index]!.add(seq);
          }).catch(() => undefined);
        }),
      );
    }
    const fanOut = await withCpu(pids, async () => {
      for (let seq = 0; seq < MESSAGES; seq += 1) {
        sentAt.set(seq, performance.now());
        await fetch(`${through}/api/guilds/${guildId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ guild_message: { body: `fan-out ${seq}` } }),
        });
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const deadline = performance.now() + 15_000;
      while (performance.now() < deadline && received.some((set) => set.size < MESSAGES)) await new Promise((r) => setTimeout(r, 200));
    });
    controller.abort();
    latencies.sort((a, b) => a - b);
    const lost = received.reduce((sum, set) => sum + (MESSAGES - set.size), 0);
    console.log(
      `fan-out: ${connected}/${SUBSCRIBERS} subscribers over ${REPLICAS} replicas, ${MESSAGES} messages  delivery p50 ${percentile(latencies, 50).toFixed(0)} ms` +
        `  p95 ${percentile(latencies, 95).toFixed(0)} ms  p99 ${percentile(latencies, 99).toFixed(0)} ms  lost ${lost}  CPU per replica ${fanOut.cpu.map(pct).join(' / ')}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));

    // 3. Rolling restart under load: 8 clients reading and writing through the balancer, 20 live streams.
    const errors: string[] = [];
    const posted: string[] = [];
    let reads = 0;
    let stop = false;
    const { meta } = await api.get<unknown[]>(`/guilds/${guildId}/messages`, { per: 1 });
    const streams = Array.from({ length: 20 }, () => {
      const bodies: string[] = [];
      const close = openLiveStream({
        api,
        path: `/guilds/${guildId}/stream`,
        lastEventId: Number(meta?.lastEventId ?? 0),
        onEvent: (event) => {
          const body = /"body":"(rolling [^"]+)"/.exec(event.data)?.[1];
          if (event.event === 'message.created' && body) bodies.push(body);
        },
      });
      return { bodies, close };
    });
    const client = async (name: string) => {
      for (let round = 0; !stop; round += 1) {
        await api.get('/user').then(
          () => (reads += 1),
          (error: Error) => errors.push(`GET /user: ${error.message}`),
        );
        if (round % 4 !== 0) continue;
        const body = `rolling ${name}-${round}`;
        await api.post(`/guilds/${guildId}/messages`, { guild_message: { body } }).then(
          () => posted.push(body),
          (error: Error) => errors.push(`POST: ${error.message}`),
        );
      }
    };
    const clients = Array.from({ length: 8 }, (_unused, index) => client(String(index)));
    const rollStarted = performance.now();
    for (let index = 0; index < REPLICAS; index += 1) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await replicas[index]!.stop();
      replicas[index] = startReplica(index + 1, ports[index]!, { env, log });
      await waitUntilReady(`${urls[index]}/api/ready`, replicas[index]!);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    stop = true;
    await Promise.all(clients);
    const rollSeconds = (performance.now() - rollStarted) / 1000;
    const deadline = performance.now() + 15_000;
    while (performance.now() < deadline && streams.some((stream) => stream.bodies.length < posted.length))
      await new Promise((r) => setTimeout(r, 200));
    for (const stream of streams) stream.close();
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const { rows } = await database.query<{ copies: number }>(
      "select count(*)::int as copies from guild_messages where body like 'rolling %' group by body having count(*) > 1",
    );
    await database.end();
    const missed = streams.reduce((sum, stream) => sum + posted.filter((body) => !stream.bodies.includes(body)).length, 0);
    const repeated = streams.reduce((sum, stream) => sum + (stream.bodies.length - new Set(stream.bodies).size), 0);
    console.log(
      `rolling restart of ${REPLICAS} replicas in ${rollSeconds.toFixed(0)} s under load: ${reads} reads, ${posted.length} writes; ` +
        `client-seen errors ${errors.length}; writes landed twice ${rows.length}; stream events missed ${missed}, repeated ${repeated} (20 streams)`,
    );
    for (const error of errors.slice(0, 10)) console.log(`  ${error}`);
  } finally {
    await balancer?.close();
    await Promise.all([...replicas.map((replica) => replica.stop()), worker.stop()]);
    await emulator.stop();
  }
}

if (!(await postgresAnswers())) {
  console.log('bench:cluster needs PostgreSQL at TEST_DATABASE_URL (the replicas share it); not answering.');
  process.exit(1);
}
await withScratchDatabase(bench);
process.exit(0);
