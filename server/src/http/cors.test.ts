// CORS on /api (issue 8, widgets on intranet pages) against the real app listening on a port, called with fetch and
// an Origin header as a browser on another origin would send it. Runs on PGlite and on PostgreSQL.
import { readEventStream, type StreamEvent } from '@kiwi/shared/api/event-stream';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { embedOrigins } from '../db/schema/embed-origins';
import { organizationMembers } from '../db/schema/organizations';
import { buildEvent } from '../modules/events/test-support';
import { createGuildAs, postMessageAs } from '../modules/guilds/test-support';
import { embedOriginRegistry } from '../modules/embed-origins/registry';
import { buildCallers, type Callers } from '../test/authorization';
import { buildUser } from '../test/factories';
import { apiCors, ownOrigin } from './cors';
import { startTestServer, testConfig, type TestServer } from '../test/server';

const ACME_PAGE = 'https://intranet.acme.example';
const GLOBEX_PAGE = 'http://globex-intranet.example:8081';
const UNKNOWN_PAGE = 'https://evil.example';

/** A JSON answer, read loosely as the tests assert on its shape. */
const json = async (response: Response): Promise<any> => response.json();

/** The CORS headers of a response (and Vary), lower-case names: what the browser acts on. */
function corsHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary'));
}

describe('CORS on /api', () => {
  let server: TestServer;
  let callers: Callers;

  const call = (path: string, init: RequestInit & { origin?: string; token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.origin) headers.set('origin', init.origin);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    return fetch(`${server.url}${path}`, { ...init, headers });
  };
  const preflight = (path: string, origin: string, method = 'GET', requestHeaders = 'authorization') =>
    call(path, {
      method: 'OPTIONS',
      origin,
      headers: { 'access-control-request-method': method, 'access-control-request-headers': requestHeaders },
    });

  beforeAll(async () => {
    server = await startTestServer({ config: testConfig({ PUBLIC_URL: 'https://kiwi.example.com/' }) });
    callers = await buildCallers(server);
    await server.db.db.insert(embedOrigins).values([
      { organizationId: callers.acme.id, origin: ACME_PAGE },
      { organizationId: callers.globex.id, origin: GLOBEX_PAGE },
    ]);
    embedOriginRegistry(server.db).invalidate();
  });
  afterAll(() => server.close());

  describe('preflight', () => {
    it('answers a registered origin 204 with exactly the agreed headers', async () => {
      const response = await preflight('/api/user', ACME_PAGE, 'PUT', 'authorization, content-type, last-event-id');
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      expect(corsHeaders(response.headers)).toEqual({
        'access-control-allow-origin': ACME_PAGE,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': 'Authorization, Content-Type, Accept, Accept-Language, Last-Event-ID',
        'access-control-max-age': '600',
        vary: 'Origin',
      });
    });

    it('is answered before the route, body and authentication checks (any /api path, no token)', async () => {
      for (const path of ['/api/organizations/1/guilds', '/api/no_such_route', `/api/shared_events/1/guests`]) {
        const response = await preflight(path, GLOBEX_PAGE, 'POST', 'content-type');
        expect(response.status, path).toBe(204);
        expect(response.headers.get('access-control-allow-origin')).toBe(GLOBEX_PAGE);
      }
    });

    it('refuses an unregistered origin: 403 originNotAllowed, translated, and no CORS header at all', async () => {
      // Near misses of ACME_PAGE as no browser sends it (upper case, slash, default port, trailing dot, a list) included.
      for (const origin of [
        UNKNOWN_PAGE,
        'null',
        'https://intranet.acme.example:8443',
        'http://intranet.acme.example',
        'not a url',
        'HTTPS://INTRANET.ACME.EXAMPLE',
        `${ACME_PAGE}/`,
        `${ACME_PAGE}:443`,
        `${ACME_PAGE}.`,
        `${ACME_PAGE}, ${UNKNOWN_PAGE}`,
        `${UNKNOWN_PAGE}, ${ACME_PAGE}`,
      ]) {
        const response = await preflight('/api/user', origin);
        expect(response.status, origin).toBe(403);
        expect(corsHeaders(response.headers), origin).toEqual({ vary: 'Origin' });
        const body = await json(response);
        expect(body.errors).toEqual([
          { status: '403', code: 'originNotAllowed', title: expect.stringContaining('Kiwi'), detail: expect.stringContaining('Kiwi') },
        ]);
      }
      // Forwarded host headers do not make a foreign origin Kiwi's own (only the Host the browser sent, or PUBLIC_URL).
      const forwarded = await call('/api/health', {
        origin: UNKNOWN_PAGE,
        headers: { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example;proto=https' },
      });
      expect(forwarded.status).toBe(403);
      expect(corsHeaders(forwarded.headers)).toEqual({ vary: 'Origin' });
      const english = await call('/api/user', {
        method: 'OPTIONS',
        origin: UNKNOWN_PAGE,
        headers: { 'access-control-request-method': 'GET', 'accept-language': 'en' },
      });
      expect((await json(english)).errors[0].detail).toMatch(/not allowed to use Kiwi/);
    });
  });

  describe('requests', () => {
    it('lets a registered origin read the answer, with Vary and the exposed headers', async () => {
      const response = await call('/api/health', { origin: ACME_PAGE });
      expect(response.status).toBe(200);
      expect(corsHeaders(response.headers)).toEqual({
        'access-control-allow-origin': ACME_PAGE,
        'access-control-expose-headers': 'x-request-id, Content-Disposition',
        vary: 'Origin',
      });
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('lets the widget read refusals too (401 without a token), so it can say what is wrong', async () => {
      const response = await call('/api/user', { origin: ACME_PAGE });
      expect(response.status).toBe(401);
      expect(response.headers.get('access-control-allow-origin')).toBe(ACME_PAGE);
      expect((await json(response)).errors[0].code).toBe('auth.unauthenticated');
    });

    it('refuses a simple GET and a POST from an unregistered origin without CORS headers, before doing anything', async () => {
      const get = await call('/api/health', { origin: UNKNOWN_PAGE });
      expect(get.status).toBe(403);
      expect(corsHeaders(get.headers)).toEqual({ vary: 'Origin' });
      expect((await json(get)).errors[0].code).toBe('originNotAllowed');

      const before = await server.db.db.select().from(embedOrigins);
      const put = await call(`/api/organizations/${callers.acme.id}/embed_origins`, {
        method: 'PUT',
        origin: UNKNOWN_PAGE,
        token: callers.tokens.manager,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ embed_origins: [UNKNOWN_PAGE] }),
      });
      expect(put.status).toBe(403);
      expect((await json(put)).errors[0].code).toBe('originNotAllowed');
      expect(await server.db.db.select().from(embedOrigins)).toEqual(before);
    });

    it("needs no CORS for the server's own origin (PUBLIC_URL) or without Origin", async () => {
      for (const origin of ['https://kiwi.example.com', undefined]) {
        const response = await call('/api/user', { origin, token: callers.tokens.member });
        expect(response.status, origin).toBe(200);
        expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
        // Origin always; Accept-Encoding too once the answer is large enough to be compressed (http/precompressed.ts).
        expect(response.headers.get('vary')?.split(/,\s*/), origin).toContain('Origin');
      }
    });

    it('passes the common requests (no Origin, own origin) on at once, without a promise or the registry', async () => {
      const cors = apiCors({ publicUrl: server.config.publicUrl, organizationsFor: embedOriginRegistry(server.db).organizationsFor });
      const run = (headers: Record<string, string | undefined>) => {
        const next = vi.fn();
        const vary: string[] = [];
        const req = { method: 'POST', get: (name: string) => headers[name.toLowerCase()] } as unknown as ExpressRequest;
        const res = { vary: (field: string) => vary.push(field) } as unknown as ExpressResponse;
        const returned = cors(req, res, next);
        return { returned, next, vary };
      };
      for (const headers of [
        { host: 'kiwi.example.com', origin: undefined },
        { host: 'kiwi.example.com', origin: 'https://kiwi.example.com' },
      ]) {
        const { returned, next, vary } = run(headers);
        expect(returned, JSON.stringify(headers)).toBeUndefined();
        expect(next).toHaveBeenCalledExactlyOnceWith();
        expect(vary).toEqual(['Origin']);
      }
      // A foreign origin is the registry's question, answered asynchronously (here: refused, for the error handler).
      const foreign = run({ host: 'kiwi.example.com', origin: UNKNOWN_PAGE });
      expect(foreign.returned).toBeInstanceOf(Promise);
      await expect(foreign.returned).rejects.toMatchObject({ code: 'originNotAllowed' });
      expect(foreign.next).not.toHaveBeenCalled();
      // Issue 22, DNS rebinding: a page at evil.example that resolves to this server sends a Host matching its Origin;
      // that does not make it Kiwi's own origin (nor does the wrong scheme of the right host).
      for (const headers of [
        { host: 'evil.example:8080', origin: 'http://evil.example:8080' },
        { host: 'kiwi.example.com', origin: 'http://kiwi.example.com' },
      ]) {
        const rebound = run(headers);
        await expect(rebound.returned, JSON.stringify(headers)).rejects.toMatchObject({ code: 'originNotAllowed' });
        expect(rebound.next).not.toHaveBeenCalled();
      }
    });

    it('refuses a request whose Origin only matches its Host header (DNS rebinding), over the network too', async () => {
      // server.url is http://127.0.0.1:<port>: the Host fetch sends, but not PUBLIC_URL (https://kiwi.example.com).
      const response = await call('/api/user', { origin: server.url, token: callers.tokens.member });
      expect(response.status).toBe(403);
      expect((await json(response)).errors[0].code).toBe('originNotAllowed');
    });

    it('with a loopback PUBLIC_URL, takes a loopback Origin naming the host the request came to as own (development)', () => {
      const isOwn = ownOrigin('http://localhost:8080');
      expect(isOwn('http://localhost:8080', undefined)).toBe(true);
      expect(isOwn('http://127.0.0.1:8080', '127.0.0.1:8080')).toBe(true);
      expect(isOwn('http://localhost:8081', 'localhost:8081')).toBe(true);
      expect(isOwn('http://[::1]:8080', '[::1]:8080')).toBe(true);
      // Not loopback, another port than the Host, another scheme, or no Host at all.
      expect(isOwn('http://evil.example:8080', 'evil.example:8080')).toBe(false);
      expect(isOwn('http://127.0.0.1:9999', '127.0.0.1:8080')).toBe(false);
      expect(isOwn('https://127.0.0.1:8080', '127.0.0.1:8080')).toBe(false);
      expect(isOwn('http://127.0.0.1:8080', undefined)).toBe(false);
      // A public PUBLIC_URL allows nothing but itself.
      expect(ownOrigin('https://kiwi.example.com')('http://127.0.0.1:8080', '127.0.0.1:8080')).toBe(false);
    });

    it("refuses a signed-in user calling from an origin none of the user's organisations registered; admins may use any", async () => {
      const asMember = await call('/api/user', { origin: GLOBEX_PAGE, token: callers.tokens.member });
      expect(asMember.status).toBe(403);
      expect((await json(asMember)).errors[0].code).toBe('originNotAllowed');
      // Registered by some organisation, so the widget may read why it was refused.
      expect(asMember.headers.get('access-control-allow-origin')).toBe(GLOBEX_PAGE);

      const guarded = await call(`/api/organizations/${callers.acme.id}/guilds`, { origin: GLOBEX_PAGE, token: callers.tokens.manager });
      expect(guarded.status).toBe(403);
      expect((await json(guarded)).errors[0].code).toBe('originNotAllowed');

      for (const [origin, caller] of [
        [ACME_PAGE, 'member'],
        [ACME_PAGE, 'manager'],
        [GLOBEX_PAGE, 'otherOrganization'],
        [GLOBEX_PAGE, 'admin'],
        [ACME_PAGE, 'admin'],
      ] as const) {
        const response = await call('/api/user', { origin, token: callers.tokens[caller] });
        expect(response.status, `${caller} from ${origin}`).toBe(200);
        expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      }
    });

    it("does not count a membership that has ended: a former member's organisation is no longer theirs", async () => {
      // Active in globex (the first membership, so an active user), formerly in acme.
      const former = await buildUser(server, { organization: callers.globex });
      await server.db.db.insert(organizationMembers).values({
        userId: former.user.id,
        organizationId: callers.acme.id,
        role: 'member',
        activeFrom: new Date(Date.now() - 60 * 86_400_000),
        activeTo: new Date(Date.now() - 86_400_000),
      });
      const fromAcme = await call('/api/user', { origin: ACME_PAGE, token: former.token });
      expect(fromAcme.status).toBe(403);
      expect((await json(fromAcme)).errors[0].code).toBe('originNotAllowed');
      expect((await call('/api/user', { origin: GLOBEX_PAGE, token: former.token })).status).toBe(200);

      // Starting next month in acme: already theirs (as for the routes that let pending members through).
      const joining = await buildUser(server, { organization: callers.globex });
      await server.db.db.insert(organizationMembers).values({
        userId: joining.user.id,
        organizationId: callers.acme.id,
        role: 'member',
        activeFrom: new Date(Date.now() + 30 * 86_400_000),
      });
      expect((await call('/api/user', { origin: ACME_PAGE, token: joining.token })).status).toBe(200);
    });

    it('lets a registered origin use a shared (public) event without a token, and join as a guest', async () => {
      const event = await buildEvent(server, callers.acme, callers.users.member, { externallyPublished: true, name: 'Open day' });
      // globex's page: any registered origin, the event is public anyway.
      const response = await call(`/api/shared_events/${event.id}`, { origin: GLOBEX_PAGE });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(GLOBEX_PAGE);
      expect((await json(response)).data.attributes.name).toBe('Open day');

      const joined = await call(`/api/shared_events/${event.id}/guests`, {
        method: 'POST',
        origin: ACME_PAGE,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event_guest: { nickname: 'Visitor' } }),
      });
      expect(joined.status).toBe(201);
      expect(joined.headers.get('access-control-allow-origin')).toBe(ACME_PAGE);

      const refused = await call(`/api/shared_events/${event.id}`, { origin: UNKNOWN_PAGE });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('streams a guild chat (text/event-stream, Authorization and Last-Event-ID) to a registered origin', async () => {
      const guildId = await createGuildAs(server, callers.users.member, callers.acme.id, {
        name: 'CORS runners',
        tags: 'run',
        public_range: 'public',
      });
      await postMessageAs(server, callers.users.member, guildId, 'before the stream');
      const controller = new AbortController();
      try {
        const response = await call(`/api/guilds/${guildId}/stream`, {
          origin: ACME_PAGE,
          token: callers.tokens.member,
          headers: { accept: 'text/event-stream', 'last-event-id': '0' },
          signal: controller.signal,
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(response.headers.get('access-control-allow-origin')).toBe(ACME_PAGE);
        expect(response.headers.get('vary')).toBe('Origin');
        const events: StreamEvent[] = [];
        void readEventStream(response.body!, (event) => events.push(event)).catch(() => undefined);
        await postMessageAs(server, callers.users.member, guildId, 'during the stream');
        // Resumed after 0: the message from before, then the live one.
        await vi.waitFor(() => expect(JSON.stringify(events)).toContain('during the stream'), { timeout: 5000, interval: 20 });
        expect(JSON.stringify(events)).toContain('before the stream');
      } finally {
        controller.abort();
      }

      const otherOrigin = await call(`/api/guilds/${guildId}/stream`, {
        origin: GLOBEX_PAGE,
        token: callers.tokens.member,
        headers: { accept: 'text/event-stream' },
      });
      expect(otherOrigin.status).toBe(403);
      expect((await json(otherOrigin)).errors[0].code).toBe('originNotAllowed');
    });

    it('follows a PUT of the list at once in this process', async () => {
      const page = 'https://new-intranet.acme.example';
      expect((await call('/api/health', { origin: page })).status).toBe(403);
      const path = `/api/organizations/${callers.acme.id}/embed_origins`;
      const save = (origins: string[]) =>
        call(path, {
          method: 'PUT',
          token: callers.tokens.manager,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ embed_origins: origins }),
        });
      expect((await save([ACME_PAGE, page])).status).toBe(200);
      const allowed = await call('/api/user', { origin: page, token: callers.tokens.member });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(page);
      expect((await save([ACME_PAGE])).status).toBe(200);
      expect((await call('/api/health', { origin: page })).status).toBe(403);
    });
  });

  describe('resources other pages load', () => {
    it('sends Cross-Origin-Resource-Policy: cross-origin for /api/images/*, so an <img> on the intranet page shows', async () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])]), 'a.png');
      const upload = await call('/api/images', { method: 'POST', token: callers.tokens.member, body: form });
      expect(upload.status).toBe(201);
      const { data } = await json(upload);
      // An <img> sends no Origin: no CORS check, only CORP.
      const image = await call(`/api/images/${data.id}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      // The rest of /api keeps helmet's same-origin.
      expect((await call('/api/health')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
    });

    it("keeps the portal's CSP on every answer (it only matters for our own HTML)", async () => {
      const response = await call('/api/health', { origin: ACME_PAGE });
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    });
  });
});
