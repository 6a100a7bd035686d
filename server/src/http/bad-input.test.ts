// Every kind of bad input the issue names gets a JSON:API 4xx with a stable code — never a 500, never a stack trace.
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, buildUser, type BuiltUser, emulatorStyleIdToken, expiredIdToken, forgedIdToken } from '../test/factories';
import { type Served, serve, startTestServer, type TestServer } from '../test/server';
import { parseQueryString } from '../jsonapi/query';
import { errorHandler } from './error-handler';
import { rejectNulCharacters } from './middleware';

describe('bad input', () => {
  let server: TestServer;
  let member: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    member = await buildUser(server, { organization: await buildOrganization(server) });
  });
  afterAll(() => server.close());

  const put = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    server.request(`/api/users/${member.user.id}`, { method: 'PUT', token: member.token, body, headers });

  const expectError = (response: { status: number; body: any }, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0]).toMatchObject({ status: String(status), code });
    expect(response.body.errors[0].title).toEqual(expect.any(String));
    expect(JSON.stringify(response.body)).not.toMatch(/at .+\.ts:\d+/);
  };

  it('malformed JSON -> 400 request.malformedJson', async () => {
    expectError(await put('{"user": {"name": "x"'), 400, 'request.malformedJson');
  });

  it('a JSON scalar where an object belongs -> 400 request.malformedJson', async () => {
    expectError(await put('"just a string"'), 400, 'request.malformedJson');
  });

  it('wrong content type -> 415 request.unsupportedMediaType', async () => {
    expectError(await put('name=x', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'request.unsupportedMediaType');
    expectError(await put('{"user":{}}', { 'content-type': 'text/plain' }), 415, 'request.unsupportedMediaType');
  });

  it('a body without any content type -> 415', async () => {
    const response = await fetch(`${server.url}/api/users/${member.user.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${member.token}` },
      body: new Uint8Array(Buffer.from('{"user":{}}')),
    });
    expectError({ status: response.status, body: await response.json() }, 415, 'request.unsupportedMediaType');
  });

  it('oversized body -> 413 request.tooLarge', async () => {
    const huge = JSON.stringify({ user: { name: 'x'.repeat(2 * 1024 * 1024) } });
    expectError(await put(huge), 413, 'request.tooLarge');
  });

  it('invalid id -> 400 request.invalidParameter naming the parameter', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const response = await server.request(`/api/users/${id}`, { method: 'PUT', token: member.token, json: { user: {} } });
      expectError(response, 400, 'request.invalidParameter');
      expect(response.body.errors[0].source).toEqual({ parameter: 'id' });
    }
  });

  it('a path parameter that cannot be percent-decoded -> 400', async () => {
    const response = await server.request('/api/users/%E0%A4%A', { method: 'PUT', token: member.token, json: { user: {} } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('request.invalidParameter');
  });

  it('U+0000 in a profile string -> 422 validation.invalidFormat pointing at the field, not a 500 from PostgreSQL', async () => {
    const bodies: Array<[string, unknown]> = [
      ['/user/name', { user: { name: 'a\u0000b' } }],
      ['/user/nickname', { user: { nickname: 'a\u0000b' } }],
      ['/user/device/uuid', { user: { device: { uuid: 'a\u0000b', fcm_token: 'token' } } }],
      ['/user/device/fcm_token', { user: { device: { uuid: 'device', fcm_token: '\u0000' } } }],
    ];
    for (const [pointer, json] of bodies) {
      const response = await server.request(`/api/users/${member.user.id}`, { method: 'PUT', token: member.token, json });
      expectError(response, 422, 'validation.invalidFormat');
      expect(response.body.errors[0].source).toEqual({ pointer });
    }
  });

  it('U+0000 in a query parameter of the real app -> 400 request.invalidParameter naming it', async () => {
    const response = await server.request('/api/user?q%5Bname%5D=a%00b', { token: member.token });
    expectError(response, 400, 'request.invalidParameter');
    expect(response.body.errors[0].source).toEqual({ parameter: 'q[name]' });
  });

  describe('U+0000 on a route that passes everything on unchecked', () => {
    // What a future route would see if the middleware were not in front of it.
    let echo: Served;
    beforeAll(async () => {
      const app = express();
      app.set('query parser', parseQueryString);
      app.use(express.json());
      app.use(rejectNulCharacters);
      app.put('/things/:name', (req, res) => {
        res.json({ name: req.params.name, query: req.query, body: req.body });
      });
      app.use(errorHandler);
      echo = await serve(app);
    });
    afterAll(() => echo.close());

    it('passes ordinary input through', async () => {
      const response = await echo.request('/things/kiwi?tag=green', { method: 'PUT', json: { items: [{ text: 'ok' }] } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ name: 'kiwi', query: { tag: 'green' }, body: { items: [{ text: 'ok' }] } });
    });

    it('in the body, at any depth, in a value or a key -> 422 with a pointer to each', async () => {
      const response = await echo.request('/things/kiwi', {
        method: 'PUT',
        json: { items: [{ text: 'ok' }, { text: 'x\u0000' }], 'sla/sh\u0000': 1, deep: [[['\u0000']]] },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors.map((error: { code: string; source: unknown }) => [error.code, error.source])).toEqual([
        ['validation.invalidFormat', { pointer: '/items/1/text' }],
        ['validation.invalidFormat', { pointer: '/sla~1sh\u0000' }],
        ['validation.invalidFormat', { pointer: '/deep/0/0/0' }],
      ]);
    });

    it('in a query value or key -> 400 request.invalidParameter naming the parameter', async () => {
      for (const [query, parameter] of [
        ['q%5Bname%5D=a%00b', 'q[name]'],
        ['ids%5B%5D=1&ids%5B%5D=%00', 'ids[1]'],
        ['na%00me=x', 'na\u0000me'],
      ]) {
        const response = await echo.request(`/things/kiwi?${query}`, { method: 'PUT', json: {} });
        expectError(response, 400, 'request.invalidParameter');
        expect(response.body.errors[0].source).toEqual({ parameter });
      }
    });

    it('in a path parameter -> 400 request.invalidParameter', async () => {
      const response = await echo.request('/things/ki%00wi', { method: 'PUT', json: {} });
      expectError(response, 400, 'request.invalidParameter');
    });
  });

  it('unknown /api route -> 404 route.notFound', async () => {
    expectError(await server.request('/api/nothing/here'), 404, 'route.notFound');
    expectError(await server.request('/api/user', { method: 'DELETE', token: member.token }), 404, 'route.notFound');
  });

  it('no Authorization header -> 401 auth.unauthenticated', async () => {
    expectError(await server.request('/api/user'), 401, 'auth.unauthenticated');
    expectError(await server.request('/api/user', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'auth.unauthenticated');
    expectError(await server.request('/api/user', { headers: { authorization: 'Bearer' } }), 401, 'auth.unauthenticated');
  });

  it('expired token -> 401 auth.tokenExpired', async () => {
    expectError(await server.request('/api/user', { token: expiredIdToken(member.uid) }), 401, 'auth.tokenExpired');
  });

  it('forged or garbled token -> 401 auth.invalidToken', async () => {
    expectError(await server.request('/api/user', { token: forgedIdToken(member.uid) }), 401, 'auth.invalidToken');
    expectError(await server.request('/api/user', { token: 'not-a-jwt' }), 401, 'auth.invalidToken');
    expectError(await server.request('/api/user', { token: `${member.token.slice(0, -10)}garbage!!!` }), 401, 'auth.invalidToken');
    const otherProject = emulatorStyleIdToken(member.uid, { projectId: 'someone-else' });
    expectError(await server.request('/api/user', { token: otherProject }), 401, 'auth.invalidToken');
  });

  it('a token for a deleted Firebase user -> 401 auth.invalidToken', async () => {
    const gone = await buildUser(server, { organization: await buildOrganization(server) });
    await server.identity.auth.deleteUser(gone.uid);
    expectError(await server.request('/api/user', { token: gone.token }), 401, 'auth.invalidToken');
  });

  it('translates title and detail by Accept-Language, Japanese by default', async () => {
    const japanese = await server.request('/api/user');
    const english = await server.request('/api/user', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    const unsupported = await server.request('/api/user', { headers: { 'accept-language': 'fr' } });
    expect(japanese.body.errors[0].title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(english.body.errors[0].title).toMatch(/^[\x20-\x7e]+$/);
    expect(unsupported.body.errors[0].title).toBe(japanese.body.errors[0].title);
  });

  it('a bug becomes 500 server.unexpected without leaking the stack', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    app.use(errorHandler);
    const served = await serve(app);
    try {
      const response = await served.request('/boom');
      expectError(response, 500, 'server.unexpected');
      expect(JSON.stringify(response.body)).not.toContain('secret internals');
    } finally {
      await served.close();
    }
  });
});
