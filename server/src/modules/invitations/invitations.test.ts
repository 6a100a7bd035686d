import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../../db/schema/organizations';
import { invitationLinkIn, type SmtpSink, startSmtpSink } from '../../mail/smtp-sink';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer, testConfig } from '../../test/server';
import { createWorkers, type Workers } from '../../workers';
import { RESEND_FROM_EMAIL_LIMITS } from './routes';
import { issueInvitation } from './service';

/** The app plus its real outbox worker delivering `mail.send` to a local SMTP sink. */
async function startWithMail(config = testConfig()) {
  const server = await startTestServer({ config });
  const sink = await startSmtpSink();
  const workers = createWorkers({
    db: server.db,
    config: { publicUrl: config.publicUrl, mail: { smtpUrl: sink.url, from: 'Kiwi <no-reply@kiwi.example>' } },
  });
  return { server, sink, workers };
}

/** Delivers what the outbox holds, then the invitation tokens mailed to `email` since the sink was last emptied. */
async function tokensMailedTo(workers: Workers, sink: SmtpSink, email: string): Promise<string[]> {
  while ((await workers.outbox.runOnce()) > 0);
  return sink.mails
    .filter((mail) => mail.to.includes(email.toLowerCase()))
    .map((mail) => new URL(invitationLinkIn(mail)).searchParams.get('token') ?? '');
}

async function invite(server: TestServer, organization: OrganizationRow): Promise<{ person: BuiltUser; token: string }> {
  const person = await buildUser(server, { organization });
  const token = await server.db.db.transaction((tx) =>
    issueInvitation(
      tx,
      { id: person.user.id, email: person.email, name: '', language: 'ja' },
      { publicUrl: server.config.publicUrl, now: new Date() },
    ),
  );
  return { person, token };
}

const linkStatus = (server: TestServer, token: string) =>
  server.request('/api/user/check_effective_token', { method: 'POST', json: { user: { token } } }).then((response) => response.status);

describe('POST /api/user/:id/resend_invitation', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let workers: Workers;
  let acme: OrganizationRow;
  let callers: Record<'member' | 'manager' | 'globexManager' | 'admin', BuiltUser>;
  beforeAll(async () => {
    ({ server, sink, workers } = await startWithMail());
    acme = await buildOrganization(server);
    const globex = await buildOrganization(server);
    const [member, manager, globexManager, admin] = await Promise.all([
      buildUser(server, { organization: acme }),
      buildUser(server, { organization: acme, memberRole: 'manager' }),
      buildUser(server, { organization: globex, memberRole: 'manager' }),
      buildUser(server, { role: 'admin' }),
    ]);
    callers = { member, manager, globexManager, admin };
  });
  afterAll(async () => {
    await sink.close();
    await server.close();
  });
  beforeEach(() => {
    sink.mails.length = 0;
  });

  const resend = (id: number, token?: string) => server.request(`/api/user/${id}/resend_invitation`, { method: 'POST', token });

  it.each([
    ['anonymous', undefined, 401, 'auth.unauthenticated'],
    ['a member of the same organisation', 'member', 403, 'auth.forbidden'],
    ["another organisation's manager", 'globexManager', 403, 'auth.forbidden'],
  ] as const)('refuses %s: no mail is sent and the current link still works', async (_who, caller, status, code) => {
    const { person, token } = await invite(server, acme);
    expect(await tokensMailedTo(workers, sink, person.email)).toEqual([token]);
    sink.mails.length = 0;

    const response = await resend(person.user.id, caller && callers[caller].token);
    expect(response.status).toBe(status);
    expect(response.body.errors[0]).toMatchObject({ status: String(status), code });
    expect(await tokensMailedTo(workers, sink, person.email)).toEqual([]);
    expect(await linkStatus(server, token)).toBe(200);
  });

  it("answers another organisation's manager the same for an id that exists and one that does not", async () => {
    const { person } = await invite(server, acme);
    const known = await resend(person.user.id, callers.globexManager.token);
    const unknown = await resend(2_000_000_000, callers.globexManager.token);
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
  });

  it("lets the organisation's manager resend: a fresh link is mailed and the old one retired", async () => {
    const { person, token } = await invite(server, acme);
    await tokensMailedTo(workers, sink, person.email);
    sink.mails.length = 0;

    expect((await resend(person.user.id, callers.manager.token)).status).toBe(204);
    const [fresh] = await tokensMailedTo(workers, sink, person.email);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(token);
    expect(await linkStatus(server, fresh!)).toBe(200);
    expect(await linkStatus(server, token)).toBe(410);
  });

  it('tells the manager and the admin what went wrong: accepted, unknown', async () => {
    const accepted = await buildUser(server, { organization: acme });
    expect((await resend(accepted.user.id, callers.manager.token)).body.errors[0].code).toBe('member.alreadyAccepted');
    expect((await resend(2_000_000_000, callers.admin.token)).status).toBe(404);
    const { person } = await invite(server, acme);
    expect((await resend(person.user.id, callers.admin.token)).status).toBe(204);
    expect(await tokensMailedTo(workers, sink, person.email)).toHaveLength(2);
  });
});

describe('POST /api/user/resend_invitation_from_email', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let workers: Workers;
  let acme: OrganizationRow;
  beforeAll(async () => {
    ({ server, sink, workers } = await startWithMail());
    acme = await buildOrganization(server);
  });
  afterAll(async () => {
    await sink.close();
    await server.close();
  });

  const resendTo = (email: string) =>
    server.request('/api/user/resend_invitation_from_email', { method: 'POST', json: { user: { email } } });
  const answer = (response: Awaited<ReturnType<typeof resendTo>>) => ({
    status: response.status,
    body: response.body,
    type: response.headers.get('content-type'),
  });

  it('answers the same for an unknown, an accepted and a pending address, and mails only the pending one', async () => {
    const { person: pending, token } = await invite(server, acme);
    const accepted = await buildUser(server, { organization: acme });
    const unknown = `nobody-${Date.now()}@example.com`;
    await tokensMailedTo(workers, sink, pending.email);
    sink.mails.length = 0;

    const answers = [answer(await resendTo(unknown)), answer(await resendTo(accepted.email)), answer(await resendTo(pending.email))];
    expect(answers[0]).toEqual({ status: 204, body: null, type: null });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    expect(await tokensMailedTo(workers, sink, unknown)).toEqual([]);
    expect(await tokensMailedTo(workers, sink, accepted.email)).toEqual([]);
    const [fresh] = await tokensMailedTo(workers, sink, pending.email);
    expect(fresh).not.toBe(token);
    expect(await linkStatus(server, fresh!)).toBe(200);
  });

  it('refuses with 429 past the limit for one address, whatever its spelling, and keeps serving other addresses', async () => {
    const { person } = await invite(server, acme);
    const unknown = `limit-${Date.now()}@example.com`;
    for (const email of [person.email, unknown]) {
      for (let call = 0; call < RESEND_FROM_EMAIL_LIMITS.perAddress.limit; call += 1) expect((await resendTo(email)).status).toBe(204);
      for (const spelling of [email, ` ${email.toUpperCase()} `]) {
        const refused = await resendTo(spelling);
        expect(refused.status).toBe(429);
        expect(refused.body.errors[0].code).toBe('rateLimited');
      }
    }
    expect((await resendTo(`other-${Date.now()}@example.com`)).status).toBe(204);
  });
});

describe('the public invitation calls', () => {
  it('share one per-IP limit: past it every one of them answers 429 rateLimited, whatever the address or token', async () => {
    const server = await startTestServer({ config: testConfig({ PUBLIC_RATE_LIMIT: '3' }) });
    try {
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
    } finally {
      await server.close();
    }
  });

  it('limits the mail-sending resend per client too, across addresses', async () => {
    const server = await startTestServer();
    try {
      const resendTo = (email: string) =>
        server.request('/api/user/resend_invitation_from_email', { method: 'POST', json: { user: { email } } });
      for (let call = 0; call < RESEND_FROM_EMAIL_LIMITS.perClient.limit; call += 1) {
        expect((await resendTo(`client-${call}@example.com`)).status).toBe(204);
      }
      const refused = await resendTo('one-more@example.com');
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].code).toBe('rateLimited');
    } finally {
      await server.close();
    }
  });
});
