// GET/PUT/POST/DELETE /api/organizations/{id}/embed_origins on the real app, and the registry CORS reads them through.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embedOrigins } from '../../db/schema/embed-origins';
import { organizations } from '../../db/schema/organizations';
import { buildCallers, type Callers } from '../../test/authorization';
import { buildOrganization, buildUser } from '../../test/factories';
import { expectFieldError, startTestServer, type TestServer } from '../../test/server';
import { createEmbedOriginRegistry, embedOriginRegistry } from './registry';
import { demoEmbedOrigin, seedEmbedOrigins } from './seed';

describe('embed origins API', () => {
  let server: TestServer;
  let callers: Callers;
  const path = () => `/api/organizations/${callers.acme.id}/embed_origins`;
  const put = (origins: unknown, token = callers.tokens.manager, language = 'en') =>
    server.request(path(), { method: 'PUT', token, json: { embed_origins: origins }, headers: { 'accept-language': language } });
  const listed = async (organizationId = callers.acme.id) => {
    const response = await server.request(`/api/organizations/${organizationId}/embed_origins`, { token: callers.tokens.admin });
    expect(response.status).toBe(200);
    return (response.body.data as { attributes: { origin: string } }[]).map((item) => item.attributes.origin);
  };

  beforeAll(async () => {
    server = await startTestServer();
    callers = await buildCallers(server);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.db.db.delete(embedOrigins);
    embedOriginRegistry(server.db).invalidate();
  });

  it('starts empty and answers JSON:API resources of type embed-origins', async () => {
    const response = await server.request(path(), { token: callers.tokens.manager });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it('replaces the list with normalised, merged origins and keeps rows that stay', async () => {
    const first = await put(['https://Intranet.Example.com/', 'http://localhost:8081', 'https://intranet.example.com:443']);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      {
        type: 'embed-origins',
        id: expect.any(String),
        attributes: { origin: 'https://intranet.example.com', 'created-at': expect.any(String) },
      },
      { type: 'embed-origins', id: expect.any(String), attributes: { origin: 'http://localhost:8081', 'created-at': expect.any(String) } },
    ]);
    const kept = first.body.data[1];

    const second = await put(['http://localhost:8081', 'https://portal.example.jp:8443']);
    expect(second.status).toBe(200);
    expect(second.body.data.map((item: { attributes: { origin: string } }) => item.attributes.origin)).toEqual([
      'http://localhost:8081',
      'https://portal.example.jp:8443',
    ]);
    expect(second.body.data[0]).toEqual(kept);
    expect(await listed()).toEqual(['http://localhost:8081', 'https://portal.example.jp:8443']);

    expect((await put([])).body.data).toEqual([]);
    expect(await listed()).toEqual([]);
  });

  it("touches only the organisation's own list", async () => {
    await server.db.db.insert(embedOrigins).values({ organizationId: callers.globex.id, origin: 'https://globex.example' });
    await put(['https://acme.example']);
    await put([]);
    expect(await listed(callers.globex.id)).toEqual(['https://globex.example']);
  });

  it('refuses wrong entries with a translated field error per index and changes nothing', async () => {
    await put(['https://kept.example']);
    const response = await put(['https://ok.example', 'https://bad.example/path', 'ftp://files.example', 42, '']);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        code: 'validation.invalidOrigin',
        source: { pointer: '/embed_origins/1' },
        detail: expect.stringContaining('https://intranet.example.com'),
      }),
      expect.objectContaining({ code: 'validation.invalidOrigin', source: { pointer: '/embed_origins/2' } }),
      expect.objectContaining({ code: 'validation.invalidType', source: { pointer: '/embed_origins/3' } }),
      expect.objectContaining({ code: 'validation.required', source: { pointer: '/embed_origins/4' } }),
    ]);
    const japanese = await put(['https://bad.example/path'], callers.tokens.manager, 'ja');
    expect(japanese.body.errors[0].detail).toContain('オリジン');
    expect(await listed()).toEqual(['https://kept.example']);
  });

  it('allows at most 20 origins, saying so in words', async () => {
    const twenty = Array.from({ length: 20 }, (_unused, index) => `https://host${index}.example`);
    expect((await put(twenty)).status).toBe(200);
    const response = await put([...twenty, 'https://one-more.example']);
    expectFieldError(response, { code: 'validation.tooManyItems', pointer: '/embed_origins', detail: 'Enter 20 or fewer entries' });
    expect(await listed()).toHaveLength(20);
  });

  it('refuses a body without the list, of another shape or with unknown keys', async () => {
    const missing = await server.request(path(), { method: 'PUT', token: callers.tokens.manager, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/embed_origins' } });
    const extra = await server.request(path(), { method: 'PUT', token: callers.tokens.manager, json: { embed_origins: [], origin: 'x' } });
    expect(extra.body.errors[0]).toMatchObject({ code: 'validation.unknownKey', source: { pointer: '/origin' } });
    const text = await server.request(path(), {
      method: 'PUT',
      token: callers.tokens.manager,
      body: 'embed_origins=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('answers 404 for an organisation that does not exist (admin), not a database error', async () => {
    for (const method of ['GET', 'PUT']) {
      const response = await server.request('/api/organizations/2147483000/embed_origins', {
        method,
        token: callers.tokens.admin,
        ...(method === 'PUT' ? { json: { embed_origins: ['https://a.example'] } } : {}),
      });
      expect(response.status, method).toBe(404);
      expect(response.body.errors[0].code).toBe('resource.notFound');
    }
  });

  it('saves concurrent lists one after the other: the result is one of them, never a mix', async () => {
    const a = ['https://a1.example', 'https://a2.example'];
    const b = ['https://b1.example', 'https://b2.example'];
    const answers = await Promise.all([put(a), put(b), put(a), put(b)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect([a, b]).toContainEqual(await listed());
  });
});

describe('adding and removing one embed origin', () => {
  let server: TestServer;
  let callers: Callers;
  /** acme's second manager: "two managers" saving at the same moment. */
  let otherManager: string;
  const path = (organizationId = callers.acme.id) => `/api/organizations/${organizationId}/embed_origins`;
  const add = (origin: unknown, token = callers.tokens.manager, language = 'en') =>
    server.request(path(), { method: 'POST', token, json: { embed_origin: origin }, headers: { 'accept-language': language } });
  const remove = (id: number | string, token = callers.tokens.manager, organizationId = callers.acme.id) =>
    server.request(`${path(organizationId)}/${id}`, { method: 'DELETE', token });
  const origins = (body: { data: { attributes: { origin: string } }[] }) => body.data.map((item) => item.attributes.origin);
  const listed = async (organizationId = callers.acme.id) => {
    const response = await server.request(path(organizationId), { token: callers.tokens.admin });
    expect(response.status).toBe(200);
    return origins(response.body);
  };
  const idOf = async (origin: string) => {
    const [row] = await server.db.db.select().from(embedOrigins).where(eq(embedOrigins.origin, origin));
    return row!.id;
  };
  /** What CORS answers a call from `origin` (403 originNotAllowed, or 200 with the origin allowed). */
  const cors = async (origin: string) => {
    const response = await server.request('/api/health', { headers: { origin } });
    return { status: response.status, allowed: response.headers.get('access-control-allow-origin') };
  };

  beforeAll(async () => {
    server = await startTestServer();
    callers = await buildCallers(server);
    otherManager = (await buildUser(server, { organization: callers.acme, memberRole: 'manager' })).token;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.db.db.delete(embedOrigins);
    embedOriginRegistry(server.db).invalidate();
  });

  it('adds a normalised origin (201, meta.added) and answers the whole list; CORS allows it at once', async () => {
    await server.db.db.insert(embedOrigins).values({ organizationId: callers.acme.id, origin: 'https://first.example' });
    // CORS has read (and cached) the list without the new origin.
    expect(await cors('https://intranet.example.com')).toEqual({ status: 403, allowed: null });

    const response = await add(' HTTPS://Intranet.Example.com:443/ ');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      data: [
        {
          type: 'embed-origins',
          id: expect.any(String),
          attributes: { origin: 'https://first.example', 'created-at': expect.any(String) },
        },
        {
          type: 'embed-origins',
          id: expect.any(String),
          attributes: { origin: 'https://intranet.example.com', 'created-at': expect.any(String) },
        },
      ],
      meta: { added: true, 'total-count': 2, 'current-page': 1, 'total-pages': 1 },
    });
    expect(await listed()).toEqual(['https://first.example', 'https://intranet.example.com']);
    expect(await cors('https://intranet.example.com')).toEqual({ status: 200, allowed: 'https://intranet.example.com' });
  });

  it('is idempotent: an origin already registered (in any spelling) answers 200, meta.added false, the list unchanged', async () => {
    const first = await add('https://a.example');
    const again = await add('HTTPS://A.EXAMPLE/', callers.tokens.admin);
    expect(again.status).toBe(200);
    expect(again.body.meta).toEqual({ added: false, 'total-count': 1, 'current-page': 1, 'total-pages': 1 });
    expect(again.body.data).toEqual(first.body.data);
    expect(await listed()).toEqual(['https://a.example']);
  });

  it('refuses a 21st origin with a translated 422 on the field, but still answers 200 for one already there', async () => {
    const twenty = Array.from({ length: 20 }, (_unused, index) => ({
      organizationId: callers.acme.id,
      origin: `https://host${index}.example`,
    }));
    await server.db.db.insert(embedOrigins).values(twenty);
    const response = await add('https://one-more.example');
    expectFieldError(response, { code: 'validation.tooManyItems', pointer: '/embed_origin', detail: 'Enter 20 or fewer entries' });
    expect((await add('https://one-more.example', callers.tokens.manager, 'ja')).body.errors[0].detail).toContain('20');
    expect(await listed()).toHaveLength(20);
    expect((await add('https://host3.example')).status).toBe(200);
  });

  it('validates the body with the same rules as the list, translated, and changes nothing', async () => {
    const wrong = await add('https://bad.example/path');
    expectFieldError(wrong, {
      code: 'validation.invalidOrigin',
      pointer: '/embed_origin',
      detail: expect.stringContaining('https://intranet.example.com'),
    });
    expect((await add('ftp://files.example', callers.tokens.manager, 'ja')).body.errors[0].detail).toContain('オリジン');
    expect((await add(42)).body.errors[0]).toMatchObject({ code: 'validation.invalidType', source: { pointer: '/embed_origin' } });
    expect((await add(['https://a.example'])).body.errors[0]).toMatchObject({
      code: 'validation.invalidType',
      source: { pointer: '/embed_origin' },
    });
    expect((await add('')).body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/embed_origin' } });
    const missing = await server.request(path(), { method: 'POST', token: callers.tokens.manager, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/embed_origin' } });
    const extra = await server.request(path(), {
      method: 'POST',
      token: callers.tokens.manager,
      json: { embed_origin: 'https://a.example', embed_origins: [] },
    });
    expect(extra.body.errors[0]).toMatchObject({ code: 'validation.unknownKey', source: { pointer: '/embed_origins' } });
    const text = await server.request(path(), {
      method: 'POST',
      token: callers.tokens.manager,
      body: 'https://a.example',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await listed()).toEqual([]);
  });

  it('removes one origin by id and answers the list left; CORS refuses it at once', async () => {
    await add('https://a.example');
    await add('https://b.example');
    expect((await cors('https://a.example')).status).toBe(200);
    const response = await remove(await idOf('https://a.example'));
    expect(response.status).toBe(200);
    expect(origins(response.body)).toEqual(['https://b.example']);
    expect(await listed()).toEqual(['https://b.example']);
    expect(await cors('https://a.example')).toEqual({ status: 403, allowed: null });
  });

  it('answers 404 for an origin removed already, for an id of another organisation and for an unknown one; 400 for a bad id', async () => {
    await add('https://a.example');
    const id = await idOf('https://a.example');
    expect((await remove(id)).status).toBe(200);
    const again = await remove(id, callers.tokens.admin);
    expect(again.status).toBe(404);
    expect(again.body.errors[0].code).toBe('resource.notFound');

    await server.db.db.insert(embedOrigins).values({ organizationId: callers.globex.id, origin: 'https://globex.example' });
    const globexId = await idOf('https://globex.example');
    expect((await remove(globexId)).status).toBe(404);
    expect((await remove(globexId, callers.tokens.admin)).status).toBe(404);
    expect(await listed(callers.globex.id)).toEqual(['https://globex.example']);
    expect((await remove(2147483000)).status).toBe(404);
    const bad = await remove('abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: 'request.invalidParameter', source: { parameter: 'embedOriginId' } });
  });

  it('answers 404 for an organisation that does not exist (admin), not a database error', async () => {
    const post = await server.request('/api/organizations/2147483000/embed_origins', {
      method: 'POST',
      token: callers.tokens.admin,
      json: { embed_origin: 'https://a.example' },
    });
    expect(post.status).toBe(404);
    expect(post.body.errors[0].code).toBe('resource.notFound');
    const removal = await remove(1, callers.tokens.admin, 2147483000);
    expect(removal.status).toBe(404);
    expect(removal.body.errors[0].code).toBe('resource.notFound');
  });

  it('keeps every origin two managers add at the same moment', async () => {
    await add('https://kept.example');
    const mine = Array.from({ length: 6 }, (_unused, index) => `https://manager-one-${index}.example`);
    const theirs = Array.from({ length: 6 }, (_unused, index) => `https://manager-two-${index}.example`);
    const answers = await Promise.all(
      mine.flatMap((origin, index) => [add(origin, callers.tokens.manager), add(theirs[index], otherManager)]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    expect((await listed()).sort()).toEqual(['https://kept.example', ...mine, ...theirs].sort());
  });

  it('runs concurrent adds and removals one after the other: none is lost, the limit holds, an origin is added once', async () => {
    const start = Array.from({ length: 17 }, (_unused, index) => `https://host${index}.example`);
    for (const origin of start) await add(origin);
    const [gone, alsoGone] = [await idOf('https://host0.example'), await idOf('https://host1.example')];
    const answers = await Promise.all([
      add('https://same.example', callers.tokens.manager),
      add('https://same.example', otherManager),
      remove(gone, otherManager),
      add('https://new-a.example', callers.tokens.manager),
      remove(alsoGone, callers.tokens.manager),
      add('https://new-b.example', otherManager),
      add('https://new-c.example', callers.tokens.manager),
      add('https://new-d.example', otherManager),
      add('https://new-e.example', callers.tokens.manager),
    ]);
    const statuses = answers.map((answer) => answer.status);
    // "same" is added by exactly one of the two managers; the other finds it there.
    expect([statuses[0], statuses[1]].sort()).toEqual([200, 201]);
    expect([statuses[2], statuses[4]]).toEqual([200, 200]);
    // 17 - 2 removed + same = 16: of the five other new ones, four fit under 20 and one is refused.
    const others = [3, 5, 6, 7, 8].map((index) => statuses[index]);
    expect(others.filter((status) => status === 201)).toHaveLength(4);
    expect(others.filter((status) => status === 422)).toHaveLength(1);
    const final = await listed();
    expect(final).toHaveLength(20);
    expect(new Set(final).size).toBe(20);
    expect(final).not.toContain('https://host0.example');
    expect(final).not.toContain('https://host1.example');
    expect(final.filter((origin) => origin === 'https://same.example')).toHaveLength(1);
  });
});

describe('embed origin registry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('is the union over organisations, cached for its TTL, read again after invalidate() or the TTL', async () => {
    const [one, two] = [await buildOrganization(server), await buildOrganization(server)];
    await server.db.db.insert(embedOrigins).values([
      { organizationId: one.id, origin: 'https://shared.example' },
      { organizationId: two.id, origin: 'https://shared.example' },
      { organizationId: two.id, origin: 'https://two.example' },
    ]);
    let clock = 1_000;
    const registry = createEmbedOriginRegistry(server.db, { ttlMs: 30_000, now: () => clock });
    expect([...((await registry.organizationsFor('https://shared.example')) ?? [])].sort()).toEqual([one.id, two.id].sort());
    expect([...((await registry.organizationsFor('https://two.example')) ?? [])]).toEqual([two.id]);
    expect(await registry.organizationsFor('https://unknown.example')).toBeNull();

    await server.db.db.insert(embedOrigins).values({ organizationId: one.id, origin: 'https://late.example' });
    clock += 29_000;
    expect(await registry.organizationsFor('https://late.example')).toBeNull();
    clock += 2_000;
    expect([...((await registry.organizationsFor('https://late.example')) ?? [])]).toEqual([one.id]);

    await server.db.db.delete(embedOrigins).where(eq(embedOrigins.origin, 'https://two.example'));
    expect(await registry.organizationsFor('https://two.example')).not.toBeNull();
    registry.invalidate();
    expect(await registry.organizationsFor('https://two.example')).toBeNull();
  });

  it('ignores the origins of an archived organisation', async () => {
    const archived = await buildOrganization(server);
    await server.db.db.insert(embedOrigins).values({ organizationId: archived.id, origin: 'https://archived.example' });
    const registry = createEmbedOriginRegistry(server.db);
    expect(await registry.organizationsFor('https://archived.example')).not.toBeNull();
    await server.db.db.update(organizations).set({ archived: true }).where(eq(organizations.id, archived.id));
    registry.invalidate();
    expect(await registry.organizationsFor('https://archived.example')).toBeNull();
  });

  it('seeds the demo origin for acme once (idempotent) and does nothing without acme', async () => {
    await server.db.db.transaction((tx) => seedEmbedOrigins(tx));
    expect(await server.db.db.select().from(embedOrigins).where(eq(embedOrigins.origin, 'http://localhost:8081'))).toEqual([]);
    const [acme] = await server.db.db.insert(organizations).values({ name: 'ACME', identifier: 'acme', numberOfMembers: 5 }).returning();
    await server.db.db.transaction((tx) => seedEmbedOrigins(tx, demoEmbedOrigin(9123)));
    await server.db.db.transaction((tx) => seedEmbedOrigins(tx, demoEmbedOrigin(9123)));
    const rows = await server.db.db.select().from(embedOrigins).where(eq(embedOrigins.organizationId, acme!.id));
    expect(rows.map((row) => row.origin)).toEqual(['http://localhost:9123']);
    expect(demoEmbedOrigin(undefined)).toBe('http://localhost:8081');
  });
});
