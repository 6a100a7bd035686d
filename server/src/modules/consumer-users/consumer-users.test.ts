// Issue 16 point 1: self sign-up with a join code, the confirmation link, its resend, and the join code managers read
// and rotate. Real pieces throughout: the Auth Emulator, the outbox worker delivering to a local SMTP sink.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consumerConfirmationTokens } from '../../db/schema/consumer-signups';
import { type OrganizationRow, organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { type SmtpSink, startSmtpSink } from '../../mail/smtp-sink';
import { type BuiltUser, buildOrganization, buildUser, signInWithPassword } from '../../test/factories';
import { startTestServer, type TestServer, testConfig } from '../../test/server';
import { createWorkers, type Workers } from '../../workers';
import { CONFIRMATION_LIFETIME_HOURS } from '@kiwi/shared/schemas/consumer-user';
import { CONSUMER_MAIL_LIMITS } from './routes';

const PASSWORD = 'signup-password-1';
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

describe('consumer sign-up and confirmation', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let workers: Workers;
  let consumer: OrganizationRow;
  let business: OrganizationRow;
  let callers: Record<'member' | 'manager' | 'globexManager' | 'admin' | 'businessManager', BuiltUser>;

  // A fresh server per group of tests: the per-client limits (20 mails an hour) count every call of one server.
  function freshWorldPerGroup() {
    beforeAll(async () => {
      const config = testConfig();
      server = await startTestServer({ config });
      sink = await startSmtpSink();
      workers = createWorkers({
        db: server.db,
        config: { publicUrl: config.publicUrl, mail: { smtpUrl: sink.url, from: 'Kiwi <no-reply@kiwi.example>' } },
      });
      consumer = await buildOrganization(server, { plan: 'consumer', numberOfMembers: null });
      business = await buildOrganization(server);
      const globex = await buildOrganization(server, { plan: 'Consumer' });
      const [member, manager, globexManager, admin, businessManager] = await Promise.all([
        buildUser(server, { organization: consumer }),
        buildUser(server, { organization: consumer, memberRole: 'manager' }),
        buildUser(server, { organization: globex, memberRole: 'manager' }),
        buildUser(server, { role: 'admin' }),
        buildUser(server, { organization: business, memberRole: 'manager' }),
      ]);
      callers = { member, manager, globexManager, admin, businessManager };
    });
    afterAll(async () => {
      await sink.close();
      await server.close();
    });
    beforeEach(() => {
      sink.mails.length = 0;
    });
  }

  const joinCodeOf = async (organizationId: number, caller: BuiltUser = callers.admin) =>
    (await server.request(`/api/organizations/${organizationId}/join_code`, { token: caller.token })).body.data.attributes.code as string;
  const rotate = (organizationId: number, token?: string) =>
    server.request(`/api/organizations/${organizationId}/join_code/rotation`, { method: 'POST', token });
  const signUp = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.request('/api/consumer_users', { method: 'POST', json: { consumer_user: fields }, headers });
  const confirm = (token: string) =>
    server.request('/api/consumer_users/confirmation', { method: 'POST', json: { consumer_user: { confirmation_token: token } } });
  const resend = (email: string) =>
    server.request('/api/consumer_users/resend_confirmation', { method: 'POST', json: { consumer_user: { email } } });
  const person = async (organization = consumer) => ({
    email: `${unique('person')}@signup.example`,
    password: PASSWORD,
    name: 'Hanako Yamada',
    nickname: unique('nick'),
    join_code: await joinCodeOf(organization.id),
  });

  /** Delivers the outbox, then the mails to `email` since the sink was last emptied. */
  async function mailsTo(email: string) {
    while ((await workers.outbox.runOnce()) > 0);
    return sink.mails.filter((mail) => mail.to.includes(email.toLowerCase()));
  }
  async function confirmationTokensMailedTo(email: string): Promise<string[]> {
    return (await mailsTo(email)).map((mail) => {
      const match = /\/user\/confirmation\?confirmation_token=([A-Za-z0-9_-]+)/.exec(mail.text);
      if (!match?.[1]) throw new Error(`no confirmation link in: ${mail.text}`);
      return match[1];
    });
  }
  const userByEmail = async (email: string) => {
    const [row] = await server.db.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row;
  };
  const apiUser = async (email: string) => {
    const token = await signInWithPassword(server.identity.emulatorHost!, email, PASSWORD);
    return server.request('/api/user', { token });
  };

  describe('the join code', () => {
    freshWorldPerGroup();
    it('is shown to the manager and the admin in groups of four, the same on every read, and refused to anyone else', async () => {
      const code = await joinCodeOf(consumer.id, callers.manager);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(await joinCodeOf(consumer.id, callers.admin)).toBe(code);
      for (const [token, status, errorCode] of [
        [undefined, 401, 'auth.unauthenticated'],
        [callers.member.token, 403, 'auth.forbidden'],
        [callers.globexManager.token, 403, 'auth.forbidden'],
      ] as const) {
        for (const response of [
          await server.request(`/api/organizations/${consumer.id}/join_code`, { token }),
          await rotate(consumer.id, token),
        ]) {
          expect(response.status).toBe(status);
          expect(response.body.errors[0].code).toBe(errorCode);
        }
      }
      expect(await joinCodeOf(consumer.id, callers.manager)).toBe(code);
    });

    it('does not exist for an organisation that is not on the consumer plan', async () => {
      for (const response of [
        await server.request(`/api/organizations/${business.id}/join_code`, { token: callers.businessManager.token }),
        await rotate(business.id, callers.admin.token),
      ]) {
        expect(response.status).toBe(409);
        expect(response.body.errors[0].code).toBe('signup.notConsumerPlan');
      }
    });

    it('rotates: the new code lets people in, the old one no longer does', async () => {
      const old = await joinCodeOf(consumer.id);
      const rotated = await rotate(consumer.id, callers.manager.token);
      expect(rotated.status).toBe(200);
      const fresh = rotated.body.data.attributes.code as string;
      expect(fresh).not.toBe(old);
      expect(await joinCodeOf(consumer.id)).toBe(fresh);

      const refused = await signUp({ ...(await person()), join_code: old });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({ code: 'signup.joinCodeInvalid', source: { pointer: '/consumer_user/join_code' } });
      expect((await signUp({ ...(await person()), join_code: fresh.toLowerCase().replaceAll('-', ' ') })).status).toBe(204);
    });
  });

  describe('the flow', () => {
    freshWorldPerGroup();
    it('signs up, refuses the API until the mailed link is opened, then confirms once', async () => {
      const input = await person();
      const signedUpAt = Date.now();
      const response = await signUp(input, { 'Accept-Language': 'en' });
      expect([response.status, response.body]).toEqual([204, null]);

      const pending = await userByEmail(input.email);
      expect(pending).toMatchObject({ confirmationPending: true, name: 'Hanako Yamada', nickname: input.nickname, language: 'en' });
      const [membership] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.userId, pending!.id));
      expect(membership).toMatchObject({ organizationId: consumer.id, role: 'member', activeFrom: null });
      expect(membership!.activeTo!.getTime()).toBeLessThanOrEqual(Date.now());
      expect((await server.identity.auth.getUser(pending!.firebaseUid)).emailVerified).toBe(false);
      // One link, stored hashed, valid CONFIRMATION_LIFETIME_HOURS from the sign-up.
      const [stored] = await server.db.db
        .select()
        .from(consumerConfirmationTokens)
        .where(eq(consumerConfirmationTokens.userId, pending!.id));
      expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.expiresAt.getTime() - signedUpAt).toBeGreaterThanOrEqual(CONFIRMATION_LIFETIME_HOURS * 3600_000);
      expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(CONFIRMATION_LIFETIME_HOURS * 3600_000);

      const before = await apiUser(input.email);
      expect(before.status).toBe(403);
      expect(before.body.errors[0].code).toBe('auth.unconfirmed');

      const mails = await mailsTo(input.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Confirm your email address');
      const [token] = await confirmationTokensMailedTo(input.email);
      sink.mails.length = 0;
      const confirmed = await confirm(token!);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data.attributes.email).toBe(input.email);

      expect((await server.identity.auth.getUser(pending!.firebaseUid)).emailVerified).toBe(true);
      const after = await apiUser(input.email);
      expect(after.status).toBe(200);
      expect(after.body.data.attributes.nickname).toBe(input.nickname);
      const [active] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.userId, pending!.id));
      expect(active).toMatchObject({ activeTo: null });
      expect(active!.activeFrom).not.toBeNull();

      const replayed = await confirm(token!);
      expect(replayed.status).toBe(410);
      expect(replayed.body.errors[0].code).toBe('confirmation.expired');
    });

    it('answers an address that already has an account exactly as a new one, and mails it "you already have an account"', async () => {
      const fresh = await person();
      const existing = { ...(await person()), email: callers.member.email.toUpperCase() };
      const answers = [await signUp(fresh), await signUp(existing)];
      expect(answers.map((answer) => [answer.status, answer.body, answer.headers.get('content-type')])).toEqual([
        [204, null, null],
        [204, null, null],
      ]);
      const mails = await mailsTo(callers.member.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('既にあります');
      expect(mails[0]!.text).not.toContain('confirmation_token');
      const [row] = await server.db.db.select().from(users).where(eq(users.id, callers.member.user.id));
      expect(row).toMatchObject({ confirmationPending: false, name: callers.member.user.name, nickname: null });
    });

    it('signing up again while unconfirmed mails a fresh link and retires the old one', async () => {
      const input = await person();
      await signUp(input);
      const [first] = await confirmationTokensMailedTo(input.email);
      sink.mails.length = 0;
      expect((await signUp({ ...input, password: 'another-password' })).status).toBe(204);
      const [second] = await confirmationTokensMailedTo(input.email);
      expect(second).not.toBe(first);
      expect((await confirm(first!)).status).toBe(410);
      expect((await confirm(second!)).status).toBe(200);
      // The password of the first sign-up stands: a second sign-up changes nothing on the account.
      expect((await apiUser(input.email)).status).toBe(200);
    });

    it('an expired link is refused with the resend message; the resent link works', async () => {
      const input = await person();
      await signUp(input);
      const [old] = await confirmationTokensMailedTo(input.email);
      sink.mails.length = 0;
      const user = await userByEmail(input.email);
      await server.db.db
        .update(consumerConfirmationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(consumerConfirmationTokens.userId, user!.id));
      const expired = await confirm(old!);
      expect(expired.status).toBe(410);
      expect(expired.body.errors[0].code).toBe('confirmation.expired');

      expect((await resend(` ${input.email.toUpperCase()} `)).status).toBe(204);
      const [fresh] = await confirmationTokensMailedTo(input.email);
      expect(fresh).toBeDefined();
      expect((await confirm(fresh!)).status).toBe(200);
    });

    it('resend answers the same for an unknown, a confirmed and a pending address, and mails only the pending one', async () => {
      const pending = await person();
      await signUp(pending);
      await mailsTo(pending.email);
      sink.mails.length = 0;
      const unknown = `${unique('nobody')}@signup.example`;
      const answers = await Promise.all([resend(unknown), resend(callers.manager.email), resend(pending.email)]);
      for (const answer of answers) expect([answer.status, answer.body]).toEqual([204, null]);
      expect(await mailsTo(unknown)).toEqual([]);
      expect(await mailsTo(callers.manager.email)).toEqual([]);
      expect(await confirmationTokensMailedTo(pending.email)).toHaveLength(1);
    });
  });

  describe('the seat limit', () => {
    freshWorldPerGroup();
    it('refuses a sign-up when the contract is full, for a new and a known address alike', async () => {
      const full = await buildOrganization(server, { plan: 'consumer', numberOfMembers: 1 });
      await buildUser(server, { organization: full });
      for (const email of [`${unique('full')}@signup.example`, callers.member.email]) {
        const response = await signUp({ ...(await person(full)), email });
        expect(response.status).toBe(409);
        expect(response.body.errors[0].code).toBe('organization.memberLimitReached');
      }
    });

    it('is checked again at confirmation: unconfirmed sign-ups hold no seat, the first to confirm takes the last one', async () => {
      const small = await buildOrganization(server, { plan: 'consumer', numberOfMembers: 1 });
      const first = await person(small);
      const second = await person(small);
      expect((await signUp(first)).status).toBe(204);
      expect((await signUp(second)).status).toBe(204);
      const [firstToken] = await confirmationTokensMailedTo(first.email);
      const [secondToken] = await confirmationTokensMailedTo(second.email);
      expect((await confirm(secondToken!)).status).toBe(200);
      const refused = await confirm(firstToken!);
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].code).toBe('organization.memberLimitReached');
      expect((await userByEmail(first.email))?.confirmationPending).toBe(true);
    });
  });

  describe('hostile input', () => {
    freshWorldPerGroup();
    it.each([
      ['a join code of unknown letters', { join_code: 'ZZZZ-ZZZZ-ZZZZ' }, 422, 'signup.joinCodeInvalid'],
      ['a join code that cannot be one', { join_code: 'hello' }, 422, 'validation.invalidFormat'],
      ['a huge join code', { join_code: 'A'.repeat(10_000) }, 422, 'validation.invalidFormat'],
      ['a huge name', { name: '山'.repeat(10_000) }, 422, 'validation.tooLong'],
      ['a huge email', { email: `${'a'.repeat(10_000)}@example.com` }, 422, 'validation.tooLong'],
      ['a nickname of emoji past the limit', { nickname: '👩‍👩‍👧'.repeat(31) }, 422, 'validation.tooLong'],
      ['a short password', { password: '12345' }, 422, 'validation.tooShort'],
      ['a name with a line break', { name: 'a\nb' }, 422, 'validation.invalidName'],
      ['a number for the email', { email: 42 }, 422, 'validation.invalidType'],
      ['an unknown key', { role: 'manager' }, 422, 'validation.unknownKey'],
      ['an unknown language', { language: 'fr' }, 422, 'validation.oneOf'],
    ])('refuses %s with a coded 4xx and creates nothing', async (_what, override, status, code) => {
      const input = { ...(await person()), ...override };
      const response = await signUp(input);
      expect(response.status).toBe(status);
      expect(response.body.errors.map((error: { code: string }) => error.code)).toContain(code);
      if (typeof input.email === 'string' && input.email.length < 300) expect(await userByEmail(input.email)).toBeUndefined();
    });

    it('refuses a code once the organisation left the consumer plan, and a taken nickname, creating no identity', async () => {
      const leaving = await buildOrganization(server, { plan: 'consumer' });
      const input = await person(leaving);
      await server.db.db.update(organizations).set({ plan: 'business' }).where(eq(organizations.id, leaving.id));
      expect((await signUp(input)).body.errors[0].code).toBe('signup.joinCodeInvalid');

      const first = await person();
      expect((await signUp(first)).status).toBe(204);
      const clash = { ...(await person()), nickname: ` ${first.nickname.toUpperCase()} ` };
      const taken = await signUp(clash);
      expect(taken.status).toBe(409);
      expect(taken.body.errors[0]).toMatchObject({ code: 'user.nicknameTaken', source: { pointer: '/consumer_user/nickname' } });
      await expect(server.identity.auth.getUserByEmail(clash.email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    });

    it.each([
      ['garbage', 'not a token!', 422],
      ['a huge token', 'a'.repeat(10_000), 422],
      ['an unknown token', 'x'.repeat(43), 410],
    ])('refuses %s as a confirmation token', async (_what, token, status) => {
      expect((await confirm(token)).status).toBe(status);
    });
  });

  describe('rate limits', () => {
    freshWorldPerGroup();
    it('limits resend per address, whatever its spelling, and keeps serving other addresses', async () => {
      const email = `${unique('limit')}@signup.example`;
      for (let call = 0; call < CONSUMER_MAIL_LIMITS.perAddress.limit; call += 1) expect((await resend(email)).status).toBe(204);
      for (const spelling of [email, ` ${email.toUpperCase()} `]) {
        const refused = await resend(spelling);
        expect(refused.status).toBe(429);
        expect(refused.body.errors[0].code).toBe('rateLimited');
      }
      expect((await resend(`${unique('other')}@signup.example`)).status).toBe(204);
    });

    it('limits sign-ups per address', async () => {
      const input = await person();
      for (let call = 0; call < CONSUMER_MAIL_LIMITS.perAddress.limit; call += 1) expect((await signUp(input)).status).toBe(204);
      const refused = await signUp({ ...input, email: input.email.toUpperCase() });
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].code).toBe('rateLimited');
    });
  });
});

describe('the public consumer calls per client', () => {
  it('limit resend and sign-up per client across addresses', async () => {
    const server = await startTestServer();
    try {
      const resend = (email: string) =>
        server.request('/api/consumer_users/resend_confirmation', { method: 'POST', json: { consumer_user: { email } } });
      for (let call = 0; call < CONSUMER_MAIL_LIMITS.perClient.limit; call += 1) {
        expect((await resend(`client-${call}@example.com`)).status).toBe(204);
      }
      expect((await resend('one-more@example.com')).status).toBe(429);
      const signUp = (email: string) =>
        server.request('/api/consumer_users', {
          method: 'POST',
          json: { consumer_user: { email, password: PASSWORD, name: 'A', nickname: email, join_code: 'ZZZZ-ZZZZ-ZZZZ' } },
        });
      for (let call = 0; call < CONSUMER_MAIL_LIMITS.perClient.limit; call += 1) {
        expect((await signUp(`signup-${call}@example.com`)).status).toBe(422);
      }
      const refused = await signUp('signup-more@example.com');
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].code).toBe('rateLimited');
    } finally {
      await server.close();
    }
  });

  it('share the per-IP limit of the public calls', async () => {
    const server = await startTestServer({ config: testConfig({ PUBLIC_RATE_LIMIT: '2' }) });
    try {
      const confirm = () =>
        server.request('/api/consumer_users/confirmation', { method: 'POST', json: { consumer_user: { confirmation_token: 'guess' } } });
      expect((await confirm()).status).toBe(410);
      expect((await confirm()).status).toBe(410);
      const refused = await confirm();
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].code).toBe('rateLimited');
    } finally {
      await server.close();
    }
  });
});
