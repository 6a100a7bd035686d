// `node --import tsx tests/load/guild-sse.ts`: 500 Server-Sent-Events subscribers on one guild while 20 messages a
// second are posted for 30 s, against the real server (a separate process) on PGlite and, when it answers, PostgreSQL.
// Prints delivery latency p50/p95/p99 (from the POST being sent to the event being read), messages lost and the server's
// peak RSS. Asserts nothing. Knobs: GUILD_SSE_SUBSCRIBERS, GUILD_SSE_RATE, GUILD_SSE_SECONDS.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createEventStreamParser } from '../../shared/src/api/event-stream';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import { callApi, onEachEngine, percentile, startKiwiServer } from './kiwi-server';
import { signInWithPassword } from '../../server/src/test/factories';

const SUBSCRIBERS = Number(process.env.GUILD_SSE_SUBSCRIBERS ?? 500);
const RATE = Number(process.env.GUILD_SSE_RATE ?? 20);
const SECONDS = Number(process.env.GUILD_SSE_SECONDS ?? 30);
const PORT = 18194;
const BASE = `http://127.0.0.1:${PORT}`;
const api = <T>(path: string, token: string, init?: RequestInit) => callApi<T>(BASE, path, token, init);

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** CPU seconds the process has used (user + system), from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function run(engine: string, emulatorHost: string, databaseUrl: string | null) {
  const server = await startKiwiServer({ name: 'guild-sse', port: PORT, emulatorHost, databaseUrl, env: { WORKERS: 'false' } });
  const controller = new AbortController();
  try {
    const memberToken = await signInWithPassword(emulatorHost, 'member@acme.example', DEMO_PASSWORD);
    const managerToken = await signInWithPassword(emulatorHost, 'manager@acme.example', DEMO_PASSWORD);
    const user = await api<{ included: { type: string; id: string }[] }>('/user', memberToken);
    const organizationId = user.included.find((resource) => resource.type === 'organizations')!.id;
    const guilds = await api<{ data: { id: string; attributes: { name: string } }[] }>(
      `/organizations/${organizationId}/guilds`,
      memberToken,
    );
    const guildId = guilds.data.find((guild) => guild.attributes.name === 'ランニング部')!.id;

    // seq -> when its POST was sent; per subscriber, the seqs it read.
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    const received = Array.from({ length: SUBSCRIBERS }, () => new Set<number>());
    let connected = 0;
    await Promise.all(
      Array.from({ length: SUBSCRIBERS }, async (_, index) => {
        const response = await fetch(`${BASE}/api/guilds/${guildId}/stream`, {
          headers: { authorization: `Bearer ${memberToken}`, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream ${index}: ${response.status}`);
        connected += 1;
        // The seq is read with a regex rather than JSON.parse: the client must stay cheaper than the server it measures.
        const parse = createEventStreamParser((event) => {
          if (event.event !== 'message.created') return;
          const now = performance.now();
          const seq = Number(/"body":"bench (\d+)"/.exec(event.data)?.[1]);
          const sent = sentAt.get(seq);
          if (sent !== undefined && !received[index]!.has(seq)) latencies.push(now - sent);
          received[index]!.add(seq);
        });
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        void (async () => {
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              parse(decoder.decode(value, { stream: true }));
            }
          } catch {
            /* aborted at the end */
          }
        })();
      }),
    );

    let peakRss = rssMb(server.pid);
    const cpuBefore = cpuSeconds(server.pid);
    const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 500);
    const total = RATE * SECONDS;
    let failedPosts = 0;
    const postTimes: number[] = [];
    const posts: Promise<void>[] = [];
    const started = performance.now();
    for (let seq = 0; seq < total; seq += 1) {
      const due = started + (seq * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      sentAt.set(seq, sent);
      posts.push(
        api(`/guilds/${guildId}/messages`, managerToken, {
          method: 'POST',
          body: JSON.stringify({ guild_message: { body: `bench ${seq}` } }),
        }).then(
          () => {
            postTimes.push(performance.now() - sent);
          },
          () => {
            failedPosts += 1;
          },
        ),
      );
    }
    await Promise.all(posts);
    // Stragglers: wait until everyone has everything, at most 10 s.
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline && received.some((set) => set.size < total - failedPosts))
      await new Promise((resolve) => setTimeout(resolve, 200));
    clearInterval(rssTimer);
    const serverCpu = (cpuSeconds(server.pid) - cpuBefore) / ((performance.now() - started) / 1000);

    const lost = received.reduce((sum, set) => sum + (total - failedPosts - set.size), 0);
    latencies.sort((a, b) => a - b);
    postTimes.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `${engine.padEnd(8)} subscribers ${connected}/${SUBSCRIBERS}  messages ${total - failedPosts}/${total} at ${RATE}/s  deliveries ${latencies.length}` +
        `  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}` +
        `  lost ${lost}  server peak RSS ${peakRss.toFixed(0)} MB  (POST answered p50 ${ms(percentile(postTimes, 50))} p95 ${ms(percentile(postTimes, 95))}; server CPU ${(serverCpu * 100).toFixed(0)}%; load average ${loadavg()[0]!.toFixed(1)})`,
    );
  } finally {
    controller.abort();
    await server.stop();
  }
}

await onEachEngine(run);
process.exit(0);
