import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../db/schema/news';
import type { OrganizationRow } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

const HOUR = 3600 * 1000;

describe('news', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let manager: BuiltUser;
  let member: BuiltUser;
  let outsider: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    const globex = await buildOrganization(server);
    [manager, member, outsider] = await Promise.all([
      buildUser(server, { organization: acme, memberRole: 'manager' }),
      buildUser(server, { organization: acme }),
      buildUser(server, { organization: globex, memberRole: 'manager' }),
    ]);
  });
  afterAll(() => server.close());

  const path = (suffix = '') => `/api/organizations/${acme.id}/news${suffix}`;
  const notices = (newsId: number) =>
    server.db.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'slack.news_published'), sql`(${outbox.payload}->>'newsId')::int = ${newsId}`));

  it('keeps a draft unseen until it is scheduled or published (issue 21: saving no longer publishes at once)', async () => {
    const memberSees = async (id: number) =>
      (await server.request('/api/news', { token: member.token })).body.data.some((item: { id: string }) => item.id === String(id));
    const draft = await server.request(path(), {
      method: 'POST',
      token: manager.token,
      json: { news: { title: 'Draft', body: 'Not yet', published_at: null } },
    });
    expect(draft.status).toBe(201);
    expect(draft.body.data.attributes).toMatchObject({ draft: true, sent: false, 'published-at': null });
    const id = Number(draft.body.data.id);
    expect(await notices(id)).toEqual([]);
    expect(await memberSees(id)).toBe(false);

    // Scheduled: the notice waits for the time; members still see nothing.
    const later = new Date(Date.now() + 2 * HOUR);
    const scheduled = await server.request(path(`/${id}`), {
      method: 'PUT',
      token: manager.token,
      json: { news: { published_at: later.toISOString() } },
    });
    expect(scheduled.body.data.attributes).toMatchObject({ draft: false, sent: false });
    expect((await notices(id)).map((row) => row.nextAttemptAt?.toISOString())).toEqual([later.toISOString()]);
    expect(await memberSees(id)).toBe(false);

    // Back to draft: the notice is withdrawn. Then published now: members read it.
    const back = await server.request(path(`/${id}`), { method: 'PUT', token: manager.token, json: { news: { published_at: null } } });
    expect(back.body.data.attributes).toMatchObject({ draft: true });
    expect(await notices(id)).toEqual([]);
    const now = new Date().toISOString();
    const published = await server.request(path(`/${id}`), { method: 'PUT', token: manager.token, json: { news: { published_at: now } } });
    expect(published.body.data.attributes).toMatchObject({ draft: false, sent: true });
    expect(await notices(id)).toHaveLength(1);
    expect(await memberSees(id)).toBe(true);
    // Sent news cannot go back to draft (spec §4: its publishedAt is frozen).
    const unsend = await server.request(path(`/${id}`), { method: 'PUT', token: manager.token, json: { news: { published_at: null } } });
    expect(unsend.status).toBe(422);
  });

  it('publishes now: the Slack notice is enqueued, members read it, and publishedAt is frozen', async () => {
    const publishedAt = new Date(Date.now() - HOUR).toISOString();
    const created = await server.request(path(), {
      method: 'POST',
      token: manager.token,
      json: { news: { title: '健康週間', body: '歩きましょう', published_at: publishedAt } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ title: '健康週間', sent: true, 'published-at': publishedAt });
    const id = Number(created.body.data.id);
    const [notice] = await notices(id);
    expect(notice).toMatchObject({ organizationId: acme.id, status: 'pending', payload: { newsId: id, title: '健康週間' } });

    const feed = await server.request('/api/news', { token: member.token });
    expect(feed.body.data.map((item: { id: string }) => item.id)).toContain(String(id));
    expect((await server.request('/api/news', { token: outsider.token })).body.data.map((item: { id: string }) => item.id)).not.toContain(
      String(id),
    );

    const moved = await server.request(path(`/${id}`), {
      method: 'PUT',
      token: manager.token,
      json: { news: { published_at: new Date().toISOString() } },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors[0]).toMatchObject({ code: 'news.publishedAtLocked', source: { pointer: '/news/published_at' } });
    const retitled = await server.request(path(`/${id}`), {
      method: 'PUT',
      token: manager.token,
      json: { news: { title: '健康月間', published_at: publishedAt } },
    });
    expect(retitled.status).toBe(200);
    expect(retitled.body.data.attributes.title).toBe('健康月間');
    expect(await notices(id)).toHaveLength(1);
  });

  it('schedules: hidden from members until publishedAt, the notice held back, moved with it, withdrawn on delete', async () => {
    const later = new Date(Date.now() + 48 * HOUR);
    const created = await server.request(path(), {
      method: 'POST',
      token: manager.token,
      json: { news: { title: 'Soon', body: 'Body', published_at: later.toISOString() } },
    });
    const id = Number(created.body.data.id);
    expect(created.body.data.attributes.sent).toBe(false);
    expect((await notices(id))[0]?.nextAttemptAt.getTime()).toBe(later.getTime());
    expect((await server.request('/api/news', { token: member.token })).body.data.map((item: { id: string }) => item.id)).not.toContain(
      String(id),
    );

    const evenLater = new Date(later.getTime() + 24 * HOUR);
    const moved = await server.request(path(`/${id}`), {
      method: 'PUT',
      token: manager.token,
      json: { news: { published_at: evenLater.toISOString() } },
    });
    expect(moved.status).toBe(200);
    const pending = await notices(id);
    expect(pending).toHaveLength(1);
    expect(pending[0]?.nextAttemptAt.getTime()).toBe(evenLater.getTime());

    expect((await server.request(path(`/${id}`), { method: 'DELETE', token: manager.token })).status).toBe(204);
    expect(await notices(id)).toEqual([]);
    expect(await server.db.db.select().from(news).where(eq(news.id, id))).toEqual([]);
  });

  it('lists everything for the manager, paged, and refuses bad input', async () => {
    const list = await server.request(`${path()}?per=1`, { token: manager.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.meta['total-count']).toBeGreaterThanOrEqual(1);
    const bad = await server.request(path(), {
      method: 'POST',
      token: manager.token,
      json: { news: { title: '', body: 'x', published_at: 'tomorrow' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual([
      '/news/published_at',
      '/news/title',
    ]);
    // A year PostgreSQL cannot store (spec §9 range 1900-2099) is a 422, not a 500.
    const yearZero = await server.request(path(), {
      method: 'POST',
      token: manager.token,
      json: { news: { title: 'x', body: 'x', published_at: '0000-01-01T00:00:00Z' } },
    });
    expect(yearZero.status).toBe(422);
    expect(yearZero.body.errors[0]).toMatchObject({ code: 'validation.dateOutOfRange', source: { pointer: '/news/published_at' } });
    expect((await server.request(path(), { token: member.token })).status).toBe(403);
  });
});
