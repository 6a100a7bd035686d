import { request as httpRequest } from 'node:http';
import { COMMAND_TEXT_MAX } from '@kiwi/slack-app/bolt-app';
import { slackSignature } from '@kiwi/slack-app/testing/sign';
import { startFakeSlack, type FakeSlack, type Script } from '@kiwi/slack-app/testing/fake-slack';
import { verifySlackRequest } from '@slack/bolt';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox';
import type { OrganizationRow } from '../../db/schema/organizations';
import { slackCredentials } from '../../db/schema/slack';
import { users } from '../../db/schema/users';
import { buildOrganization, buildUser, type BuiltUser } from '../../test/factories';
import { startTestServer, testConfig, type TestServer } from '../../test/server';
import { createWorkers, type Workers } from '../../workers';
import { awardActivityCoins, memberBalance } from '../coins/ledger';
import { secretBox } from './crypto';

const SIGNING_SECRET = 'acme-signing-secret';
const TEAM = 'TACMESLACK';
let server: TestServer;
let slack: FakeSlack;
let acme: OrganizationRow;
let hanako: BuiltUser;
let taro: BuiltUser;
let usersInfo: Script;
let workers: Workers;
let commands = 0;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const nowSeconds = () => Math.floor(Date.now() / 1000);

function signedPost(body: string, { timestamp = nowSeconds(), secret = SIGNING_SECRET, headers = {} as Record<string, string> } = {}) {
  return server.request('/slack/events', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': slackSignature(secret, timestamp, body),
      ...headers,
    },
  });
}
/** A slash command as Slack sends it; each has its own trigger id and response_url on the fake Slack. */
const command = (text: string, userId = 'UHANAKO') => {
  const trigger = `trigger-${++commands}`;
  return form({
    command: '/kiwi',
    text,
    team_id: TEAM,
    user_id: userId,
    channel_id: 'C1',
    response_url: `${slack.url}/commands/${trigger}`,
    trigger_id: trigger,
    token: 'x',
    api_app_id: 'A1',
  });
};
/** An interactivity payload (a button click, a modal submission) from UTARO, as Slack signs and posts it. */
const interaction = (payload: Record<string, unknown>) =>
  signedPost(
    form({
      payload: JSON.stringify({ team: { id: TEAM }, user: { id: 'UTARO', team_id: TEAM }, api_app_id: 'A1', token: 'x', ...payload }),
    }),
  );

/** Waits (within the test's timeout) until `found` returns something. */
async function until<T>(found: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await found();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What Slack received on the command's response_url: the outbox worker posts the answer the command left. */
const answerTo = (body: string) => {
  const path = new URL(new URLSearchParams(body).get('response_url') ?? '').pathname;
  return until(async () => {
    await workers.outbox.runOnce();
    return slack.received.find((request) => request.path === path)?.json as { response_type: string; text: string } | undefined;
  });
};

/** Sends a command, checks Slack's acknowledgement (an empty 200) and returns the answer posted to its response_url. */
async function ask(body: string) {
  const ack = await signedPost(body);
  expect({ status: ack.status, body: ack.body }).toEqual({ status: 200, body: null });
  return answerTo(body);
}
const balanceOf = (user: BuiltUser) => server.db.db.transaction((tx) => memberBalance(tx, user.membership!.id));

beforeAll(async () => {
  slack = await startFakeSlack();
  server = await startTestServer({ config: testConfig({ SLACK_API_URL: `${slack.url}/api/` }) });
  acme = await buildOrganization(server);
  hanako = await buildUser(server, { organization: acme, name: 'Sato Hanako' });
  taro = await buildUser(server, { organization: acme, name: 'Suzuki Taro' });
  await server.db.db.update(users).set({ language: 'en' }).where(eq(users.id, taro.user.id));
  await server.db.db.transaction((tx) =>
    awardActivityCoins(tx, { organizationMemberId: hanako.membership!.id, amount: 40, day: '2026-01-01' }),
  );
  const box = secretBox(server.config);
  await server.db.db.insert(slackCredentials).values({
    organizationId: acme.id,
    teamId: TEAM,
    signingSecretCiphertext: box.seal(SIGNING_SECRET),
    botTokenCiphertext: box.seal('xoxb-acme-bot'),
  });
  const emails: Record<string, string> = { UHANAKO: hanako.email, UTARO: taro.email, USTRANGER: 'nobody@elsewhere.example' };
  usersInfo = (request) => {
    const id = (request.json as Record<string, string>).user ?? '';
    return { status: 200, body: { ok: true, user: { id, locale: 'ja-JP', profile: { email: emails[id] } } } };
  };
  slack.setApiHandler('users.info', usersInfo);
  workers = createWorkers({ db: server.db, config: server.config });
});
afterAll(async () => {
  await workers.stop();
  await server.close();
  await slack.close();
});

describe('/slack/events', () => {
  it('a signed "/kiwi coins @user 10 message" moves coins and answers ephemerally in the member\'s language', async () => {
    const before = { hanako: await balanceOf(hanako), taro: await balanceOf(taro) };
    expect(await ask(command('coins <@UTARO|taro> 10 Thanks for the review!'))).toEqual({
      response_type: 'ephemeral',
      text: 'Suzuki Taroさんに 10 KIWI コインを送りました',
    });
    expect(await balanceOf(hanako)).toBe(before.hanako - 10);
    expect(await balanceOf(taro)).toBe(before.taro + 10);
    // users.info was asked with the workspace's bot token, on the configured Web API base URL.
    expect(slack.apiCalls('users.info')[0]!.headers.authorization).toBe('Bearer xoxb-acme-bot');
    expect(slack.apiCalls('auth.test')).toHaveLength(0);
    const [notification] = await server.db.db.select().from(outbox).where(eq(outbox.topic, 'slack.coin_message'));
    expect(notification!.payload).toMatchObject({ message: 'Thanks for the review!', recipients: [{ name: 'Suzuki Taro', amount: 10 }] });
  });

  it("keeps the message as typed: Slack's &amp; &lt; &gt; escapes are undone before it is stored", async () => {
    expect((await ask(command('coins <@UTARO> 1 R&amp;D &lt;3 &amp;lt;'))).response_type).toBe('ephemeral');
    const [latest] = await server.db.db
      .select()
      .from(outbox)
      .where(eq(outbox.topic, 'slack.coin_message'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect((latest!.payload as { message: string }).message).toBe('R&D <3 &lt;');
  });

  it('answers balance, help, overspending and strangers ephemerally', async () => {
    const balance = await ask(command('balance', 'UTARO'));
    expect(balance).toEqual({ response_type: 'ephemeral', text: `You have ${await balanceOf(taro)} KIWI coins` });
    const help = await ask(command('help', 'UTARO'));
    expect(help.text).toContain('/kiwi balance');
    const overspend = await ask(command('coins <@UTARO> 100000 too much'));
    expect(overspend.text).toBe('コインを送れませんでした: KIWIコインが足りません');
    const self = await ask(command('coins <@UHANAKO> 1 me'));
    expect(self.text).toContain('自分自身');
    const stranger = await ask(command('balance', 'USTRANGER'));
    expect(stranger.response_type).toBe('ephemeral');
    expect(stranger.text).toContain('結び付いていません');
  });

  it('refuses hostile coin messages with the translated error, moving nothing', async () => {
    const before = { hanako: await balanceOf(hanako), taro: await balanceOf(taro) };
    // Past the command bound: refused before the command pattern reads it.
    const huge = await ask(command(`coins <@UTARO> 1 ${'😀'.repeat(COMMAND_TEXT_MAX)}`));
    expect(huge).toEqual({ response_type: 'ephemeral', text: 'コインを送れませんでした: 500文字以内で入力してください' });
    // Within the bound, but one letter carrying 40 combining marks: the coin message schema refuses the cluster.
    const stacked = await ask(command(`coins <@UTARO> 1 a${'\u0301'.repeat(40)}`));
    expect(stacked.text).toBe('コインを送れませんでした: 結合文字（濁点やアクセント記号など）を重ねすぎた文字が含まれています');
    // Within the bound but over the coin message's 500 graphemes: the limit is in the answer.
    const long = await ask(command(`coins <@UTARO> 1 ${'あ'.repeat(501)}`));
    expect(long.text).toBe('コインを送れませんでした: 500文字以内で入力してください');
    expect({ hanako: await balanceOf(hanako), taro: await balanceOf(taro) }).toEqual(before);
  });

  it('acknowledges a command before doing its work: the ack arrives while users.info has not answered yet', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    slack.setApiHandler('users.info', async (request, received) => {
      await gate;
      return usersInfo(request, received);
    });
    try {
      const body = command('balance', 'UTARO');
      const ack = await signedPost(body);
      expect({ status: ack.status, body: ack.body }).toEqual({ status: 200, body: null });
      expect(slack.received.some((request) => request.path === new URL(new URLSearchParams(body).get('response_url')!).pathname)).toBe(
        false,
      );
      release();
      expect((await answerTo(body)).text).toBe(`You have ${await balanceOf(taro)} KIWI coins`);
    } finally {
      release();
      slack.setApiHandler('users.info', usersInfo);
    }
  });

  it('a Slack retry of a coins command (same trigger id, X-Slack-Retry-Num) moves coins once and answers once', async () => {
    const before = { hanako: await balanceOf(hanako), taro: await balanceOf(taro) };
    const body = command('coins <@UTARO> 2 once');
    const retry = { headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' } };
    // The first delivery and two retries, one of them while the first is still being worked out.
    const acks = await Promise.all([signedPost(body), signedPost(body, retry)]);
    expect(acks.map((ack) => ack.status)).toEqual([200, 200]);
    expect((await answerTo(body)).text).toBe('Suzuki Taroさんに 2 KIWI コインを送りました');
    expect((await signedPost(body, retry)).status).toBe(200);
    await workers.outbox.runOnce();
    const path = new URL(new URLSearchParams(body).get('response_url')!).pathname;
    expect(slack.received.filter((request) => request.path === path)).toHaveLength(1);
    expect({ hanako: await balanceOf(hanako), taro: await balanceOf(taro) }).toEqual({
      hanako: before.hanako - 2,
      taro: before.taro + 2,
    });
  });

  it("posts the answer at once, and leaves it to the outbox's retries when Slack's response_url fails", async () => {
    const body = command('help', 'UTARO');
    const path = new URL(new URLSearchParams(body).get('response_url')!).pathname;
    const posts = () => slack.received.filter((request) => request.path === path);
    slack.setResponseUrlScript(() => ({ status: 503, body: 'busy' }));
    try {
      expect((await signedPost(body)).status).toBe(200);
      const row = await until(async () => {
        const [latest] = await server.db.db.select().from(outbox).where(eq(outbox.topic, 'slack_command.answer')).orderBy(desc(outbox.id));
        const posted = (latest?.payload as { responseUrl?: string } | undefined)?.responseUrl?.endsWith(path);
        return posted && latest?.lastError ? latest : undefined;
      });
      expect({ status: row.status, attempts: row.attempts, lastError: row.lastError }).toEqual({
        status: 'pending',
        attempts: 1,
        lastError: 'Slack answered 503 busy',
      });
      expect(posts()).toHaveLength(1);
    } finally {
      slack.setResponseUrlScript(() => ({ status: 200, body: 'ok' }));
    }
    // A worker, once the retry is due, posts it again and is done with it.
    const later = createWorkers({ db: server.db, config: server.config, outbox: { now: () => new Date(Date.now() + 60_000) } });
    await until(async () => ((await later.outbox.runOnce()) > 0 ? true : undefined));
    const [done] = await server.db.db
      .select()
      .from(outbox)
      .where(eq(outbox.topic, 'slack_command.answer'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect({ status: done!.status, attempts: done!.attempts }).toEqual({ status: 'done', attempts: 2 });
    expect(posts()).toHaveLength(2);
    expect(posts()[1]!.json).toMatchObject({ response_type: 'ephemeral', text: expect.stringContaining('/kiwi balance') });
    await later.stop();
  });

  it("refuses a future timestamp that Bolt's verifier alone would accept", async () => {
    const body = command('coins <@UTARO> 1 from the future');
    const timestamp = nowSeconds() + 301;
    // Bolt checks staleness only: this request passes its verification...
    expect(() =>
      verifySlackRequest({
        signingSecret: SIGNING_SECRET,
        body,
        headers: { 'x-slack-signature': slackSignature(SIGNING_SECRET, timestamp, body), 'x-slack-request-timestamp': timestamp },
      }),
    ).not.toThrow();
    // ...and the receiver refuses it.
    const before = await balanceOf(hanako);
    expect((await signedPost(body, { timestamp })).status).toBe(401);
    expect(await balanceOf(hanako)).toBe(before);
  });

  it("refuses a signature Bolt's verifier refuses (another version, a truncated hash)", async () => {
    const body = command('balance');
    const timestamp = nowSeconds();
    const good = slackSignature(SIGNING_SECRET, timestamp, body);
    for (const signature of [good.replace('v0=', 'v1='), good.slice(0, -2)]) {
      const response = await server.request('/slack/events', {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-slack-request-timestamp': String(timestamp),
          'x-slack-signature': signature,
        },
      });
      expect(response.status).toBe(401);
    }
    expect((await signedPost(body)).status).toBe(200);
  });

  it.each([
    ['a wrong signature', () => ({ secret: 'not-the-secret' })],
    ['a stale timestamp', () => ({ timestamp: nowSeconds() - 301 })],
    ['a future timestamp', () => ({ timestamp: nowSeconds() + 301 })],
  ])('refuses %s with 401 and moves nothing', async (_name, options) => {
    const before = await balanceOf(hanako);
    const response = await signedPost(command('coins <@UTARO> 1 sneaky'), options());
    expect(response.status).toBe(401);
    expect(await balanceOf(hanako)).toBe(before);
  });

  it('asks users.info once when Slack fails: no retries while Slack waits for the answer', async () => {
    const before = slack.apiCalls('users.info').length;
    slack.setApiHandler('users.info', () => ({ status: 500, body: 'boom' }));
    try {
      // The member still hears back: the command failed, through its response_url.
      expect((await ask(command('balance', 'UTARO'))).text).toContain('コインを送れませんでした');
      expect(slack.apiCalls('users.info').length - before).toBe(1);
      slack.setApiHandler('users.info', () => ({
        status: 429,
        headers: { 'retry-after': '3600' },
        body: { ok: false, error: 'ratelimited' },
      }));
      await ask(command('balance', 'UTARO'));
      expect(slack.apiCalls('users.info').length - before).toBe(2);
    } finally {
      slack.setApiHandler('users.info', usersInfo);
    }
  });

  it.each([
    ['a stale timestamp', () => nowSeconds() - 301, 401],
    ['a body declared over 1 MB', () => nowSeconds(), 413],
  ])('refuses %s from the headers, before reading the body, and closes the connection', async (_name, timestamp, status) => {
    // 10 MB announced, a few bytes sent, the rest never: an answer can only come from the headers.
    const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const request = httpRequest(`${server.url}/slack/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(10_000_000),
          'x-slack-request-timestamp': String(timestamp()),
          'x-slack-signature': 'v0=0',
        },
      });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      });
      request.on('error', reject);
      request.write('command=');
    });
    expect(answer).toEqual({ status, connection: 'close' });
  });

  it('refuses an unknown team and a missing signature with 401', async () => {
    const body = form({ command: '/kiwi', text: 'balance', team_id: 'TUNKNOWN', user_id: 'UHANAKO' });
    expect((await signedPost(body)).status).toBe(401);
    const unsigned = await server.request('/slack/events', {
      method: 'POST',
      body: command('balance'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.status).toBe(401);
  });

  it('"send thanks back" opens a modal whose submission sends coins back', async () => {
    const click = {
      type: 'block_actions',
      trigger_id: 'trigger-123',
      channel: { id: 'C1' },
      container: { type: 'message' },
      actions: [{ type: 'button', action_id: 'kiwi_thanks_back', block_id: 'b', value: String(hanako.membership!.id), action_ts: '1' }],
    };
    const clicked = await interaction(click);
    expect(clicked.status).toBe(200);
    // Acknowledged first; the modal opens right after.
    const opened = await until(() => slack.apiCalls('views.open').at(-1));
    const view = JSON.parse((opened.json as Record<string, string>).view ?? '{}');
    expect((opened.json as Record<string, string>).trigger_id).toBe('trigger-123');
    expect(view).toMatchObject({ type: 'modal', callback_id: 'kiwi_thanks_modal', title: { text: 'Send thanks back' } });

    const before = await balanceOf(hanako);
    const submission = {
      type: 'view_submission',
      trigger_id: 't2',
      view: {
        id: 'V1',
        type: 'modal',
        callback_id: 'kiwi_thanks_modal',
        private_metadata: view.private_metadata,
        state: {
          values: {
            amount: { value: { type: 'number_input', value: '3' } },
            message: { value: { type: 'plain_text_input', value: 'Thank you too!' } },
          },
        },
      },
    };
    const submitted = await interaction(submission);
    expect(submitted.status).toBe(200);
    expect(await balanceOf(hanako)).toBe(before + 3);

    const tooMuch = {
      ...submission,
      view: {
        ...submission.view,
        state: { values: { ...submission.view.state.values, amount: { value: { type: 'number_input', value: '99999' } } } },
      },
    };
    const refused = await interaction(tooMuch);
    expect(refused.body).toEqual({ response_action: 'errors', errors: { amount: 'You do not have enough KIWI coins' } });
  });
});
