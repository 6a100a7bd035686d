// GET/PUT /api/organizations/{id}/embed_origins on the real app, and the registry CORS reads them through.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embedOrigins } from '../../db/schema/embed-origins';
import { organizations } from '../../db/schema/organizations';
import { buildCallers, type Callers } from '../../test/authorization';
import { buildOrganization } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
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
      { type: 'embed-origins', id: expect.any(String), attributes: { origin: 'https://intranet.example.com', 'created-at': expect.any(String) } },
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
      expect.objectContaining({ code: 'validation.invalidOrigin', source: { pointer: '/embed_origins/1' }, detail: expect.stringContaining('https://intranet.example.com') }),
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
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([expect.objectContaining({ code: 'validation.tooManyItems', source: { pointer: '/embed_origins' }, detail: 'Enter 20 or fewer entries' })]);
    expect(await listed()).toHaveLength(20);
  });

  it('refuses a body without the list, of another shape or with unknown keys', async () => {
    const missing = await server.request(path(), { method: 'PUT', token: callers.tokens.manager, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/embed_origins' } });
    const extra = await server.request(path(), { method: 'PUT', token: callers.tokens.manager, json: { embed_origins: [], origin: 'x' } });
    expect(extra.body.errors[0]).toMatchObject({ code: 'validation.unknownKey', source: { pointer: '/origin' } });
    const text = await server.request(path(), { method: 'PUT', token: callers.tokens.manager, body: 'embed_origins=x', headers: { 'content-type': 'text/plain' } });
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
