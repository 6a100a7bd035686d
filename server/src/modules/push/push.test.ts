// Push end to end on the real app: devices through PUT /api/users/{id}, the producers' outbox rows, and the real
// outbox worker delivering them over HTTP to a local FCM HTTP v1 receiver (test/fake-fcm.ts) that records what arrived.
import { PUSH_LIMITS } from '@kiwi/shared/domain/push';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushConfig } from '../../config';
import { jobs } from '../../db/schema/jobs';
import { outbox } from '../../db/schema/outbox';
import { organizationMembers, type OrganizationRow } from '../../db/schema/organizations';
import { userDevices, users } from '../../db/schema/users';
import { startFakeFcm, type FakeFcm, INVALID_TOKEN } from '../../test/fake-fcm';
import { buildOrganization, buildUser, type BuiltUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { createWorkers } from '../../workers';
import { awardActivityCoins } from '../coins/ledger';
import { buildSurvey } from '../surveys/test-support';
import type { PushPayload } from './fcm';
import { DROP_IDLE_DEVICES_JOB, scheduleIdleDeviceCleanup } from './jobs';

const DAY = 24 * 3600 * 1000;
let server: TestServer;
let fcm: FakeFcm;
let acme: OrganizationRow;
let sender: BuiltUser;
let recipient: BuiltUser;
let colleague: BuiltUser;
let admin: BuiltUser;

const pushOn = (): PushConfig => ({ fcmBaseUrl: fcm.url, projectId: 'demo-kiwi', adminCredential: false, web: null });
/** The real workers of one process, with a short backoff and (optionally) a pinned clock. */
const workers = ({ now, push = pushOn() }: { now?: () => Date; push?: PushConfig } = {}) =>
  createWorkers({
    db: server.db,
    config: { ...server.config, push },
    outbox: { baseDelayMs: 10, maxDelayMs: 10, random: () => 0, ...(now ? { now } : {}) },
    jobs: now ? { now } : {},
  });
async function deliverAll(now?: () => Date) {
  const worker = workers({ ...(now ? { now } : {}) });
  while ((await worker.outbox.runOnce()) > 0) {
    /* until nothing is due */
  }
}
const putUser = (caller: BuiltUser, body: Record<string, unknown>, id = caller.user.id) =>
  server.request(`/api/users/${id}`, { method: 'PUT', token: caller.token, json: { user: body } });
const putDevice = (caller: BuiltUser, device: Record<string, unknown>, id = caller.user.id) => putUser(caller, { device }, id);
const devicesOf = (user: BuiltUser) =>
  server.db.db.select().from(userDevices).where(eq(userDevices.userId, user.user.id)).orderBy(userDevices.id);
const pushRows = () => server.db.db.select().from(outbox).where(eq(outbox.topic, 'push.send')).orderBy(outbox.id);
const sendCoins = (from: BuiltUser, to: BuiltUser[], message = 'Thanks {name}!') =>
  server.request('/api/user/kiwi_coin_transfers', {
    method: 'POST',
    token: from.token,
    json: { kiwi_coin_transfer: { message, recipients: to.map((user) => ({ organization_member_id: user.membership!.id, amount: 1 })) } },
  });

beforeAll(async () => {
  server = await startTestServer();
  fcm = await startFakeFcm();
  acme = await buildOrganization(server);
  [sender, recipient, colleague, admin] = await Promise.all([
    buildUser(server, { organization: acme, name: 'Sato Hanako' }),
    buildUser(server, { organization: acme, name: 'Suzuki Taro' }),
    buildUser(server, { organization: acme, name: 'Tanaka Jiro' }),
    buildUser(server, { role: 'admin' }),
  ]);
  await server.db.db.transaction((tx) =>
    awardActivityCoins(tx, { organizationMemberId: sender.membership!.id, amount: 1000, day: '2026-01-01' }),
  );
});
afterAll(async () => {
  await fcm.close();
  await server.close();
});
beforeEach(async () => {
  await deliverAll();
  fcm.received.length = 0;
  fcm.setScript(null);
  fcm.unregistered.clear();
  await server.db.db.delete(userDevices);
  await server.db.db.update(users).set({ notificationPreferences: {} });
});

describe('devices on PUT /api/users/{id}', () => {
  it('stores each device of a member by uuid, refreshes it when sent again, and marks the mobile app installed', async () => {
    const first = await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-phone' });
    expect(first.status).toBe(200);
    expect(await putDevice(recipient, { uuid: 'browser', fcm_token: 'token-browser', platform: 'web' })).toMatchObject({ status: 200 });
    const listed = await server.request(`/api/users/${recipient.user.id}/devices`, { token: recipient.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((d: { attributes: Record<string, unknown> }) => [d.attributes.uuid, d.attributes.platform])).toEqual([
      ['phone', 'app'],
      ['browser', 'web'],
    ]);
    // A token is a way to reach someone: never shown.
    expect(JSON.stringify(listed.body)).not.toContain('token-');
    const stored = await devicesOf(recipient);
    expect(stored.map((d) => [d.uuid, d.fcmToken, d.platform])).toEqual([
      ['phone', 'token-phone', 'app'],
      ['browser', 'token-browser', 'web'],
    ]);
    const [membership] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, recipient.membership!.id));
    expect(membership!.appInstalled).toBe(true);

    // Sent again (the token rotated): the same row, a new token, seen again.
    await server.db.db
      .update(userDevices)
      .set({ lastSeenAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(userDevices.uuid, 'phone'));
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-phone-2' });
    const phone = (await devicesOf(recipient)).find((d) => d.uuid === 'phone')!;
    expect(phone.fcmToken).toBe('token-phone-2');
    expect(Date.now() - phone.lastSeenAt.getTime()).toBeLessThan(60_000);
    expect(await devicesOf(recipient)).toHaveLength(2);
  });

  it('binds a token to the user who sent it: the same token sent by another user moves to them', async () => {
    await putDevice(recipient, { uuid: 'shared-pc', fcm_token: 'token-shared', platform: 'web' });
    await putDevice(colleague, { uuid: 'shared-pc', fcm_token: 'token-shared', platform: 'web' });
    expect(await devicesOf(recipient)).toEqual([]);
    expect((await devicesOf(colleague)).map((d) => d.fcmToken)).toEqual(['token-shared']);
  });

  it("refuses another user's id, an admin's too, and leaves nothing stored", async () => {
    for (const caller of [colleague, admin]) {
      const refused = await putDevice(caller, { uuid: 'x', fcm_token: `token-${caller.user.id}` }, recipient.user.id);
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].code).toBe('auth.forbidden');
      const removal = await server.request(`/api/users/${recipient.user.id}/devices/x`, { method: 'DELETE', token: caller.token });
      expect(removal.status).toBe(403);
      const list = await server.request(`/api/users/${recipient.user.id}/devices`, { token: caller.token });
      expect(list.status).toBe(403);
    }
    expect(await devicesOf(recipient)).toEqual([]);
  });

  it('refuses a malformed device with translated 422s and no row', async () => {
    for (const [device, pointer] of [
      [{ uuid: '', fcm_token: 't' }, '/user/device/uuid'],
      [{ uuid: 'u', fcm_token: 'x'.repeat(5000) }, '/user/device/fcm_token'],
      [{ uuid: 'u', fcm_token: 't', platform: 'fax' }, '/user/device/platform'],
      [{ uuid: 'u', fcm_token: 't', owner: 1 }, '/user/device/owner'],
    ] as const) {
      const response = await putDevice(recipient, device);
      expect(response.status, JSON.stringify(device)).toBe(422);
      expect(response.body.errors[0].source.pointer).toBe(pointer);
      expect(response.body.errors[0].detail).toBeTruthy();
    }
    expect(await devicesOf(recipient)).toEqual([]);
  });

  it('DELETE /api/users/{id}/devices/{uuid} forgets that device only', async () => {
    await putDevice(recipient, { uuid: 'a', fcm_token: 'token-a', platform: 'web' });
    await putDevice(recipient, { uuid: 'b', fcm_token: 'token-b', platform: 'web' });
    const removed = await server.request(`/api/users/${recipient.user.id}/devices/a`, { method: 'DELETE', token: recipient.token });
    expect(removed.status).toBe(204);
    expect((await devicesOf(recipient)).map((d) => d.uuid)).toEqual(['b']);
    const again = await server.request(`/api/users/${recipient.user.id}/devices/a`, { method: 'DELETE', token: recipient.token });
    expect(again.status).toBe(204);
    const tooLong = await server.request(`/api/users/${recipient.user.id}/devices/${'u'.repeat(300)}`, {
      method: 'DELETE',
      token: recipient.token,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].code).toBe('request.invalidParameter');
  });
});

describe('notification preferences', () => {
  it('are all on at first, change per kind through PUT /api/users/{id}, and come back with the user', async () => {
    const before = await server.request('/api/user', { token: recipient.token });
    expect(before.body.data.attributes['notification-preferences']).toEqual({
      coin_message: true,
      event_invitation: true,
      guild_invitation: true,
      survey_opened: true,
      survey_reminder: true,
      violation_report: true,
      walking_event_result: true,
    });
    const changed = await putUser(recipient, { notification_preferences: { coin_message: false } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes['notification-preferences']).toMatchObject({ coin_message: false, survey_opened: true });
    await putUser(recipient, { notification_preferences: { survey_opened: false } });
    const after = await server.request('/api/user', { token: recipient.token });
    expect(after.body.data.attributes['notification-preferences']).toMatchObject({
      coin_message: false,
      survey_opened: false,
      guild_invitation: true,
    });
  });

  it('refuses an unknown kind or a value that is not true or false', async () => {
    for (const preferences of [{ birthday_greeting: true }, { coin_message: 'off' }, []]) {
      const response = await putUser(recipient, { notification_preferences: preferences });
      expect(response.status, JSON.stringify(preferences)).toBe(422);
    }
  });
});

describe('delivery to FCM HTTP v1', () => {
  it('a coin message produces exactly one FCM v1 request with the right token and payload', async () => {
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-recipient' });
    const sent = await sendCoins(sender, [recipient], 'Thanks {name}, great talk!');
    expect(sent.status).toBe(201);
    const [row] = await pushRows();
    expect(row!.status).toBe('pending');
    await deliverAll();

    expect(fcm.received).toHaveLength(1);
    const [request] = fcm.received;
    expect(request!.path).toBe('/v1/projects/demo-kiwi/messages:send');
    // The emulator project's receiver needs no OAuth token.
    expect(request!.authorization).toBeUndefined();
    expect(request!.message).toEqual({
      token: 'token-recipient',
      notification: { title: 'Sato Hanakoさんから1コインが届きました', body: 'Thanks Suzuki Taro, great talk!' },
      data: { kind: 'coin_message', path: '/' },
    });
    const [done] = await pushRows();
    expect(done!.status).toBe('done');
  });

  it("speaks each member's language and reaches every device of theirs", async () => {
    await server.db.db.update(users).set({ language: 'en' }).where(eq(users.id, colleague.user.id));
    await putDevice(colleague, { uuid: 'phone', fcm_token: 'token-colleague-phone' });
    await putDevice(colleague, { uuid: 'pc', fcm_token: 'token-colleague-pc', platform: 'web' });
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-recipient' });
    await sendCoins(sender, [recipient, colleague]);
    expect(await pushRows().then((rows) => rows.filter((row) => row.status === 'pending'))).toHaveLength(1);
    await deliverAll();
    const byToken = Object.fromEntries(fcm.received.map((r) => [r.message.token, r.message.notification]));
    expect(byToken).toEqual({
      'token-recipient': { title: 'Sato Hanakoさんから1コインが届きました', body: 'Thanks Suzuki Taro!' },
      'token-colleague-phone': { title: 'Sato Hanako sent you 1 coin', body: 'Thanks Tanaka Jiro!' },
      'token-colleague-pc': { title: 'Sato Hanako sent you 1 coin', body: 'Thanks Tanaka Jiro!' },
    });
    await server.db.db.update(users).set({ language: 'ja' }).where(eq(users.id, colleague.user.id));
  });

  it('a kind turned off produces no request and no outbox row', async () => {
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-recipient' });
    await putUser(recipient, { notification_preferences: { coin_message: false } });
    const before = (await pushRows()).length;
    expect((await sendCoins(sender, [recipient])).status).toBe(201);
    expect(await pushRows()).toHaveLength(before);
    await deliverAll();
    expect(fcm.received).toEqual([]);
  });

  it('keeps a long message under 4 KB, cut on a grapheme', async () => {
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-recipient' });
    expect((await sendCoins(sender, [recipient], '👨‍👩‍👧‍👦'.repeat(500))).status).toBe(201);
    await deliverAll();
    const [request] = fcm.received;
    expect(request!.bytes).toBeLessThan(4096);
    const body = request!.message.notification.body;
    expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(PUSH_LIMITS.bodyBytes);
    expect(body).toMatch(/^(👨‍👩‍👧‍👦)+…$/u);
  });

  it('a 429 with Retry-After is retried after that delay, and only for the tokens still to send', async () => {
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-recipient' });
    await putDevice(colleague, { uuid: 'phone', fcm_token: 'token-colleague' });
    await sendCoins(sender, [recipient, colleague]);
    fcm.setScript((request) =>
      request.message.token === 'token-colleague'
        ? { status: 429, headers: { 'retry-after': '120' }, body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } } }
        : { status: 200, body: { name: 'projects/demo-kiwi/messages/1' } },
    );
    const start = Date.now();
    let clock = start;
    const worker = workers({ now: () => new Date(clock) });
    expect(await worker.outbox.runOnce()).toBeGreaterThan(0);
    expect(fcm.received.map((r) => r.message.token).sort()).toEqual(['token-colleague', 'token-recipient']);
    const [row] = (await pushRows()).filter((r) => r.status === 'pending');
    expect(row!.nextAttemptAt.getTime() - start).toBeGreaterThanOrEqual(120_000);
    expect((row!.payload as PushPayload).messages.flatMap((m) => m.tokens)).toEqual(['token-colleague']);

    fcm.setScript(null);
    clock = start + 119_000;
    expect(await worker.outbox.runOnce()).toBe(0);
    clock = start + 121_000;
    expect(await worker.outbox.runOnce()).toBe(1);
    expect(fcm.received.filter((r) => r.message.token === 'token-recipient')).toHaveLength(1);
    expect(fcm.received.filter((r) => r.message.token === 'token-colleague')).toHaveLength(2);
    expect((await server.db.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]!.status).toBe('done');
  });

  it('a 5xx is retried with backoff', async () => {
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-recipient' });
    await sendCoins(sender, [recipient]);
    let failures = 1;
    fcm.setScript(() =>
      failures-- > 0 ? { status: 503, body: { error: { code: 503, status: 'UNAVAILABLE' } } } : { status: 200, body: {} },
    );
    const start = Date.now();
    let clock = start;
    const worker = workers({ now: () => new Date(clock) });
    await worker.outbox.runOnce();
    clock = start + 60_000;
    await worker.outbox.runOnce();
    expect(fcm.received.map((r) => r.message.token)).toEqual(['token-recipient', 'token-recipient']);
    expect((await pushRows()).every((row) => row.status === 'done')).toBe(true);
  });

  it('an UNREGISTERED reply removes the token, and an invalid token too; the other devices stay', async () => {
    await putDevice(recipient, { uuid: 'old-phone', fcm_token: 'token-gone' });
    await putDevice(recipient, { uuid: 'pc', fcm_token: 'token-malformed', platform: 'web' });
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-fine' });
    fcm.unregistered.add('token-gone');
    fcm.setScript((request) => (request.message.token === 'token-malformed' ? INVALID_TOKEN : { status: 200, body: {} }));
    await sendCoins(sender, [recipient]);
    await deliverAll();
    expect(fcm.received).toHaveLength(3);
    expect((await devicesOf(recipient)).map((d) => d.fcmToken)).toEqual(['token-fine']);
    expect((await pushRows()).every((row) => row.status === 'done')).toBe(true);
  });

  it('splits a fan-out into outbox rows of at most 500 tokens, and delivers them all', async () => {
    await server.db.db
      .insert(userDevices)
      .values(
        Array.from({ length: 501 }, (_, index) => ({ userId: recipient.user.id, uuid: `device-${index}`, fcmToken: `token-${index}` })),
      );
    await sendCoins(sender, [recipient]);
    const rows = (await pushRows()).filter((row) => row.status === 'pending');
    expect(rows.map((row) => (row.payload as PushPayload).messages.flatMap((m) => m.tokens).length)).toEqual([500, 1]);
    await deliverAll();
    expect(fcm.received).toHaveLength(501);
    expect(new Set(fcm.received.map((r) => r.message.token)).size).toBe(501);
  });

  it('with push off (no FCM base URL) the rows are marked skipped and nothing is sent', async () => {
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-recipient' });
    await sendCoins(sender, [recipient]);
    const off = workers({ push: { fcmBaseUrl: undefined, projectId: 'demo-kiwi', adminCredential: false, web: null } });
    await off.outbox.runOnce();
    const [row] = (await pushRows()).slice(-1);
    expect(row).toMatchObject({ status: 'done' });
    expect(row!.lastError).toMatch(/^skipped: push is off/);
    expect(fcm.received).toEqual([]);
  });
});

describe('the other kinds', () => {
  it('an event invitation and a guild invitation push to the invitee', async () => {
    await putDevice(colleague, { uuid: 'phone', fcm_token: 'token-colleague' });
    const created = await server.request(`/api/organizations/${acme.id}/events`, {
      method: 'POST',
      token: sender.token,
      json: {
        event: {
          name: 'Lunch walk',
          started_at: new Date(Date.now() + 2 * DAY).toISOString(),
          ended_at: new Date(Date.now() + 2 * DAY + 3600_000).toISOString(),
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const invited = await server.request(`/api/organizations/${acme.id}/events/${created.body.data.id}/members/join`, {
      method: 'POST',
      token: sender.token,
      json: { event_member: { organization_member_id: colleague.membership!.id, role: 'member' } },
    });
    expect(invited.status).toBe(201);
    const guild = await server.request(`/api/organizations/${acme.id}/guilds`, {
      method: 'POST',
      token: sender.token,
      json: { guild: { name: 'Runners' } },
    });
    expect(guild.status).toBe(201);
    const guildInvite = await server.request(`/api/guilds/${guild.body.data.id}/members/join`, {
      method: 'POST',
      token: sender.token,
      json: { guild_member: { organization_member_id: colleague.membership!.id } },
    });
    expect(guildInvite.status).toBe(201);
    await deliverAll();
    expect(fcm.received.map((r) => [r.message.data, r.message.notification.body])).toEqual([
      [{ kind: 'event_invitation', path: `/events/${created.body.data.id}` }, 'Sato Hanakoさんが「Lunch walk」に招待しています'],
      [{ kind: 'guild_invitation', path: `/guilds/${guild.body.data.id}` }, expect.stringContaining('「Runners」')],
    ]);
  });

  it("a survey's opening and its reminder push to those who have not answered, each when their kind is on", async () => {
    await putDevice(recipient, { uuid: 'phone', fcm_token: 'token-recipient' });
    await putDevice(colleague, { uuid: 'phone', fcm_token: 'token-colleague' });
    await putUser(colleague, { notification_preferences: { survey_opened: false } });
    const survey = await buildSurvey(server, acme.id, { title: 'Autumn check-in' });
    await server.db.db.insert(jobs).values({ kind: 'survey.opened', payload: { surveyId: survey.id }, runAt: new Date() });
    const worker = workers();
    await worker.runOnce();
    await deliverAll();
    const opened = fcm.received.filter((r) => r.message.data.kind === 'survey_opened');
    expect(opened.map((r) => r.message.token)).toEqual(['token-recipient']);
    expect(opened[0]!.message.notification.body).toContain('「Autumn check-in」');
    expect(opened[0]!.message.data.path).toBe(`/org/${acme.identifier}/well_being_surveys/${survey.id}`);

    await server.db.db.insert(jobs).values({ kind: 'survey.reminder', payload: { surveyId: survey.id }, runAt: new Date() });
    await worker.runOnce();
    await deliverAll();
    const reminded = fcm.received.filter((r) => r.message.data.kind === 'survey_reminder');
    expect(reminded.map((r) => r.message.token).sort()).toEqual(['token-colleague', 'token-recipient']);
  });
});

describe('idle devices', () => {
  it('the daily job drops devices unseen for 60 days and schedules the next day', async () => {
    await putDevice(recipient, { uuid: 'fresh', fcm_token: 'token-fresh' });
    await putDevice(recipient, { uuid: 'stale', fcm_token: 'token-stale' });
    await putDevice(recipient, { uuid: 'almost', fcm_token: 'token-almost' });
    const now = new Date();
    await server.db.db
      .update(userDevices)
      .set({ lastSeenAt: new Date(now.getTime() - 61 * DAY) })
      .where(eq(userDevices.uuid, 'stale'));
    await server.db.db
      .update(userDevices)
      .set({ lastSeenAt: new Date(now.getTime() - 59 * DAY) })
      .where(eq(userDevices.uuid, 'almost'));
    await server.db.db.transaction((tx) => scheduleIdleDeviceCleanup(tx, now));
    // A second process starting the same day schedules nothing more.
    await server.db.db.transaction((tx) => scheduleIdleDeviceCleanup(tx, now));
    const worker = workers({ now: () => now });
    await worker.jobs.runOnce();
    expect((await devicesOf(recipient)).map((d) => d.uuid).sort()).toEqual(['almost', 'fresh']);
    const scheduled = await server.db.db.select().from(jobs).where(eq(jobs.kind, DROP_IDLE_DEVICES_JOB)).orderBy(jobs.id);
    expect(scheduled.map((job) => job.status)).toEqual(['done', 'pending']);
    expect(scheduled[1]!.runAt.getTime()).toBeGreaterThan(now.getTime());
    expect(scheduled[1]!.runAt.getTime() - now.getTime()).toBeLessThanOrEqual(DAY);
    await server.db.db.delete(jobs).where(and(eq(jobs.kind, DROP_IDLE_DEVICES_JOB)));
  });
});
