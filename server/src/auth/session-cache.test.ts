import { and, eq, sql } from 'drizzle-orm';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationMembers, type OrganizationRow } from '../db/schema/organizations';
import { users } from '../db/schema/users';
import { errorHandler } from '../http/error-handler';
import { listeningBackends, testEngine } from '../test/database';
import { buildOrganization, buildUser } from '../test/factories';
import { type Served, serve, startTestServer, testConfig, type TestServer } from '../test/server';
import { authentication, requireOrganizationMember } from './guards';
import { createIdentity } from './identity';
import { INVALIDATION_CHANNEL } from '../realtime/invalidation';
import { createSessionCache } from './session-cache';

// A reconnect waits a second before it tries again.
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 50 });

describe('session cache', () => {
  let server: TestServer;
  let guarded: Served;
  let acme: OrganizationRow;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    const app = express();
    app.use(authentication({ identity: server.identity, sessions: server.sessions }));
    app.get('/organizations/:organizationId/managed', requireOrganizationMember(), (_req, res) => {
      res.json({ ok: true });
    });
    app.use(errorHandler);
    guarded = await serve(app);
  });
  afterAll(async () => {
    await guarded.close();
    await server.close();
  });

  it('serves a warm GET /api/user without reading the database', async () => {
    const member = await buildUser(server, { organization: acme });
    expect((await server.request('/api/user', { token: member.token })).status).toBe(200);

    // Behind the cache's back: the cached session still answers...
    await server.db.db.delete(users).where(eq(users.id, member.user.id));
    expect((await server.request('/api/user', { token: member.token })).status).toBe(200);

    // ...until it is invalidated.
    await server.sessions.invalidateUser(member.user.id);
    const response = await server.request('/api/user', { token: member.token });
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('auth.userNotFound');
  });

  it('a manager demoted to member loses the manager routes on the next request', async () => {
    const manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
    const path = `/organizations/${acme.id}/managed`;
    expect((await guarded.request(path, { token: manager.token })).status).toBe(200);

    await server.db.db
      .update(organizationMembers)
      .set({ role: 'member' })
      .where(and(eq(organizationMembers.userId, manager.user.id), eq(organizationMembers.organizationId, acme.id)));
    await server.sessions.invalidateUser(manager.user.id);

    const response = await guarded.request(path, { token: manager.token });
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('auth.forbidden');
    const profile = await server.request('/api/user', { token: manager.token });
    expect(profile.body.included.find((item: { type: string }) => item.type === 'organization-members').attributes.role).toBe('member');
  });

  it('another process drops its copy through NOTIFY kiwi_cache', async () => {
    const member = await buildUser(server, { organization: acme, name: 'before' });
    // A second cache with its own memory, as in another server process on the same database.
    const elsewhere = createSessionCache(server.db);
    await elsewhere.start();
    try {
      expect((await elsewhere.get(member.uid))?.user.name).toBe('before');
      await server.db.db.update(users).set({ name: 'after' }).where(eq(users.id, member.user.id));
      expect((await elsewhere.get(member.uid))?.user.name).toBe('before');

      await server.sessions.invalidateUser(member.user.id);
      await eventually(async () => {
        expect((await elsewhere.get(member.uid))?.user.name).toBe('after');
      });
    } finally {
      await elsewhere.stop();
    }
  });

  // Only PostgreSQL has a LISTEN connection that can drop; the test is not registered on PGlite.
  if (testEngine() === 'postgres')
    it('drops every session after the LISTEN connection comes back, as what was notified meanwhile is lost', async () => {
      const manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
      const path = `/organizations/${acme.id}/managed`;
      expect((await guarded.request(path, { token: manager.token })).status).toBe(200);

      const [lost] = await listeningBackends(server.db);
      expect(lost).toEqual(expect.any(Number));
      await server.db.db.execute(sql`select pg_terminate_backend(${lost})`);
      await eventually(async () => expect(await listeningBackends(server.db)).not.toContain(lost));

      // Another process demotes the manager while nobody here listens: its NOTIFY goes nowhere.
      await server.db.db
        .update(organizationMembers)
        .set({ role: 'member' })
        .where(and(eq(organizationMembers.userId, manager.user.id), eq(organizationMembers.organizationId, acme.id)));
      await server.db.notify(INVALIDATION_CHANNEL, JSON.stringify({ cache: 'sessions', userId: manager.user.id }));

      await eventually(async () => expect(await listeningBackends(server.db)).toHaveLength(1));
      await eventually(async () => expect((await guarded.request(path, { token: manager.token })).status).toBe(403));

      // And the new connection hears later invalidations again.
      const member = await buildUser(server, { organization: acme, name: 'before' });
      expect((await server.sessions.get(member.uid))?.user.name).toBe('before');
      await server.db.db.update(users).set({ name: 'after' }).where(eq(users.id, member.user.id));
      await server.db.notify(INVALIDATION_CHANNEL, JSON.stringify({ cache: 'sessions', userId: member.user.id }));
      await eventually(async () => expect((await server.sessions.get(member.uid))?.user.name).toBe('after'));
    });

  it('invalidateAll drops every session', async () => {
    const member = await buildUser(server, { organization: acme, name: 'first' });
    expect((await server.sessions.get(member.uid))?.user.name).toBe('first');
    await server.db.db.update(users).set({ name: 'second' }).where(eq(users.id, member.user.id));
    await server.sessions.invalidateAll();
    expect((await server.sessions.get(member.uid))?.user.name).toBe('second');
  });
});

describe('ID token cache', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('verifies a token once, also under parallel requests, until it expires', async () => {
    let now = Date.now();
    const identity = createIdentity(testConfig(), { logger: pino({ level: 'silent' }), now: () => now });
    try {
      const member = await buildUser({ db: server.db, identity }, { organization: await buildOrganization(server) });
      const verify = vi.spyOn(identity.auth, 'verifyIdToken');
      const results = await Promise.all(Array.from({ length: 10 }, () => identity.verifyIdToken(member.token)));
      expect(new Set(results.map((result) => result.uid))).toEqual(new Set([member.uid]));
      await identity.verifyIdToken(member.token);
      expect(verify).toHaveBeenCalledTimes(1);

      // Past its exp the cached entry is gone and the token is verified again.
      now = (results[0]?.exp ?? 0) * 1000 + 1;
      await identity.verifyIdToken(member.token);
      expect(verify).toHaveBeenCalledTimes(2);
    } finally {
      await identity.close();
    }
  });

  it('keeps at most tokenCacheSize entries', async () => {
    const identity = createIdentity(testConfig(), { tokenCacheSize: 1 });
    try {
      const organization = await buildOrganization(server);
      const a = await buildUser({ db: server.db, identity }, { organization });
      const b = await buildUser({ db: server.db, identity }, { organization });
      const verify = vi.spyOn(identity.auth, 'verifyIdToken');
      await identity.verifyIdToken(a.token);
      await identity.verifyIdToken(b.token);
      await identity.verifyIdToken(a.token);
      expect(verify).toHaveBeenCalledTimes(3);
    } finally {
      await identity.close();
    }
  });
});
