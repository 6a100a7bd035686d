// `npm run bench:slack`: Slack's three-second rule, measured against the real server (server/src/main.ts with its
// workers, demo seed, on a scratch PostgreSQL database). COMMANDS signed `/kiwi` slash commands (half `balance`, half
// `coins @someone 1 …`) are sent CONCURRENCY at a time, as Slack sends them; a local HTTP server stands in for Slack's
// Web API (users.info answering after SLACK_LATENCY_MS, as the real one takes a while) and for the commands'
// response_urls. Prints the acknowledgement p50/p99 (Slack's limit: 3 s; target p99 < 1 s) and the time until the
// answer reached the response_url; checks every command was answered once and coins moved once per coins command.
// Asserts nothing (not part of `npm test`).
import pg from 'pg';
import { secretBox } from '../../server/src/modules/slack-settings/crypto';
import { type Received, startFakeSlack } from '../../slack-app/src/testing/fake-slack';
import { signedSlackHeaders } from '../../slack-app/src/testing/sign';
import { ensureAuthEmulator } from '../support/emulator';
import { postgresAnswers, withScratchDatabase } from '../support/postgres';
import { percentile, startKiwiServer } from './kiwi-server';

const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 40);
const SLACK_LATENCY_MS = Number(process.env.BENCH_SLACK_LATENCY_MS ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 8135);
const WARM_UP = 10;
const TEAM = 'TBENCHSLACK';
const SECRET = 'bench-signing-secret';

const slack = await startFakeSlack();

/** The demo organisation with the most active members, and those members' emails (Slack users U0, U1, …). */
async function linkWorkspace(databaseUrl: string): Promise<{
  emails: string[];
  transfers: () => Promise<number>;
  queued: () => Promise<Map<string, number>>;
  close: () => Promise<void>;
}> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: orgs } = await client.query<{ organization_id: number }>(
    `select organization_id from organization_members group by organization_id order by count(*) desc limit 1`,
  );
  const organizationId = orgs[0]!.organization_id;
  const { rows } = await client.query<{ email: string }>(
    `select u.email from organization_members m join users u on u.id = m.user_id
      where m.organization_id = $1 and (m.active_from is null or m.active_from <= now())
        and (m.active_to is null or m.active_to > now()) and m.coin_balance >= 20
      order by m.id limit 40`,
    [organizationId],
  );
  const box = secretBox({ nodeEnv: 'development', slack: { apiUrl: '', credentialsKey: undefined } });
  await client.query(
    `insert into slack_credentials (organization_id, team_id, signing_secret_ciphertext, bot_token_ciphertext) values ($1, $2, $3, $4)`,
    [organizationId, TEAM, box.seal(SECRET), box.seal('xoxb-bench')],
  );
  return {
    emails: rows.map((row) => row.email),
    close: () => client.end(),
    // When each answer was queued (the command worked out) and posted, by response_url path.
    queued: async () =>
      new Map(
        (
          await client.query<{ path: string; queued: Date }>(
            `select payload->>'responseUrl' as path, created_at as queued from outbox where topic = 'slack_command.answer'`,
          )
        ).rows.map((row) => [new URL(row.path).pathname, row.queued.getTime()]),
      ),
    // Coins moved by the benchmark: the number of message transfers in the organisation.
    transfers: async () =>
      Number(
        (await client.query(`select count(*) from kiwi_coin_transfers where organization_id = $1 and kind = 'message'`, [organizationId]))
          .rows[0].count,
      ),
  };
}

async function run(emulatorHost: string, databaseUrl: string) {
  const server = await startKiwiServer({
    name: 'slack',
    port: PORT,
    emulatorHost,
    databaseUrl,
    env: {
      SLACK_API_URL: `${slack.url}/api/`,
      LOG_LEVEL: 'error',
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    },
  });
  try {
    const { emails, transfers, queued, close } = await linkWorkspace(databaseUrl);
    slack.setApiHandler('users.info', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, SLACK_LATENCY_MS));
      const id = (request.json as Record<string, string>).user ?? '';
      return { status: 200, body: { ok: true, user: { id, locale: 'en-US', profile: { email: emails[Number(id.slice(1))] } } } };
    });
    const sent = new Map<string, number>();
    const answeredInAck: Received[] = [];
    const acks: number[] = [];
    const ackStatuses = new Map<number, number>();
    let coinCommands = 0;
    let next = 0;
    const send = async (index: number) => {
      const trigger = `bench-${index}`;
      const sender = index % emails.length;
      const recipient = (index + 1) % emails.length;
      const isCoins = index % 2 === 1;
      if (isCoins) coinCommands += 1;
      const body = new URLSearchParams({
        command: '/kiwi',
        text: isCoins ? `coins <@U${recipient}> 1 thanks from the benchmark` : 'balance',
        team_id: TEAM,
        user_id: `U${sender}`,
        channel_id: 'C1',
        response_url: `${slack.url}/commands/${trigger}`,
        trigger_id: trigger,
        token: 'x',
        api_app_id: 'A1',
      }).toString();
      const started = performance.now();
      sent.set(`/commands/${trigger}`, Date.now());
      const response = await fetch(`${server.base}/slack/events`, { method: 'POST', body, headers: signedSlackHeaders(SECRET, body) });
      // An answer in the acknowledgement itself (how /kiwi answered before issue 22) counts as answered then.
      if ((await response.text()) !== '')
        answeredInAck.push({ at: Date.now(), method: 'POST', path: `/commands/${trigger}`, headers: {}, body: '', json: null });
      acks.push(performance.now() - started);
      ackStatuses.set(response.status, (ackStatuses.get(response.status) ?? 0) + 1);
    };
    // Warm-up (not counted): a few commands one at a time, as a running server has had.
    for (let i = 0; i < WARM_UP; i += 1) await send(COMMANDS + i);
    while ([...slack.received, ...answeredInAck].filter((request) => request.path.startsWith('/commands/')).length < WARM_UP)
      await new Promise((resolve) => setTimeout(resolve, 50));
    acks.length = 0;
    ackStatuses.clear();
    coinCommands = 0;
    const transfersBefore = await transfers();
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < COMMANDS) await send(next++);
      }),
    );
    const ackSeconds = (Date.now() - started) / 1000;
    // Answers reach the response_urls through the server's outbox worker.
    const answered = () =>
      [...slack.received, ...answeredInAck].filter((request) => request.path.startsWith('/commands/') && request.at >= started);
    const deadline = Date.now() + 120_000;
    while (answered().length < COMMANDS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const answers = answered();
    const toAnswer = answers.map((request) => request.at - (sent.get(request.path) ?? request.at)).sort((a, b) => a - b);
    const queuedAt = await queued();
    const toQueue = answers
      .map((request) => (queuedAt.get(request.path) ?? Number.NaN) - (sent.get(request.path) ?? 0))
      .sort((a, b) => a - b);
    const unique = new Set(answers.map((request) => request.path)).size;
    acks.sort((a, b) => a - b);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `postgres: ${COMMANDS} commands, ${CONCURRENCY} at a time, users.info answering after ${SLACK_LATENCY_MS} ms\n` +
        `  ack:    p50 ${ms(percentile(acks, 50))}, p99 ${ms(percentile(acks, 99))}, max ${ms(acks.at(-1) ?? Number.NaN)} ` +
        `(statuses ${JSON.stringify(Object.fromEntries(ackStatuses))}; ${(COMMANDS / ackSeconds).toFixed(0)} commands/s)\n` +
        `  answer: p50 ${ms(percentile(toAnswer, 50))}, p99 ${ms(percentile(toAnswer, 99))} after the command was sent ` +
        `(answered ${unique} of ${COMMANDS}, doubled ${answers.length - unique}); worked out and queued: p50 ${ms(percentile(toQueue, 50))}, ` +
        `p99 ${ms(percentile(toQueue, 99))}\n` +
        `  coins commands ${coinCommands}, transfers made ${(await transfers()) - transfersBefore}`,
    );
    await close();
  } finally {
    await server.stop();
  }
}

if (!(await postgresAnswers())) {
  console.log('postgres: not answering at TEST_DATABASE_URL; the benchmark needs it (it links a Slack workspace in the database)');
} else {
  const emulator = await ensureAuthEmulator();
  try {
    await withScratchDatabase((url) => run(emulator.host, url));
  } finally {
    await emulator.stop();
    await slack.close();
  }
}
