// `node --import tsx tests/load/hostile-text.ts`: hostile texts on every public and signed-in text field, CONCURRENCY
// requests in flight for SECONDS, against the real server (a separate process) on PGlite and, when it answers,
// PostgreSQL, while one client asks GET /api/health every 20 ms. Texts: 250 KB of emoji, a letter with 100,000
// combining marks, a 1 MB body, and within the 64 KB body limit 60 KB of emoji, a letter with 30,000 marks and a ZWJ
// chain of 8,000 pictographs. Prints health p50/p99 alone, during a control phase (the same requests with empty
// payloads) and during the attack, requests refused per second and the answers by status. Asserts nothing (the target
// is health within 50 ms). Knobs: HOSTILE_SECONDS, HOSTILE_CONCURRENCY.
// The per-IP limit of public routes is lifted for the run, so every hostile text reaches the validators.
import { loadavg } from 'node:os';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import { callApi, onEachEngine, percentile, startKiwiServer } from './kiwi-server';
import { DEMO_EVENT_NAMES } from '../../server/src/modules/events/seed';
import { signInWithPassword } from '../../server/src/test/factories';

const SECONDS = Number(process.env.HOSTILE_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.HOSTILE_CONCURRENCY ?? 16);
const HEALTH_EVERY_MS = 20;
const PORT = 18195;
const BASE = `http://127.0.0.1:${PORT}`;
const api = <T>(path: string, token: string, init?: RequestInit) => callApi<T>(BASE, path, token, init);

const marks = (count: number) => `a${'\u0301'.repeat(count)}`;
/** The hostile texts; the first two make bodies over the JSON limit, the others fit in it and reach the field checks. */
const TEXTS: Record<string, string> = {
  'emoji 250 KB': '😀'.repeat(62_500),
  'marks 100,000': marks(100_000),
  'emoji 60 KB': '😀'.repeat(15_000),
  'marks 30,000': marks(30_000),
  'ZWJ chain 8,000': '😀\u200D'.repeat(8_000),
};
/** A query string carries less: Node takes at most 16 KB of headers, and 1,000 emoji are 12 KB percent-encoded. */
const QUERY_TEXT = '😀'.repeat(1_000);

type Attack = { field: string; method: string; path: string; token?: string; body?: (text: string) => unknown };

/** Every text field a guest, a member and a manager can send, each as one request shape. */
async function attacks(emulatorHost: string): Promise<Attack[]> {
  const member = await signInWithPassword(emulatorHost, 'member@acme.example', DEMO_PASSWORD);
  const manager = await signInWithPassword(emulatorHost, 'manager@acme.example', DEMO_PASSWORD);
  const user = await api<{ data: { id: string }; included: { type: string; id: string }[] }>('/user', member);
  const organizationId = user.included.find((resource) => resource.type === 'organizations')!.id;
  const events = await api<{ data: { id: string; attributes: { name: string } }[] }>(`/organizations/${organizationId}/events`, member);
  const sharedEventId = events.data.find((event) => event.attributes.name === DEMO_EVENT_NAMES.shared)!.id;
  const guilds = await api<{ data: { id: string }[] }>(`/organizations/${organizationId}/guilds`, member);
  const guildId = guilds.data[0]!.id;
  const guest = await api<{ data: { attributes: { token: string } } }>(`/shared_events/${sharedEventId}/guests`, '', {
    method: 'POST',
    body: JSON.stringify({ event_guest: { nickname: 'Bench guest' } }),
  });
  const guestToken = guest.data.attributes.token;
  const shared = `/shared_events/${sharedEventId}`;
  const org = `/organizations/${organizationId}`;
  return [
    // Public: no sign-in, or a guest's token.
    { field: 'guest nickname', method: 'POST', path: `${shared}/guests`, body: (t) => ({ event_guest: { nickname: t } }) },
    {
      field: 'guest message',
      method: 'POST',
      path: `${shared}/messages`,
      token: guestToken,
      body: (t) => ({ event_message: { body: t } }),
    },
    { field: 'guest search', method: 'GET', path: `${shared}/guests/search?nickname=` },
    {
      field: 'invitee name',
      method: 'POST',
      path: '/user/accept_invitation',
      body: (t) => ({ user: { token: 'x'.repeat(40), name: t, password: 'secret-123' } }),
    },
    // Signed in.
    { field: 'user name', method: 'PUT', path: `/users/${user.data.id}`, token: member, body: (t) => ({ user: { name: t, nickname: t } }) },
    {
      field: 'guild fields',
      method: 'POST',
      path: `${org}/guilds`,
      token: member,
      body: (t) => ({ guild: { name: t, description: t, tags: t, public_range: 'public' } }),
    },
    {
      field: 'guild message',
      method: 'POST',
      path: `/guilds/${guildId}/messages`,
      token: member,
      body: (t) => ({ guild_message: { body: t } }),
    },
    {
      field: 'event message',
      method: 'POST',
      path: `${org}/events/${sharedEventId}/messages`,
      token: member,
      body: (t) => ({ event_message: { body: t } }),
    },
    {
      field: 'coin message',
      method: 'POST',
      path: '/user/kiwi_coin_transfers',
      token: member,
      body: (t) => ({ kiwi_coin_transfer: { message: t, recipients: [{ organization_member_id: 1, amount: 1 }] } }),
    },
    { field: 'guild search', method: 'GET', path: `${org}/guilds?q[name]=`, token: member },
    { field: 'news', method: 'POST', path: `${org}/news`, token: manager, body: (t) => ({ news: { title: t, body: t } }) },
    {
      field: 'event fields',
      method: 'POST',
      path: `${org}/events`,
      token: manager,
      body: (t) => ({ event: { name: t, description: t, location: t } }),
    },
  ];
}

type Prepared = { label: string; url: string; init: RequestInit };

/**
 * Every request of the attack, built once (a field with a text, or with a 1 MB body of filler; a query field with its
 * query text): the client must stay cheaper than the server it measures. The control is the same requests with an
 * empty payload (`{}`, refused as required) and a one-letter query: the same traffic without hostile text.
 */
function prepare(targets: Attack[], { control }: { control: boolean }): Prepared[] {
  const hugeBody = JSON.stringify({ filler: 'x'.repeat(1024 * 1024) });
  return targets.flatMap((attack) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (attack.token) headers.authorization = `Bearer ${attack.token}`;
    const build = attack.body;
    if (!build) {
      const query = control ? 'x' : encodeURIComponent(QUERY_TEXT);
      return [{ label: `${attack.field}: query`, url: `${BASE}/api${attack.path}${query}`, init: { headers } }];
    }
    const bodies: [string, string][] = control
      ? [['empty', '{}']]
      : [...Object.entries(TEXTS).map(([name, text]): [string, string] => [name, JSON.stringify(build(text))]), ['1 MB body', hugeBody]];
    return bodies.map(([name, body]) => ({
      label: `${attack.field}: ${name}`,
      url: `${BASE}/api${attack.path}`,
      init: { method: attack.method, headers, body },
    }));
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

type Phase = { elapsed: number; sent: number; statuses: Map<number, number>; health: number[]; slowest: string };

/** CONCURRENCY clients send `requests` round-robin for SECONDS while health is probed. */
async function attack(requests: Prepared[]): Promise<Phase> {
  const statuses = new Map<number, number>();
  const answered = new Map<string, number[]>();
  let sent = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const client = async (offset: number) => {
    for (let round = offset; performance.now() < deadline; round += CONCURRENCY) {
      const { label, url, init } = requests[round % requests.length]!;
      const sentAt = performance.now();
      const status = await fetch(url, init).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      answered.set(label, [...(answered.get(label) ?? []), performance.now() - sentAt]);
      sent += 1;
    }
  };
  const [health] = await Promise.all([
    probeHealth(() => performance.now() > deadline),
    ...Array.from({ length: CONCURRENCY }, (_, index) => client(index)),
  ]);
  // The request kinds answered slowest (median), to see whether one field or text costs more than the rest.
  const slowest = [...answered]
    .map(([label, times]): [string, number] => [
      label,
      percentile(
        times.sort((a, b) => a - b),
        50,
      ),
    ])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([label, median]) => `${label} ${ms(median)}`)
    .join(', ');
  return { elapsed: (performance.now() - started) / 1000, sent, statuses, health: health.sort((a, b) => a - b), slowest };
}

const healthFigures = (sorted: number[]) =>
  `p50 ${ms(percentile(sorted, 50))} p99 ${ms(percentile(sorted, 99))} max ${ms(sorted.at(-1) ?? Number.NaN)} (${sorted.length} probes)`;

function describePhase(name: string, { elapsed, sent, statuses, health, slowest }: Phase): string {
  const refused = [...statuses].filter(([status]) => status >= 400 && status < 500).reduce((sum, [, count]) => sum + count, 0);
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'failed' : status} ×${count}`)
    .join(', ');
  return (
    `         ${name}: ${sent} requests in ${elapsed.toFixed(1)} s, refused ${(refused / elapsed).toFixed(0)}/s (${byStatus}); ` +
    `health ${healthFigures(health)}; load average ${loadavg()[0]!.toFixed(1)}\n           slowest answers (median): ${slowest}`
  );
}

/** GET /api/health every HEALTH_EVERY_MS until `until`; the latency of each. */
async function probeHealth(until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const started = performance.now();
    await (await fetch(`${BASE}/api/health`)).arrayBuffer();
    const took = performance.now() - started;
    latencies.push(took);
    if (took < HEALTH_EVERY_MS) await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS - took));
  }
  return latencies;
}

async function run(engine: string, emulatorHost: string, databaseUrl: string | null) {
  const server = await startKiwiServer({
    name: 'hostile-text',
    port: PORT,
    emulatorHost,
    databaseUrl,
    env: { WORKERS: 'false', PUBLIC_RATE_LIMIT: '1000000000' },
  });
  try {
    const targets = await attacks(emulatorHost);
    const hostile = prepare(targets, { control: false });
    const baselineEnd = performance.now() + 3_000;
    const baseline = (await probeHealth(() => performance.now() > baselineEnd)).sort((a, b) => a - b);
    const control = await attack(prepare(targets, { control: true }));
    const during = await attack(hostile);
    console.log(
      `${engine}: ${targets.length} fields, ${hostile.length} hostile requests, ${CONCURRENCY} in flight\n` +
        `         health alone: ${healthFigures(baseline)}\n${describePhase('control (empty payloads)', control)}\n` +
        describePhase('hostile texts', during),
    );
  } finally {
    await server.stop();
  }
}

await onEachEngine(run);
process.exit(0);
