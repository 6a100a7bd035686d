// Issue 22 point 2: two replicas of the app, each with its own database handle (on PostgreSQL its own pool and LISTEN
// connection) on one database. What one replica changes, the other follows within a second: rate limits, embed
// origins, sessions, and the event streams of the people concerned.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationMembers, type OrganizationRow } from '../db/schema/organizations';
import { createGuildAs, joinAs, openStream, postMessageAs } from '../modules/guilds/test-support';
import { slackSettingsPort } from '../modules/slack-settings/ports';
import { openReplicaHandle, testEngine } from '../test/database';
import { type BuiltUser, buildOrganization, buildUser } from '../test/factories';
import { startTestServer, testConfig, type TestServer } from '../test/server';
import { withTimeout } from '../timeout';
import { invalidationBus } from './invalidation';

/** "Within a second": what one replica committed, the other acts on by then. */
const withinASecond = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 1000, interval: 20 });
const PUBLIC_RATE_LIMIT = 3;

describe('two replicas on one database', () => {
  let a: TestServer;
  let b: TestServer;
  let acme: OrganizationRow;
  let manager: BuiltUser;
  let guildId: number;

  beforeAll(async () => {
    const config = testConfig({ PUBLIC_RATE_LIMIT: String(PUBLIC_RATE_LIMIT) });
    a = await startTestServer({ config });
    b = await startTestServer({ config, db: await openReplicaHandle(a.db) });
    acme = await buildOrganization(a);
    manager = await buildUser(a, { organization: acme, memberRole: 'manager', name: 'Manager' });
    guildId = await createGuildAs(a, manager, acme.id, { name: 'Runners', tags: 'running', public_range: 'public' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  // PGlite is one process: its counters stay in memory (the PostgreSQL run checks the shared ones).
  if (testEngine() === 'postgres')
    it('holds a rate limit reached through replica A on replica B', async () => {
      for (let call = 0; call < PUBLIC_RATE_LIMIT; call += 1) {
        expect((await a.request('/api/shared_events/999999')).status).toBe(404);
      }
      const refused = await b.request('/api/shared_events/999999');
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].code).toBe('rateLimited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

  it('refuses on replica B, within a second, an embed origin removed through replica A', async () => {
    const page = 'https://intranet.replicas.example';
    const path = `/api/organizations/${acme.id}/embed_origins`;
    const added = await a.request(path, { method: 'POST', token: manager.token, json: { embed_origin: page } });
    expect(added.status).toBe(201);
    await withinASecond(async () => {
      const allowed = await b.request('/api/health', { headers: { origin: page } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe(page);
    });

    const id = added.body.data.find((row: { attributes: { origin: string } }) => row.attributes.origin === page).id;
    expect((await a.request(`${path}/${id}`, { method: 'DELETE', token: manager.token })).status).toBe(200);
    await withinASecond(async () => {
      const refused = await b.request('/api/health', { headers: { origin: page } });
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].code).toBe('originNotAllowed');
    });
  });

  it('ends on replica B, within a second, the stream of an embed origin removed through replica A', async () => {
    const page = 'https://intranet-streams.replicas.example';
    const member = await buildUser(a, { organization: acme });
    await joinAs(a, member, guildId);
    const path = `/api/organizations/${acme.id}/embed_origins`;
    const added = await a.request(path, { method: 'POST', token: manager.token, json: { embed_origin: page } });
    await withinASecond(async () => {
      expect((await b.request('/api/health', { headers: { origin: page } })).status).toBe(200);
    });
    const controller = new AbortController();
    const response = await fetch(`${b.url}/api/guilds/${guildId}/stream`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${member.token}`, origin: page },
      signal: controller.signal,
    });
    try {
      expect(response.status).toBe(200);
      const ended = response.text();
      const id = added.body.data.find((row: { attributes: { origin: string } }) => row.attributes.origin === page).id;
      await a.request(`${path}/${id}`, { method: 'DELETE', token: manager.token });
      await expect(withTimeout(ended, 1000)).resolves.toEqual(expect.any(String));
    } finally {
      controller.abort();
    }
  });

  it("ends a demoted manager's stream on replica B, and B refuses the manager routes from then on", async () => {
    const demoted = await buildUser(a, { organization: acme, memberRole: 'manager', name: 'Demoted' });
    const managed = `/api/organizations/${acme.id}/embed_origins`;
    expect((await b.request(managed, { token: demoted.token })).status).toBe(200);
    const stream = await openStream(b.url, guildId, demoted.token);
    expect(stream.status).toBe(200);
    try {
      const changed = await a.request(`/api/organizations/${acme.id}/members/${demoted.membership?.id}`, {
        method: 'PUT',
        token: manager.token,
        json: { organization_member: { role: 'member' } },
      });
      expect(changed.status).toBe(200);
      await expect(withTimeout(stream.ended, 1000)).resolves.toBeUndefined();
      // Once B has followed, it never answers with the manager's old session again.
      await withinASecond(async () => expect((await b.request(managed, { token: demoted.token })).status).toBe(403));
      for (let call = 0; call < 5; call += 1) {
        const response = await b.request(managed, { token: demoted.token });
        expect(response.status).toBe(403);
        expect(response.body.errors[0].code).toBe('auth.forbidden');
      }
      const profile = await b.request('/api/user', { token: demoted.token });
      const membership = profile.body.included.find((item: { type: string }) => item.type === 'organization-members');
      expect(membership.attributes.role).toBe('member');
    } finally {
      stream.close();
    }
  });

  it("ends a removed member's streams on both replicas and tells the others' chats that their messages are gone", async () => {
    const removed = await buildUser(a, { organization: acme, name: 'Removed' });
    const reader = await buildUser(a, { organization: acme, name: 'Reader' });
    await joinAs(a, removed, guildId);
    await joinAs(a, reader, guildId);
    const messageId = await postMessageAs(a, removed, guildId, 'a message that goes with its author');
    const onA = await openStream(a.url, guildId, removed.token);
    const onB = await openStream(b.url, guildId, removed.token);
    const readerOnB = await openStream(b.url, guildId, reader.token);
    try {
      expect([onA.status, onB.status, readerOnB.status]).toEqual([200, 200, 200]);
      const deleted = await a.request(`/api/organizations/${acme.id}/members/${removed.membership?.id}`, {
        method: 'DELETE',
        token: manager.token,
      });
      expect(deleted.status).toBe(204);
      await expect(withTimeout(Promise.all([onA.ended, onB.ended]), 1000)).resolves.toEqual([undefined, undefined]);
      await withinASecond(() => {
        const removal = readerOnB.events.find((event) => event.event === 'message.deleted');
        expect(removal && JSON.parse(removal.data)).toEqual({ id: messageId });
      });
    } finally {
      for (const stream of [onA, onB, readerOnB]) stream.close();
    }
  });

  it('forgets on replica B the verified tokens of a user whose sign-in an admin turned off through replica A', async () => {
    const admin = await buildUser(a, { role: 'admin' });
    const member = await buildUser(a, { organization: acme });
    expect((await b.request('/api/user', { token: member.token })).status).toBe(200);
    const verify = vi.spyOn(b.identity.auth, 'verifyIdToken');
    try {
      // Verified once, then served from B's token cache.
      expect((await b.request('/api/user', { token: member.token })).status).toBe(200);
      expect(verify).not.toHaveBeenCalled();
      const turnedOff = await a.request(`/api/users/${member.user.id}/sign_in`, {
        method: 'PUT',
        token: admin.token,
        json: { user: { disabled: true } },
      });
      expect(turnedOff.status).toBe(204);
      await withinASecond(async () => {
        const refused = await b.request('/api/user', { token: member.token });
        expect(refused.status).toBe(403);
        expect(refused.body.errors[0].code).toBe('auth.signInDisabled');
      });
      // The token was verified again rather than trusted from the cache.
      expect(verify).toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
  });

  it("gives replica B's Slack delivery a webhook saved through replica A at once (not after its cache's TTL)", async () => {
    const port = slackSettingsPort(b.db.db, { ttlMs: 60_000, invalidations: invalidationBus(b.db) });
    expect(await port.forOrganization(acme.id)).toBeNull();
    const url = 'https://hooks.slack.com/services/T0/B0/replicas';
    const saved = await a.request(`/api/organizations/${acme.id}/slack_webhooks`, {
      method: 'POST',
      token: manager.token,
      json: { slack_webhook: { url, language: 'en' } },
    });
    expect(saved.status).toBe(201);
    await withinASecond(async () => expect(await port.forOrganization(acme.id)).toEqual({ webhookUrl: url, language: 'en' }));
  });

  it("ends the member's stream when the membership period ends, not when the token expires", async () => {
    const leaving = await buildUser(a, { organization: acme, activeTo: new Date(Date.now() + 60_000) });
    await joinAs(a, leaving, guildId);
    // The period ends in a moment (changed behind the caches' back, as time passing does): no notification at all.
    await a.db.db
      .update(organizationMembers)
      .set({ activeTo: new Date(Date.now() + 1500) })
      .where(and(eq(organizationMembers.userId, leaving.user.id), eq(organizationMembers.organizationId, acme.id)));
    await b.sessions.invalidateUser(leaving.user.id);
    const stream = await openStream(b.url, guildId, leaving.token);
    try {
      expect(stream.status).toBe(200);
      await expect(withTimeout(stream.ended, 5000)).resolves.toBeUndefined();
    } finally {
      stream.close();
    }
  });
});
