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
