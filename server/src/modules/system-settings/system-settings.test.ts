import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { staffActions } from '../../db/schema/admin-console';
import { organizationMembers } from '../../db/schema/organizations';
import { systemSettings } from '../../db/schema/system-settings';
import { listeningBackends, openReplicaHandle, testEngine } from '../../test/database';
import { type BuiltUser, buildAdminMemberManager, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer, testConfig } from '../../test/server';
import { INVALIDATION_CHANNEL } from '../../realtime/invalidation';
import { createSystemSettingsCache, SETTINGS_CHANGED } from './cache';

const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

/**
 * Waits until every kiwi_cache notification sent so far has reached `handle`'s listeners: one of our own, sent now,
 * arrives after them (a connection delivers notifications in commit order). Keeps an earlier test's late NOTIFY from
 * dropping a cache a test means to find stale.
 */
async function settled(handle: DatabaseHandle): Promise<void> {
  const marker = `barrier-${Math.random()}`;
  let heard = false;
  const unlisten = await handle.listen(INVALIDATION_CHANNEL, (payload) => {
    if (payload === marker) heard = true;
  });
  try {
    await handle.notify(INVALIDATION_CHANNEL, marker);
    await vi.waitFor(() => expect(heard).toBe(true), { timeout: 5000, interval: 10 });
  } finally {
    await unlisten();
  }
}

const SEEDED = {
  app_store_url: 'https://apps.apple.com/app/id0000000000',
  google_play_url: 'https://play.google.com/store/apps/details?id=example.kiwi',
};

describe('system settings and the app install call', () => {
  let server: TestServer;
  let admin: BuiltUser;
  let member: BuiltUser;
  let manager: BuiltUser;
  let installed: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    const acme = await buildOrganization(server);
    [{ admin, member, manager }, installed] = await Promise.all([
      buildAdminMemberManager(server, acme),
      buildUser(server, { organization: acme }),
    ]);
    await server.db.db
      .update(organizationMembers)
      .set({ appInstalled: true, lastSyncAt: new Date('2030-05-01T08:30:00.000Z') })
      .where(eq(organizationMembers.id, installed.membership!.id));
  });
  afterAll(() => server.close());

  const idOf = async (key: string) => {
    const [row] = await server.db.db.select({ id: systemSettings.id }).from(systemSettings).where(eq(systemSettings.key, key));
    return row!.id;
  };
  const put = (id: number | string, json: unknown, token = admin.token) =>
    server.request(`/api/system_settings/${id}`, { method: 'PUT', token, json });
  const post = (json: unknown, token = admin.token) => server.request('/api/system_settings', { method: 'POST', token, json });

  it('seeds the store links in the migration, and lists every setting to an admin by key', async () => {
    const list = await server.request('/api/system_settings', { token: admin.token });
    expect(list.status).toBe(200);
    const byKey = Object.fromEntries(
      list.body.data.map((item: { attributes: { key: string; value: string } }) => [item.attributes.key, item.attributes.value]),
    );
    expect(byKey).toMatchObject(SEEDED);
    expect(list.body.data[0]).toMatchObject({ type: 'system-settings', attributes: { 'created-at': expect.any(String) } });
    expect(list.body.meta['total-count']).toBe(list.body.data.length);
  });

  it('answers a member their own install state: not installed yet, and installed with the last sync', async () => {
    const fresh = await server.request('/api/app_install', { token: member.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual({
      type: 'app-installs',
      id: String(member.user.id),
      attributes: {
        'app-store-url': SEEDED.app_store_url,
        'google-play-url': SEEDED.google_play_url,
        'app-installed': false,
        'last-sync-at': null,
      },
    });
    const synced = await server.request('/api/app_install', { token: installed.token });
    expect(synced.body.data.attributes).toMatchObject({ 'app-installed': true, 'last-sync-at': '2030-05-01T08:30:00.000Z' });
    // An admin without membership has no install state to show, only the links.
    const own = await server.request('/api/app_install', { token: admin.token });
    expect(own.body.data.attributes).toMatchObject({ 'app-installed': null, 'last-sync-at': null, 'app-store-url': SEEDED.app_store_url });
  });

  it("follows an admin's change of a store link at once", async () => {
    const id = await idOf('google_play_url');
    const changed = await put(id, { system_setting: { value: '  https://play.google.com/store/apps/details?id=jp.kiwi.app  ' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: String(id),
      attributes: { key: 'google_play_url', value: 'https://play.google.com/store/apps/details?id=jp.kiwi.app' },
    });
    const page = await server.request('/api/app_install', { token: member.token });
    expect(page.body.data.attributes['google-play-url']).toBe('https://play.google.com/store/apps/details?id=jp.kiwi.app');
    await put(id, { system_setting: { value: SEEDED.google_play_url } });
  });

  it('refuses a URL setting that is not https with a translated 422, and keeps the stored value', async () => {
    const id = await idOf('app_store_url');
    for (const value of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'http://apps.apple.com/app/id1',
      'https://user:secret@apps.apple.com/app/id1',
      'apps.apple.com/app/id1',
      'https://apps.apple.com/app/id1 extra',
    ]) {
      const refused = await put(id, { system_setting: { value } });
      expect(refused.status, value).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'validation.invalidUrl',
        source: { pointer: '/system_setting/value' },
        detail: expect.stringContaining('https'),
      });
    }
    const tooLong = await put(id, { system_setting: { value: `https://apps.apple.com/${'a'.repeat(1000)}` } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors[0]).toMatchObject({ code: 'validation.tooLong', source: { pointer: '/system_setting/value' } });
    const [row] = await server.db.db.select().from(systemSettings).where(eq(systemSettings.id, id));
    expect(row!.value).toBe(SEEDED.app_store_url);
  });

  it('bounds the payloads: required, unknown keys, the key fixed once created, value length, 404 and bad ids', async () => {
    const id = await idOf('app_store_url');
    const cases: [unknown, string, string][] = [
      [{}, 'validation.required', '/system_setting'],
      [{ system_setting: { value: '   ' } }, 'validation.required', '/system_setting/value'],
      [{ system_setting: { value: 42 } }, 'validation.invalidType', '/system_setting/value'],
      [{ system_setting: { value: 'https://a.example', key: 'other_url' } }, 'validation.unknownKey', '/system_setting/key'],
      [{ system_setting: { value: 'https://a.example' }, extra: 1 }, 'validation.unknownKey', '/extra'],
    ];
    for (const [json, code, pointer] of cases) {
      const refused = await put(id, json);
      expect(refused.status, JSON.stringify(json)).toBe(422);
      expect(refused.body.errors[0], JSON.stringify(json)).toMatchObject({ code, source: { pointer } });
    }
    const huge = await post({ system_setting: { key: 'maintenance_message_en', value: 'x'.repeat(2001) } });
    expect(huge.body.errors[0]).toMatchObject({ code: 'validation.tooLong', source: { pointer: '/system_setting/value' } });
    expect((await put(999_999, { system_setting: { value: 'https://a.example' } })).body.errors[0].code).toBe('resource.notFound');
    const badId = await put('abc', { system_setting: { value: 'https://a.example' } });
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0].code).toBe('request.invalidParameter');
  });

  it('adds a setting of the registry: unknown keys refused, uniqueness, each key its own schema', async () => {
    const created = await post({ system_setting: { key: 'maintenance_message_ja', value: ' メンテナンス予定 🛠️ ' } });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ key: 'maintenance_message_ja', value: 'メンテナンス予定 🛠️' });
    const taken = await post({ system_setting: { key: 'maintenance_message_ja', value: 'again' } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ code: 'systemSetting.keyTaken', source: { pointer: '/system_setting/key' } });
    for (const key of ['support_url', 'note', 'Bad Key', 'a'.repeat(65), '__proto__', 'constructor']) {
      const refused = await post({ system_setting: { key, value: 'https://support.kiwi.example' } });
      expect(refused.status, key).toBe(422);
      expect(refused.body.errors[0].source.pointer, key).toBe('/system_setting/key');
    }
    expect((await post({ system_setting: { key: 'support_url', value: 'https://a.example' } })).body.errors[0].code).toBe(
      'validation.unknownKey',
    );
    const tooFew = await post({ system_setting: { key: 'public_rate_limit_per_minute', value: '5' } });
    expect(tooFew.status).toBe(422);
    expect(tooFew.body.errors[0]).toMatchObject({
      code: 'validation.tooSmall',
      source: { pointer: '/system_setting/value' },
      detail: expect.stringContaining('10'),
    });
    const notWhole = await post({ system_setting: { key: 'public_rate_limit_per_minute', value: '12.5' } });
    expect(notWhole.body.errors[0]).toMatchObject({ code: 'validation.integer', source: { pointer: '/system_setting/value' } });
    const limit = await post({ system_setting: { key: 'public_rate_limit_per_minute', value: '120' } });
    expect(limit.status).toBe(201);
    const id = limit.body.data.id;
    const tooMany = await put(id, { system_setting: { value: '10001' } });
    expect(tooMany.body.errors[0]).toMatchObject({ code: 'validation.tooBig', source: { pointer: '/system_setting/value' } });
    expect((await put(id, { system_setting: { value: '10000' } })).status).toBe(200);
  });

  it('refuses to change a stored key the registry does not know (a row written around the API)', async () => {
    const [row] = await server.db.db.insert(systemSettings).values({ key: 'legacy_flag', value: 'on' }).returning();
    const refused = await put(row!.id, { system_setting: { value: 'off' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ code: 'validation.unknownKey', source: { pointer: '/system_setting/key' } });
    await server.db.db.delete(systemSettings).where(eq(systemSettings.id, row!.id));
  });

  it('logs each write with the value before and after', async () => {
    const id = await idOf('app_store_url');
    await put(id, { system_setting: { value: 'https://apps.apple.com/app/id42' } });
    await put(id, { system_setting: { value: SEEDED.app_store_url } });
    const rows = await server.db.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetType, 'system_settings'), eq(staffActions.targetId, 'app_store_url')));
    expect(rows.slice(-2).map((row) => row.changes)).toEqual([
      { value: [SEEDED.app_store_url, 'https://apps.apple.com/app/id42'] },
      { value: ['https://apps.apple.com/app/id42', SEEDED.app_store_url] },
    ]);
    expect(rows.at(-1)).toMatchObject({
      kind: 'system_settings.update',
      actorUserId: admin.user.id,
      route: '/api/system_settings/:id',
      method: 'PUT',
    });
  });

  it('invalidates the settings cache of another server on the same database within a second', async () => {
    const other = await startTestServer({ db: await openReplicaHandle(server.db) });
    try {
      const id = await idOf('google_play_url');
      const link = async (on: TestServer) =>
        (await on.request('/api/app_install', { token: member.token })).body.data.attributes['google-play-url'];
      await settled(other.db);
      // Both have read (and cached) the seeded link.
      expect(await link(other)).toBe(SEEDED.google_play_url);
      expect(await link(server)).toBe(SEEDED.google_play_url);
      // A row changed around the API (no NOTIFY) is not seen: the other server really answers from its cache.
      await server.db.db
        .update(systemSettings)
        .set({ value: 'https://play.google.com/store/apps/details?id=silent' })
        .where(eq(systemSettings.id, id));
      expect(await link(other)).toBe(SEEDED.google_play_url);

      const changed = 'https://play.google.com/store/apps/details?id=jp.kiwi.elsewhere';
      const started = performance.now();
      expect((await put(id, { system_setting: { value: changed } })).status).toBe(200);
      expect(await link(server)).toBe(changed);
      await eventually(async () => expect(await link(other)).toBe(changed));
      expect(performance.now() - started).toBeLessThan(1000);

      // And the other way round.
      expect(
        (
          await other.request(`/api/system_settings/${id}`, {
            method: 'PUT',
            token: admin.token,
            json: { system_setting: { value: SEEDED.google_play_url } },
          })
        ).status,
      ).toBe(200);
      await eventually(async () => expect(await link(server)).toBe(SEEDED.google_play_url));
    } finally {
      await other.close();
    }
  });

  it('shows the maintenance message on the member’s home while set, in both languages', async () => {
    // None set (an earlier test added a Japanese one): no message at all.
    await server.db.db.delete(systemSettings).where(inArray(systemSettings.key, ['maintenance_message_ja', 'maintenance_message_en']));
    await server.db.notify(INVALIDATION_CHANNEL, JSON.stringify(SETTINGS_CHANGED));
    await eventually(async () => {
      const before = await server.request('/api/home', { token: member.token });
      expect(before.body.data.attributes['maintenance-message']).toBeNull();
    });
    const saved = await post({ system_setting: { key: 'maintenance_message_en', value: 'Maintenance tonight 22:00-23:00' } });
    expect(saved.status).toBe(201);
    const during = await server.request('/api/home', { token: member.token });
    expect(during.body.data.attributes['maintenance-message']).toEqual({ ja: '', en: 'Maintenance tonight 22:00-23:00' });
    // Cleared (an empty message is allowed): none again.
    expect((await put(saved.body.data.id, { system_setting: { value: '' } })).status).toBe(200);
    expect((await server.request('/api/home', { token: member.token })).body.data.attributes['maintenance-message']).toBeNull();
  });

  // Only PostgreSQL has a LISTEN connection that can drop; the test is not registered on PGlite.
  if (testEngine() === 'postgres')
    it('drops the cached settings when the LISTEN connection comes back, as what was notified meanwhile is lost', async () => {
      const link = async () => (await server.request('/api/app_install', { token: member.token })).body.data.attributes['app-store-url'];
      expect(await link()).toBe(SEEDED.app_store_url);
      const [lost] = await listeningBackends(server.db);
      expect(lost).toEqual(expect.any(Number));
      await server.db.db.execute(sql`select pg_terminate_backend(${lost})`);
      await eventually(async () => expect(await listeningBackends(server.db)).not.toContain(lost));
      // Another process changes the link while nobody here listens: its NOTIFY goes nowhere.
      const changed = 'https://apps.apple.com/app/id99';
      await server.db.db.update(systemSettings).set({ value: changed }).where(eq(systemSettings.key, 'app_store_url'));
      await server.db.notify(INVALIDATION_CHANNEL, JSON.stringify(SETTINGS_CHANGED));
      try {
        await eventually(async () => expect(await listeningBackends(server.db)).toHaveLength(1));
        await eventually(async () => expect(await link()).toBe(changed));
      } finally {
        await server.db.db.update(systemSettings).set({ value: SEEDED.app_store_url }).where(eq(systemSettings.key, 'app_store_url'));
        await server.db.notify(INVALIDATION_CHANNEL, JSON.stringify(SETTINGS_CHANGED));
      }
    });

  it('keeps a cache loaded before a change from storing what it read', async () => {
    const cache = createSystemSettingsCache(server.db);
    try {
      await settled(server.db);
      expect(await cache.get('app_store_url')).toBe(SEEDED.app_store_url);
      await server.db.db
        .update(systemSettings)
        .set({ value: 'https://apps.apple.com/app/id7' })
        .where(eq(systemSettings.key, 'app_store_url'));
      expect(await cache.get('app_store_url')).toBe(SEEDED.app_store_url);
      await server.db.notify(INVALIDATION_CHANNEL, JSON.stringify(SETTINGS_CHANGED));
      await eventually(async () => expect(await cache.get('app_store_url')).toBe('https://apps.apple.com/app/id7'));
      // Unset keys read as their defaults.
      expect(await cache.get('public_rate_limit_per_minute')).toMatch(/^\d+$/);
    } finally {
      await server.db.db.update(systemSettings).set({ value: SEEDED.app_store_url }).where(eq(systemSettings.key, 'app_store_url'));
      await server.db.notify(INVALIDATION_CHANNEL, JSON.stringify(SETTINGS_CHANGED));
      await cache.stop();
    }
  });

  it('stops at 100 settings with a translated 422', async () => {
    const total = await server.db.db.$count(systemSettings);
    await server.db.db
      .insert(systemSettings)
      .values(Array.from({ length: 100 - total }, (_unused, index) => ({ key: `filler_${index}`, value: 'x' })));
    const refused = await post({ system_setting: { key: 'maintenance_message_ja', value: 'x' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ code: 'validation.tooManyItems', detail: expect.stringContaining('100') });
  });

  it('refuses members and managers (403) and anonymous callers (401) on every admin route', async () => {
    const id = await idOf('app_store_url');
    for (const token of [member.token, manager.token]) {
      expect((await server.request('/api/system_settings', { token })).status).toBe(403);
      expect((await post({ system_setting: { key: 'maintenance_message_en', value: 'evil' } }, token)).status).toBe(403);
      const refused = await put(id, { system_setting: { value: 'https://evil.example' } }, token);
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].code).toBe('auth.forbidden');
    }
    expect((await server.request('/api/system_settings')).status).toBe(401);
    expect((await server.request('/api/app_install')).status).toBe(401);
    const [row] = await server.db.db.select().from(systemSettings).where(eq(systemSettings.id, id));
    expect(row!.value).toBe(SEEDED.app_store_url);
  });

  it('answers a stored link that is not https as null (a row written around the API)', async () => {
    await server.db.db.update(systemSettings).set({ value: 'javascript:alert(1)' }).where(eq(systemSettings.key, 'app_store_url'));
    await server.db.notify(INVALIDATION_CHANNEL, JSON.stringify(SETTINGS_CHANGED));
    try {
      await eventually(async () => {
        const page = await server.request('/api/app_install', { token: member.token });
        expect(page.body.data.attributes['app-store-url']).toBeNull();
        expect(page.body.data.attributes['google-play-url']).toBe(SEEDED.google_play_url);
      });
    } finally {
      await server.db.db.update(systemSettings).set({ value: SEEDED.app_store_url }).where(eq(systemSettings.key, 'app_store_url'));
      await server.db.notify(INVALIDATION_CHANNEL, JSON.stringify(SETTINGS_CHANGED));
    }
  });
});

describe('the public rate limit setting', () => {
  it('follows the admin’s public_rate_limit_per_minute once saved, PUBLIC_RATE_LIMIT before that', async () => {
    const server = await startTestServer({ config: testConfig({ PUBLIC_RATE_LIMIT: '15' }) });
    try {
      const admin = await buildUser(server, { role: 'admin' });
      const hit = async (times: number) => {
        const statuses: number[] = [];
        for (let index = 0; index < times; index += 1) statuses.push((await server.request('/api/shared_events/999999')).status);
        return statuses;
      };
      // Unset: the configuration's 15 per minute.
      expect(await hit(12)).toEqual(Array(12).fill(404));
      // Saved at 10: the 12 calls of this minute are over it at once.
      const saved = await server.request('/api/system_settings', {
        method: 'POST',
        token: admin.token,
        json: { system_setting: { key: 'public_rate_limit_per_minute', value: '10' } },
      });
      expect(saved.status).toBe(201);
      const refused = await server.request('/api/shared_events/999999');
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].code).toBe('rateLimited');
      // Raised: allowed again, beyond the configuration's 15.
      await server.request(`/api/system_settings/${saved.body.data.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { system_setting: { value: '10000' } },
      });
      expect(await hit(5)).toEqual(Array(5).fill(404));
    } finally {
      await server.close();
    }
  });
});
