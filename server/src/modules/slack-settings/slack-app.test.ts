import { request as httpRequest } from 'node:http';
import { COMMAND_TEXT_MAX } from '@kiwi/slack-app/bolt-app';
import { slackSignature } from '@kiwi/slack-app/receiver';
import { startFakeSlack, type FakeSlack, type Script } from '@kiwi/slack-app/testing/fake-slack';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox';
import type { OrganizationRow } from '../../db/schema/organizations';
import { slackCredentials } from '../../db/schema/slack';
import { users } from '../../db/schema/users';
import { buildOrganization, buildUser, type BuiltUser } from '../../test/factories';
import { startTestServer, testConfig, type TestServer } from '../../test/server';
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

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const nowSeconds = () => Math.floor(Date.now() / 1000);

function signedPost(body: string, { timestamp = nowSeconds(), secret = SIGNING_SECRET } = {}) {
  return server.request('/slack/events', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': slackSignature(secret, timestamp, body),
    },
  });
}
const command = (text: string, userId = 'UHANAKO') =>
  form({
    command: '/kiwi',
    text,
    team_id: TEAM,
    user_id: userId,
    channel_id: 'C1',
    response_url: `${slack.url}/response`,
    trigger_id: 't1',
    token: 'x',
    api_app_id: 'A1',
  });
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
});
afterAll(async () => {
  await server.close();
  await slack.close();
});

describe('/slack/events', () => {
  it('a signed "/kiwi coins @user 10 message" moves coins and answers ephemerally in the member\'s language', async () => {
    const before = { hanako: await balanceOf(hanako), taro: await balanceOf(taro) };
    const response = await signedPost(command('coins <@UTARO|taro> 10 Thanks for the review!'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ response_type: 'ephemeral', text: 'Suzuki Taroさんに 10 KIWI コインを送りました' });
    expect(await balanceOf(hanako)).toBe(before.hanako - 10);
    expect(await balanceOf(taro)).toBe(before.taro + 10);
    // users.info was asked with the workspace's bot token, on the configured Web API base URL.
    expect(slack.apiCalls('users.info')[0]!.headers.authorization).toBe('Bearer xoxb-acme-bot');
    expect(slack.apiCalls('auth.test')).toHaveLength(0);
    const [notification] = await server.db.db.select().from(outbox).where(eq(outbox.topic, 'slack.coin_message'));
    expect(notification!.payload).toMatchObject({ message: 'Thanks for the review!', recipients: [{ name: 'Suzuki Taro', amount: 10 }] });
  });

  it("keeps the message as typed: Slack's &amp; &lt; &gt; escapes are undone before it is stored", async () => {
    const response = await signedPost(command('coins <@UTARO> 1 R&amp;D &lt;3 &amp;lt;'));
    expect(response.body.response_type).toBe('ephemeral');
    const [latest] = await server.db.db
      .select()
      .from(outbox)
      .where(eq(outbox.topic, 'slack.coin_message'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect((latest!.payload as { message: string }).message).toBe('R&D <3 &lt;');
  });

  it('answers balance, help, overspending and strangers ephemerally', async () => {
    const balance = await signedPost(command('balance', 'UTARO'));
    expect(balance.body).toEqual({ response_type: 'ephemeral', text: `You have ${await balanceOf(taro)} KIWI coins` });
    const help = await signedPost(command('help', 'UTARO'));
    expect(help.body.text).toContain('/kiwi balance');
    const overspend = await signedPost(command('coins <@UTARO> 100000 too much'));
    expect(overspend.body.text).toBe('コインを送れませんでした: KIWIコインが足りません');
    const self = await signedPost(command('coins <@UHANAKO> 1 me'));
    expect(self.body.text).toContain('自分自身');
    const stranger = await signedPost(command('balance', 'USTRANGER'));
    expect(stranger.body.response_type).toBe('ephemeral');
    expect(stranger.body.text).toContain('結び付いていません');
  });

  it('refuses hostile coin messages with the translated error, moving nothing', async () => {
    const before = { hanako: await balanceOf(hanako), taro: await balanceOf(taro) };
    // Past the command bound: refused before the command pattern reads it.
    const huge = await signedPost(command(`coins <@UTARO> 1 ${'😀'.repeat(COMMAND_TEXT_MAX)}`));
    expect(huge.body).toEqual({ response_type: 'ephemeral', text: 'コインを送れませんでした: 500文字以内で入力してください' });
    // Within the bound, but one letter carrying 40 combining marks: the coin message schema refuses the cluster.
    const stacked = await signedPost(command(`coins <@UTARO> 1 a${'\u0301'.repeat(40)}`));
    expect(stacked.body.text).toBe('コインを送れませんでした: 結合文字（濁点やアクセント記号など）を重ねすぎた文字が含まれています');
    // Within the bound but over the coin message's 500 graphemes: the limit is in the answer.
    const long = await signedPost(command(`coins <@UTARO> 1 ${'あ'.repeat(501)}`));
    expect(long.body.text).toBe('コインを送れませんでした: 500文字以内で入力してください');
    expect({ hanako: await balanceOf(hanako), taro: await balanceOf(taro) }).toEqual(before);
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
      const response = await signedPost(command('balance', 'UTARO'));
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(slack.apiCalls('users.info').length - before).toBe(1);
      slack.setApiHandler('users.info', () => ({
        status: 429,
        headers: { 'retry-after': '3600' },
        body: { ok: false, error: 'ratelimited' },
      }));
      await signedPost(command('balance', 'UTARO'));
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
      team: { id: TEAM },
      user: { id: 'UTARO', team_id: TEAM },
      api_app_id: 'A1',
      token: 'x',
      trigger_id: 'trigger-123',
      channel: { id: 'C1' },
      container: { type: 'message' },
      actions: [{ type: 'button', action_id: 'kiwi_thanks_back', block_id: 'b', value: String(hanako.membership!.id), action_ts: '1' }],
    };
    const clicked = await signedPost(form({ payload: JSON.stringify(click) }));
    expect(clicked.status).toBe(200);
    const opened = slack.apiCalls('views.open').at(-1)!;
    const view = JSON.parse((opened.json as Record<string, string>).view ?? '{}');
    expect((opened.json as Record<string, string>).trigger_id).toBe('trigger-123');
    expect(view).toMatchObject({ type: 'modal', callback_id: 'kiwi_thanks_modal', title: { text: 'Send thanks back' } });

    const before = await balanceOf(hanako);
    const submission = {
      type: 'view_submission',
      team: { id: TEAM },
      user: { id: 'UTARO', team_id: TEAM },
      api_app_id: 'A1',
      token: 'x',
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
    const submitted = await signedPost(form({ payload: JSON.stringify(submission) }));
    expect(submitted.status).toBe(200);
    expect(await balanceOf(hanako)).toBe(before + 3);

    const tooMuch = {
      ...submission,
      view: {
        ...submission.view,
        state: { values: { ...submission.view.state.values, amount: { value: { type: 'number_input', value: '99999' } } } },
      },
    };
    const refused = await signedPost(form({ payload: JSON.stringify(tooMuch) }));
    expect(refused.body).toEqual({ response_action: 'errors', errors: { amount: 'You do not have enough KIWI coins' } });
  });
});
