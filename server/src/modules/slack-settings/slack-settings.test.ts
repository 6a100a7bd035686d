import { startFakeSlack, type FakeSlack } from '@kiwi/slack-app/testing/fake-slack';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox';
import type { OrganizationRow } from '../../db/schema/organizations';
import { slackCredentials, slackWebhooks } from '../../db/schema/slack';
import { buildOrganization, buildUser, type BuiltUser } from '../../test/factories';
import { startTestServer, testConfig, type TestServer } from '../../test/server';
import { createWorkers } from '../../workers';
import { awardActivityCoins } from '../coins/ledger';
import { secretBox } from './crypto';

let server: TestServer;
let slack: FakeSlack;
let acme: OrganizationRow;
let manager: BuiltUser;
const base = () => `/api/organizations/${acme.id}`;
const call = (path: string, method = 'GET', json?: unknown) =>
  server.request(`${base()}${path}`, { method, token: manager.token, ...(json ? { json } : {}) });
const workers = () =>
  createWorkers({
    db: server.db,
    config: { publicUrl: 'https://kiwi.example', mail: server.config.mail },
    outbox: { baseDelayMs: 10, maxDelayMs: 20 },
  });

beforeAll(async () => {
  server = await startTestServer();
  slack = await startFakeSlack();
  acme = await buildOrganization(server);
  manager = await buildUser(server, { organization: acme, memberRole: 'manager', name: 'Manager Mori' });
});
afterAll(async () => {
  await slack.close();
  await server.close();
});

describe('Slack webhook setting', () => {
  it('has no setting at first, accepts a hooks.slack.com URL once, then updates it', async () => {
    expect((await call('/slack_webhooks/current_setting')).body.data).toBeNull();
    const created = await call('/slack_webhooks', 'POST', { slack_webhook: { url: 'https://hooks.slack.com/services/T1/B1/abc' } });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ url: 'https://hooks.slack.com/services/T1/B1/abc', language: 'ja' });
    const twice = await call('/slack_webhooks', 'POST', { slack_webhook: { url: 'https://hooks.slack.com/services/T1/B1/def' } });
    expect([twice.status, twice.body.errors[0].code]).toEqual([409, 'slack.alreadyConfigured']);
    const updated = await call('/slack_webhooks', 'PUT', {
      slack_webhook: { url: 'https://hooks.slack.com/services/T1/B1/xyz', language: 'en' },
    });
    expect(updated.body.data.attributes).toMatchObject({ url: 'https://hooks.slack.com/services/T1/B1/xyz', language: 'en' });
    expect((await call('/slack_webhooks/current_setting')).body.data.attributes.url).toBe('https://hooks.slack.com/services/T1/B1/xyz');
  });

  it.each([
    ['http://hooks.slack.com/services/T/B/x', 'slack.invalidWebhookUrl'],
    ['https://example.com/services/T/B/x', 'slack.invalidWebhookUrl'],
    ['https://hooks.slack.com.evil.example/services/T/B/x', 'slack.invalidWebhookUrl'],
    ['https://user:pw@hooks.slack.com/services/T/B/x', 'slack.invalidWebhookUrl'],
    ['not a url', 'slack.invalidWebhookUrl'],
    ['', 'validation.required'],
    [`https://hooks.slack.com/services/${'x'.repeat(2100)}`, 'validation.tooLong'],
  ])('refuses %.60s with %s', async (url, code) => {
    const response = await call('/slack_webhooks', 'PUT', { slack_webhook: { url } });
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({ code, source: { pointer: '/slack_webhook/url' } });
  });

  it('accepts any http(s) URL in development mode only', async () => {
    const dev = await startTestServer({ config: testConfig({ NODE_ENV: 'development' }), db: undefined });
    try {
      const org = await buildOrganization(dev);
      const boss = await buildUser(dev, { organization: org, memberRole: 'manager' });
      const response = await dev.request(`/api/organizations/${org.id}/slack_webhooks`, {
        method: 'POST',
        token: boss.token,
        json: { slack_webhook: { url: 'http://127.0.0.1:9/services/T/B/x' } },
      });
      expect(response.status).toBe(201);
    } finally {
      await dev.close();
    }
  });

  it('PUT without a setting is 404 slack.notConfigured', async () => {
    const other = await buildOrganization(server);
    const boss = await buildUser(server, { organization: other, memberRole: 'manager' });
    const response = await server.request(`/api/organizations/${other.id}/slack_webhooks`, {
      method: 'PUT',
      token: boss.token,
      json: { slack_webhook: { language: 'en' } },
    });
    expect([response.status, response.body.errors[0].code]).toEqual([404, 'slack.notConfigured']);
    const test = await server.request(`/api/organizations/${other.id}/slack_webhooks/test_message`, { method: 'POST', token: boss.token });
    expect([test.status, test.body.errors[0].code]).toEqual([404, 'slack.notConfigured']);
  });
});

describe('delivery to the webhook', () => {
  it('"send test message" reaches the receiver; a dead delivery is listed and "retry" sends it again', async () => {
    await server.db.db
      .update(slackWebhooks)
      .set({ url: `${slack.url}/services/T1/B1/test`, language: 'en' })
      .where(eq(slackWebhooks.organizationId, acme.id));
    slack.setWebhookScript(() => ({ status: 404, body: 'no_service' }));
    expect((await call('/slack_webhooks/test_message', 'POST')).status).toBe(202);
    await workers().runOnce();
    const dead = await call('/slack_deliveries?status=dead');
    expect(dead.body.data).toHaveLength(1);
    expect(dead.body.data[0].attributes).toMatchObject({
      topic: 'slack.test_message',
      status: 'dead',
      'last-error': expect.stringContaining('404'),
    });

    slack.setWebhookScript(() => ({ status: 200, body: 'ok' }));
    const retried = await call(`/slack_deliveries/${dead.body.data[0].id}/retry`, 'POST');
    expect(retried.status).toBe(202);
    const again = await call(`/slack_deliveries/${dead.body.data[0].id}/retry`, 'POST');
    expect([again.status, again.body.errors[0].code]).toEqual([409, 'slack.deliveryNotDead']);
    await workers().runOnce();
    expect((await call('/slack_deliveries?status=dead')).body.data).toHaveLength(0);
    const last = slack.webhookPosts().at(-1)!;
    expect(last.json).toEqual({
      text: 'This is a test message from Kiwi. Notifications for your organization will arrive in this channel.',
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: 'This is a test message from Kiwi. Notifications for your organization will arrive in this channel.',
          },
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'Sent by Manager Mori' }] },
      ],
    });
  });

  it.each([
    [
      'en',
      {
        title: '*Sato &lt;Hanako&gt; sent KIWI coins*',
        recipients: '• Suzuki Taro: 10 coins',
        button: 'Send thanks back',
        text: 'Sato &lt;Hanako&gt; sent KIWI coins to Suzuki Taro',
      },
    ],
    [
      'ja',
      {
        title: '*Sato &lt;Hanako&gt;さんが KIWI コインを送りました*',
        recipients: '• Suzuki Taroさん: 10 コイン',
        button: 'お礼を送る',
        text: 'Sato &lt;Hanako&gt;さんが Suzuki Taro に KIWI コインを送りました',
      },
    ],
  ] as const)('a coin message arrives as Block Kit in %s', async (language, expected) => {
    const org = await buildOrganization(server);
    await server.db.db.insert(slackWebhooks).values({ organizationId: org.id, url: `${slack.url}/services/T9/B9/${language}`, language });
    const sender = await buildUser(server, { organization: org, name: 'Sato <Hanako>' });
    const colleague = await buildUser(server, { organization: org, name: 'Suzuki Taro' });
    await server.db.db.transaction((tx) =>
      awardActivityCoins(tx, { organizationMemberId: sender.membership!.id, amount: 50, day: '2026-01-01' }),
    );
    const sent = await server.request('/api/user/kiwi_coin_transfers', {
      method: 'POST',
      token: sender.token,
      json: {
        kiwi_coin_transfer: {
          message: 'Thanks {name} & team!\nGreat *work*',
          recipients: [{ organization_member_id: colleague.membership!.id, amount: 10 }],
        },
      },
    });
    expect(sent.status).toBe(201);
    await workers().runOnce();
    const post = slack.webhookPosts().find((p) => p.path.endsWith(`/${language}`))!;
    expect(post.json).toEqual({
      text: expected.text,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: expected.title } },
        { type: 'section', text: { type: 'mrkdwn', text: expected.recipients } },
        { type: 'section', text: { type: 'mrkdwn', text: '> Thanks Suzuki Taro &amp; team!\n> Great *work*' } },
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              text: { type: 'plain_text', text: expected.button },
              action_id: 'kiwi_thanks_back',
              value: String(sender.membership!.id),
            },
          ],
        },
      ],
    });
    const [row] = await server.db.db.select().from(outbox).where(eq(outbox.organizationId, org.id));
    expect(row!.status).toBe('done');
  });
});

describe('Slack app credentials', () => {
  it('are stored encrypted, never answered back, and one team links to one organisation', async () => {
    const put = await call('/slack_credentials', 'PUT', {
      slack_credential: { team_id: 'TACME001', signing_secret: 'very-secret-signing', bot_token: 'xoxb-secret-token' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.attributes).toMatchObject({ configured: true, 'team-id': 'TACME001' });
    expect(JSON.stringify(put.body)).not.toContain('very-secret-signing');
    const [row] = await server.db.db.select().from(slackCredentials).where(eq(slackCredentials.organizationId, acme.id));
    expect(row!.signingSecretCiphertext).not.toContain('very-secret');
    expect(row!.botTokenCiphertext).not.toContain('xoxb');
    expect(secretBox(server.config).open(row!.botTokenCiphertext)).toBe('xoxb-secret-token');

    const other = await buildOrganization(server);
    const boss = await buildUser(server, { organization: other, memberRole: 'manager' });
    const taken = await server.request(`/api/organizations/${other.id}/slack_credentials`, {
      method: 'PUT',
      token: boss.token,
      json: { slack_credential: { team_id: 'TACME001', signing_secret: 'x', bot_token: 'xoxb-y' } },
    });
    expect([taken.status, taken.body.errors[0].code]).toEqual([409, 'slack.teamTaken']);
    const bad = await call('/slack_credentials', 'PUT', { slack_credential: { team_id: 'acme', signing_secret: '', bot_token: 'token' } });
    expect([...new Set(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer))].sort()).toEqual([
      '/slack_credential/bot_token',
      '/slack_credential/signing_secret',
      '/slack_credential/team_id',
    ]);
    expect((await call('/slack_credentials', 'DELETE')).body.data.attributes.configured).toBe(false);
  });

  it('refuses to store credentials in production without SLACK_CREDENTIALS_KEY', () => {
    const box = secretBox({ nodeEnv: 'production', slack: { apiUrl: 'https://slack.com/api/', credentialsKey: undefined } });
    expect(() => box.seal('x')).toThrow(/SLACK_CREDENTIALS_KEY/);
    const keyed = secretBox({ nodeEnv: 'production', slack: { apiUrl: '', credentialsKey: Buffer.alloc(32, 7).toString('base64') } });
    expect(keyed.open(keyed.seal('xoxb-1'))).toBe('xoxb-1');
  });

  it('seals with a fresh IV each time and refuses tampered, truncated-tag or foreign-key ciphertexts', () => {
    const box = secretBox({ nodeEnv: 'production', slack: { apiUrl: '', credentialsKey: Buffer.alloc(32, 7).toString('base64') } });
    const [first, second] = [box.seal('xoxb-same'), box.seal('xoxb-same')];
    expect(first.split(':')[1]).not.toBe(second.split(':')[1]);
    expect(first).not.toContain('xoxb');
    const [version, iv, tag, ciphertext] = first.split(':') as [string, string, string, string];
    const truncated = [version, iv, Buffer.from(tag, 'base64').subarray(0, 4).toString('base64'), ciphertext].join(':');
    expect(() => box.open(truncated)).toThrow();
    const flipped = Buffer.from(ciphertext, 'base64');
    flipped[0]! ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    const other = secretBox({ nodeEnv: 'production', slack: { apiUrl: '', credentialsKey: Buffer.alloc(32, 8).toString('base64') } });
    expect(() => other.open(first)).toThrow();
  });
});
