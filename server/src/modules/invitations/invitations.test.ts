import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox';
import { buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, testConfig, type TestServer } from '../../test/server';
import { issueInvitation } from './service';

describe('POST /api/user/:id/resend_invitation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('tells an anonymous caller nothing about ids or acceptance, and the manager everything', async () => {
    const acme = await buildOrganization(server);
    const globex = await buildOrganization(server);
    const manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
    const globexManager = await buildUser(server, { organization: globex, memberRole: 'manager' });
    const admin = await buildUser(server, { role: 'admin' });
    const accepted = await buildUser(server, { organization: acme });
    const pending = await buildUser(server, { organization: acme });
    await server.db.db.transaction((tx) =>
      issueInvitation(
        tx,
        { id: pending.user.id, email: pending.email, name: '', language: 'ja' },
        { publicUrl: 'http://localhost', now: new Date() },
      ),
    );
    const resend = (id: number, token?: string) => server.request(`/api/user/${id}/resend_invitation`, { method: 'POST', token });
    const mailsTo = async (email: string) =>
      (
        await server.db.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.topic, 'mail.send'), eq(outbox.organizationId, acme.id)))
      ).filter((row) => (row.payload as { to: string }).to === email).length;

    // Anonymous: the same 204 for an accepted invitation, an unknown id and a pending one; only the pending one mails.
    expect((await resend(accepted.user.id)).status).toBe(204);
    expect((await resend(2_000_000_000)).status).toBe(204);
    expect(await mailsTo(accepted.email)).toBe(0);
    expect((await resend(pending.user.id)).status).toBe(204);
    expect(await mailsTo(pending.email)).toBe(2);

    // The organisation's manager and the admin are told; another organisation's manager is not.
    expect((await resend(accepted.user.id, manager.token)).body.errors[0].code).toBe('member.alreadyAccepted');
    expect((await resend(accepted.user.id, globexManager.token)).status).toBe(204);
    expect((await resend(2_000_000_000, admin.token)).status).toBe(404);
    expect((await resend(pending.user.id, manager.token)).status).toBe(204);
  });
});

describe('the public invitation calls', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: testConfig({ PUBLIC_RATE_LIMIT: '3' }) });
  });
  afterAll(() => server.close());

  it('share one per-IP limit: past it every one of them answers 429 rateLimited, whatever the address or token', async () => {
    const lookup = (email: string) => ({ method: 'POST', json: { user: { email } } });
    expect((await server.request('/api/user/check_existence', lookup('a@example.com'))).status).toBe(200);
    expect((await server.request('/api/user/check_existence', lookup('b@example.com'))).status).toBe(200);
    expect((await server.request('/api/user/resend_invitation_from_email', lookup('c@example.com'))).status).toBe(204);
    const calls = [
      server.request('/api/user/check_existence', lookup('d@example.com')),
      server.request('/api/user/resend_invitation_from_email', lookup('e@example.com')),
      server.request('/api/user/check_effective_token', { method: 'POST', json: { user: { token: 'guess' } } }),
      server.request('/api/user/accept_invitation', {
        method: 'POST',
        json: { user: { token: 'guess', name: 'A', password: 'password-1' } },
      }),
      server.request('/api/user/1/resend_invitation', { method: 'POST' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(429);
      expect(response.body.errors[0].code).toBe('rateLimited');
    }
  });
});
