import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../auth/session-cache';
import { staffActions } from '../../db/schema/admin-console';
import { appInformations, contentReads } from '../../db/schema/home';
import { ApiError } from '../../jsonapi/errors';
import { type BuiltUser, buildAdminMemberManager, buildOrganization } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { staffActionWritesSettled } from '../staff-actions/middleware';
import { deleteAppInformation, updateAppInformation } from './service';

const HOUR = 3600 * 1000;
const iso = (date: Date) => date.toISOString();

describe('app informations (issue 20 point 5)', () => {
  let server: TestServer;
  let admin: BuiltUser;
  let member: BuiltUser;
  let manager: BuiltUser;
  let adminSession: Session;
  beforeAll(async () => {
    server = await startTestServer();
    const acme = await buildOrganization(server);
    ({ admin, member, manager } = await buildAdminMemberManager(server, acme));
    adminSession = (await server.sessions.get(admin.uid))!;
  });
  afterAll(() => server.close());

  const post = (json: unknown, token = admin.token) => server.request('/api/app_informations', { method: 'POST', token, json });
  const put = (id: number | string, json: unknown, token = admin.token) =>
    server.request(`/api/app_informations/${id}`, { method: 'PUT', token, json });
  const remove = (id: number, token = admin.token) => server.request(`/api/app_informations/${id}`, { method: 'DELETE', token });
  const homeTitles = async (user: BuiltUser) => {
    const home = await server.request('/api/home', { token: user.token });
    expect(home.status).toBe(200);
    return (home.body.included as { type: string; attributes: { title: string; read: boolean; body: string } }[])
      .filter((item) => item.type === 'app-informations')
      .map((item) => item.attributes);
  };
  const actor = { session: undefined as unknown as Session, method: 'PUT', route: '/api/app_informations/:id' };
  const insert = async (values: Partial<typeof appInformations.$inferInsert> & { publishedAt: Date }) => {
    const [row] = await server.db.db
      .insert(appInformations)
      .values({ title: 'T', body: 'B', ...values })
      .returning();
    return row!;
  };

  it('creates a scheduled one that members see only once its time has come, with its Markdown body as written', async () => {
    const at = new Date(Date.now() + 2 * HOUR);
    const body = '## 新機能\n\n- **クエスト** が始まります\n- 詳しくは [こちら](https://kiwi.example/quests)\n\n<script>alert(1)</script>';
    const created = await post({
      app_information: { title: '  予告  ', body, head_copy: '近日公開', icon_name: 'flag', published_at: iso(at) },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'app-informations',
      attributes: { title: '予告', body, 'head-copy': '近日公開', 'icon-name': 'flag', 'published-at': iso(at), state: 'scheduled' },
    });
    expect((await homeTitles(member)).map((item) => item.title)).not.toContain('予告');

    const list = await server.request('/api/app_informations?per=50', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.find((item: { id: string }) => item.id === created.body.data.id).attributes.state).toBe('scheduled');
    expect(list.body.meta['total-count']).toBeGreaterThanOrEqual(1);

    // Moved to now: published, members see it (unread), its body still the Markdown source (the client renders it).
    const now = await put(created.body.data.id, { app_information: { published_at: iso(new Date(Date.now() - 1000)) } });
    expect(now.status).toBe(200);
    expect(now.body.data.attributes.state).toBe('published');
    const seen = (await homeTitles(member)).find((item) => item.title === '予告');
    expect(seen).toMatchObject({ read: false, body });
  });

  it('takes a past publication time as now', async () => {
    const before = Date.now();
    const created = await post({ app_information: { title: 'Backdated', body: 'x', published_at: '2020-01-01T00:00:00Z' } });
    expect(created.status).toBe(201);
    const publishedAt = Date.parse(created.body.data.attributes['published-at']);
    expect(publishedAt).toBeGreaterThanOrEqual(before - 5);
    expect(created.body.data.attributes).toMatchObject({ state: 'published', 'icon-name': null, 'head-copy': null });
  });

  it('locks publishedAt from the very millisecond of publication (SPEC §4), and lets the rest change', async () => {
    const at = new Date(Date.now() + HOUR);
    const row = await insert({ title: 'Edge', publishedAt: at });
    const later = new Date(at.getTime() + HOUR).toISOString();
    const tryMove = (now: Date) =>
      server.db.db.transaction((tx) => updateAppInformation(tx, row.id, { published_at: later }, now, { ...actor, session: adminSession }));
    const moveRefusedAt = async (now: Date) => {
      const error = await server.db.db
        .transaction((tx) => updateAppInformation(tx, row.id, { published_at: later }, now, { ...actor, session: adminSession }))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: 'news.publishedAtLocked', status: 422, pointer: '/app_information/published_at' });
    };
    await moveRefusedAt(at);
    await moveRefusedAt(new Date(at.getTime() + 1));
    // One millisecond before: still scheduled, so it moves.
    const moved = await tryMove(new Date(at.getTime() - 1));
    expect(moved.publishedAt.toISOString()).toBe(later);

    // Through the API: published now, the time stays; the same time again and other fields are fine.
    const published = await insert({ title: 'Published', publishedAt: new Date(Date.now() - HOUR) });
    const refused = await put(published.id, { app_information: { published_at: iso(new Date(Date.now() + HOUR)) } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'news.publishedAtLocked',
      source: { pointer: '/app_information/published_at' },
    });
    expect(refused.body.errors[0].detail).toBeTruthy();
    const same = await put(published.id, {
      app_information: { published_at: iso(published.publishedAt), title: 'Renamed', icon_name: 'gift' },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.attributes).toMatchObject({ title: 'Renamed', 'icon-name': 'gift', 'published-at': iso(published.publishedAt) });
  });

  it('deletes a scheduled one for good, and only unpublishes a published one (SPEC §4), at the edge too', async () => {
    const scheduled = await insert({ title: 'Scheduled', publishedAt: new Date(Date.now() + HOUR) });
    expect((await remove(scheduled.id)).status).toBe(204);
    expect(await server.db.db.select().from(appInformations).where(eq(appInformations.id, scheduled.id))).toEqual([]);

    const edge = await insert({ title: 'Edge delete', publishedAt: new Date(Date.now() + HOUR) });
    const outcome = await server.db.db.transaction((tx) =>
      deleteAppInformation(tx, edge.id, edge.publishedAt, { ...actor, method: 'DELETE', session: adminSession }),
    );
    expect(outcome).toBe('unpublished');
    const justBefore = await insert({ title: 'Edge delete before', publishedAt: new Date(Date.now() + HOUR) });
    expect(
      await server.db.db.transaction((tx) =>
        deleteAppInformation(tx, justBefore.id, new Date(justBefore.publishedAt.getTime() - 1), { ...actor, session: adminSession }),
      ),
    ).toBe('deleted');

    const published = await insert({ title: 'Seen', publishedAt: new Date(Date.now() - HOUR) });
    await server.request('/api/home/reads', {
      method: 'PUT',
      token: member.token,
      json: { content_read: { kind: 'app_information', item_id: published.id } },
    });
    expect((await homeTitles(member)).find((item) => item.title === 'Seen')).toMatchObject({ read: true });
    expect((await remove(published.id)).status).toBe(204);
    const [kept] = await server.db.db.select().from(appInformations).where(eq(appInformations.id, published.id));
    expect(kept!.unpublishedAt).toBeInstanceOf(Date);
    expect((await homeTitles(member)).map((item) => item.title)).not.toContain('Seen');
    // Its reads stay (the record of who read it); marking it read again is refused like an unknown one.
    expect(
      await server.db.db
        .select()
        .from(contentReads)
        .where(and(eq(contentReads.kind, 'app_information'), eq(contentReads.itemId, published.id))),
    ).toHaveLength(1);
    const again = await server.request('/api/home/reads', {
      method: 'PUT',
      token: member.token,
      json: { content_read: { kind: 'app_information', item_id: published.id } },
    });
    expect(again.status).toBe(422);
    // Unpublished: listed as such; an edit does not bring it back, nor does deleting again change anything.
    const list = await server.request('/api/app_informations?per=100', { token: admin.token });
    expect(list.body.data.find((item: { id: string }) => item.id === String(published.id)).attributes.state).toBe('unpublished');
    const edit = await put(published.id, { app_information: { title: 'Back' } });
    expect(edit.status).toBe(200);
    expect(edit.body.data.attributes.state).toBe('unpublished');
    expect((await remove(published.id)).status).toBe(204);
    expect((await homeTitles(member)).map((item) => item.title)).not.toContain('Back');
  });

  it('logs each write with the changed fields in the same transaction', async () => {
    const created = await post({ app_information: { title: 'Logged', body: 'b', published_at: iso(new Date(Date.now() + HOUR)) } });
    const id = created.body.data.id;
    await put(id, { app_information: { title: 'Logged 2' } });
    await remove(Number(id));
    const rows = await server.db.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetType, 'app_informations'), eq(staffActions.targetId, id)));
    expect(rows.map((row) => row.kind)).toEqual(['app_informations.create', 'app_informations.update', 'app_informations.delete']);
    expect(rows[1]).toMatchObject({ actorUserId: admin.user.id, actorRole: 'admin', route: '/api/app_informations/:id', method: 'PUT' });
    expect(rows[1]!.changes).toEqual({ title: ['Logged', 'Logged 2'] });
    // Unpublishing is logged as the delete it was asked as, its change the unpublish time.
    const shown = await insert({ title: 'Shown', publishedAt: new Date(Date.now() - HOUR) });
    await remove(shown.id);
    const [unpublished] = await server.db.db
      .select()
      .from(staffActions)
      .where(eq(staffActions.targetId, String(shown.id)));
    expect(unpublished).toMatchObject({ kind: 'app_informations.delete', targetType: 'app_informations' });
    expect(unpublished!.changes).toEqual({ unpublishedAt: [null, expect.any(String)] });
    // A refused write changes nothing: the module records no before/after, and the log middleware keeps the attempt
    // with its status (staff attempts are logged, refused or not: docs/decisions.md, staff action log).
    const published = await insert({ title: 'Locked', publishedAt: new Date(Date.now() - HOUR) });
    const refused = await put(published.id, { app_information: { published_at: iso(new Date(Date.now() + HOUR)) } });
    expect(refused.status).toBe(422);
    await staffActionWritesSettled(server.db);
    const attempts = await server.db.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetId, String(published.id)), eq(staffActions.route, '/api/app_informations/:id')));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ kind: 'app_informations.update', statusCode: 422, changes: {} });
  });

  it('bounds the payloads with translated codes', async () => {
    const at = iso(new Date(Date.now() + HOUR));
    const cases: [unknown, string, string][] = [
      [{}, 'validation.required', '/app_information'],
      [{ app_information: { body: 'b', published_at: at } }, 'validation.required', '/app_information/title'],
      [{ app_information: { title: 'x'.repeat(101), body: 'b', published_at: at } }, 'validation.tooLong', '/app_information/title'],
      [{ app_information: { title: 't', body: 'b'.repeat(5001), published_at: at } }, 'validation.tooLong', '/app_information/body'],
      [
        { app_information: { title: 't', body: 'b', head_copy: 'h'.repeat(41), published_at: at } },
        'validation.tooLong',
        '/app_information/head_copy',
      ],
      [
        { app_information: { title: 't', body: 'b', icon_name: 'skull', published_at: at } },
        'validation.oneOf',
        '/app_information/icon_name',
      ],
      [
        { app_information: { title: 't', body: 'b', published_at: 'tomorrow' } },
        'validation.invalidFormat',
        '/app_information/published_at',
      ],
      [{ app_information: { title: 't', body: 'b', published_at: at, extra: 1 } }, 'validation.unknownKey', '/app_information/extra'],
    ];
    for (const [json, code, pointer] of cases) {
      const refused = await post(json);
      expect(refused.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(refused.body.errors[0], JSON.stringify(json).slice(0, 80)).toMatchObject({ code, source: { pointer } });
    }
    expect((await put(999_999, { app_information: { title: 'x' } })).body.errors[0].code).toBe('resource.notFound');
    expect((await put('abc', { app_information: { title: 'x' } })).status).toBe(400);
  });

  it('refuses members and managers (403) and anonymous callers (401), and writes nothing for them', async () => {
    const row = await insert({ title: 'Guarded', publishedAt: new Date(Date.now() + HOUR) });
    for (const token of [member.token, manager.token]) {
      expect((await server.request('/api/app_informations', { token })).status).toBe(403);
      expect((await post({ app_information: { title: 'x', body: 'b', published_at: iso(new Date()) } }, token)).status).toBe(403);
      expect((await put(row.id, { app_information: { title: 'Hacked' } }, token)).status).toBe(403);
      expect((await remove(row.id, token)).status).toBe(403);
    }
    expect((await server.request('/api/app_informations')).status).toBe(401);
    const [kept] = await server.db.db.select().from(appInformations).where(eq(appInformations.id, row.id));
    expect(kept!.title).toBe('Guarded');
  });
});
