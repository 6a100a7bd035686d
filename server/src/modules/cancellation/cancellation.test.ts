// Issue 16, cancellation: a member ends their own membership (GET and POST /api/user/cancellation). Real emulator
// accounts and tokens, real database on both engines.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coinLedgerEntries, coinMovements, kiwiCoinTransfers } from '../../db/schema/coins';
import { jobs } from '../../db/schema/jobs';
import { type OrganizationRow, organizationMembers } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { userDevices, users } from '../../db/schema/users';
import { type BuiltUser, buildOrganization, buildUser, signInWithPassword, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { outboxHandlers } from '../../workers';
import { moveCoins } from '../coins/ledger';
import { createGrant } from '../coins/grants';
import { assertRecentSignIn, IDENTITY_DELETE_TOPIC, REAUTHENTICATION_MAX_AGE_SECONDS } from './service';

const PATH = '/api/user/cancellation';
const CONFIRM = { cancellation: { confirm: true } };
const errorCode = (body: { errors?: { code: string }[] }) => body.errors?.[0]?.code;

describe('cancellation (GET and POST /api/user/cancellation, issue 16)', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let manager: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { coinBalance: 1000 });
    manager = await buildUser(server, { organization: acme, memberRole: 'manager', name: 'Boss' });
  });
  afterAll(() => server.close());

  const cancel = (member: BuiltUser, token = member.token, json: unknown = CONFIRM) =>
    server.request(PATH, { method: 'POST', token, json });
  const identityExists = (uid: string) =>
    server.identity.auth.getUser(uid).then(
      () => true,
      () => false,
    );
  const ledgerSum = async () => {
    const [row] = await server.db.db.select({ sum: sql<string>`coalesce(sum(${coinLedgerEntries.delta}), 0)` }).from(coinLedgerEntries);
    return Number(row?.sum);
  };

  /** A member with coins, a device, a guild they posted in and a scheduled grant waiting for them. */
  async function memberWithHistory() {
    const member = await buildUser(server, { organization: acme, name: 'Hanako Yamada' });
    const membershipId = member.membership!.id;
    await server.db.db.transaction((tx) =>
      moveCoins(tx, {
        from: { kind: 'issuance' },
        legs: [{ to: { kind: 'member', organizationMemberId: membershipId }, amount: 120 }],
        reason: 'activity',
      }),
    );
    await server.db.db
      .update(users)
      .set({
        nickname: 'hana',
        birthday: '1990-01-02',
        restingHeartRate: 60,
        heightCm: 160,
        weightKg: 50,
        icon: `/api/images/${'c'.repeat(32)}`,
      })
      .where(eq(users.id, member.user.id));
    await server.db.db
      .insert(userDevices)
      .values({ userId: member.user.id, uuid: `device-${member.uid}`, fcmToken: `token-${member.uid}` });
    const guild = await server.request(`/api/organizations/${acme.id}/guilds`, {
      method: 'POST',
      token: member.token,
      json: { guild: { name: `Walkers ${member.uid}` } },
    });
    expect(guild.status).toBe(201);
    const guildId = Number(guild.body.data.id);
    const posted = await server.request(`/api/guilds/${guildId}/messages`, {
      method: 'POST',
      token: member.token,
      json: { guild_message: { body: 'See you at the park' } },
    });
    expect(posted.status).toBe(201);
    const grant = await server.db.db.transaction((tx) =>
      createGrant(tx, {
        kind: 'grant',
        organizationId: acme.id,
        organizationMemberId: membershipId,
        amount: 30,
        description: null,
        message: null,
        transferredAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        createdByUserId: manager.user.id,
        now: new Date(),
      }),
    );
    return { member, membershipId, guildId, grantId: grant.id };
  }

  it('tells what will be lost: coin balance, guilds, pending grants', async () => {
    const { member, guildId } = await memberWithHistory();
    const response = await server.request(PATH, { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.data.type).toBe('account-cancellations');
    expect(response.body.data.attributes).toMatchObject({
      'cancelled-at': null,
      'coin-balance': 120,
      guilds: [expect.objectContaining({ id: guildId })],
      'pending-grants': { count: 1, amount: 30 },
      'last-manager-of': [],
    });
  });

  it('ends the membership, forfeits the balance through the ledger, erases personal data and deletes the identity account', async () => {
    const { member, membershipId, guildId, grantId } = await memberWithHistory();
    // A coin message to the manager before leaving (20 of the 120 coins).
    const thanks = await server.request('/api/user/kiwi_coin_transfers', {
      method: 'POST',
      token: member.token,
      json: { kiwi_coin_transfer: { message: 'Thanks!', recipients: [{ organization_member_id: manager.membership!.id, amount: 20 }] } },
    });
    expect(thanks.status).toBe(201);
    const sumBefore = await ledgerSum();
    const response = await cancel(member);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({ 'coin-balance': 0, guilds: [], 'pending-grants': { count: 0, amount: 0 } });
    expect(response.body.data.attributes['cancelled-at']).toEqual(expect.any(String));

    // Membership ended now; balance retired to issuance by one forfeit movement; the ledger still sums to zero.
    const [membership] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, membershipId));
    expect(membership!.activeTo!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(membership).toMatchObject({ coinBalance: 0, nickname: null, icon: null });
    const forfeits = await server.db.db
      .select({ delta: coinLedgerEntries.delta, account: coinLedgerEntries.account })
      .from(coinLedgerEntries)
      .innerJoin(coinMovements, eq(coinMovements.id, coinLedgerEntries.movementId))
      .where(eq(coinMovements.reason, 'forfeit'))
      .orderBy(coinLedgerEntries.id);
    expect(forfeits.slice(-2)).toEqual([
      { account: 'member', delta: -100 },
      { account: 'issuance', delta: 100 },
    ]);
    expect(await ledgerSum()).toBe(sumBefore);
    expect(sumBefore).toBe(0);

    // The scheduled grant is canceled and its job will not run.
    const [grant] = await server.db.db.select().from(kiwiCoinTransfers).where(eq(kiwiCoinTransfers.id, grantId));
    expect(grant).toMatchObject({ status: 'canceled', cancelReason: 'recipientInactive' });
    const [job] = await server.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `coins.scheduled_grant:${grantId}`));
    expect(job?.status).toBe('done');

    // Personal data erased, devices gone.
    const [user] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user).toMatchObject({
      name: '',
      email: `cancelled-${member.user.id}@cancelled.invalid`,
      nickname: null,
      birthday: null,
      restingHeartRate: null,
      heightCm: null,
      weightKg: null,
      icon: null,
      notificationPreferences: {},
    });
    expect(user!.cancelledAt).not.toBeNull();
    expect(await server.db.db.select().from(userDevices).where(eq(userDevices.userId, member.user.id))).toEqual([]);

    // The identity account is gone: no sign-in with the password any more.
    expect(await identityExists(member.uid)).toBe(false);
    await expect(signInWithPassword(server.identity.emulatorHost!, member.email, TEST_PASSWORD)).rejects.toThrow(/sign-in failed/);
    // The old token no longer opens the product.
    const me = await server.request('/api/user', { token: member.token });
    expect(me.status).toBe(403);
    expect(errorCode(me.body)).toBe('auth.userInactive');

    // The post stays, shown without the person (the clients read the empty name as "former member").
    const messages = await server.request(`/api/guilds/${guildId}/messages`, { token: manager.token });
    expect(messages.status).toBe(200);
    expect(messages.body.data).toEqual([
      expect.objectContaining({
        attributes: expect.objectContaining({ body: 'See you at the park', 'author-name': '', 'author-icon': null }),
      }),
    ]);
  });

  it('answers the same final state to a replay and changes nothing more', async () => {
    const { member } = await memberWithHistory();
    const first = await cancel(member);
    expect(first.status).toBe(200);
    const movements = await server.db.db.select({ count: sql<number>`count(*)::int` }).from(coinMovements);
    const replay = await cancel(member);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await server.db.db.select({ count: sql<number>`count(*)::int` }).from(coinMovements)).toEqual(movements);
    const rows = await server.db.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, IDENTITY_DELETE_TOPIC), sql`${outbox.payload} ->> 'uid' = ${member.uid}`));
    expect(rows).toHaveLength(1);
  });

  it('refuses a sign-in older than the bound with "authentication information expired"', async () => {
    const { member } = await memberWithHistory();
    const signedInAt = Date.now();
    // The server's clock moves on (the token itself stays valid for an hour): only the sign-in is too old.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(signedInAt + (REAUTHENTICATION_MAX_AGE_SECONDS + 30) * 1000);
      const response = await cancel(member);
      expect(response.status).toBe(403);
      expect(errorCode(response.body)).toBe('auth.recentLoginRequired');
      expect(response.body.errors[0].title).toContain('認証情報');
      const [user] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
      expect(user!.cancelledAt).toBeNull();
      expect(await identityExists(member.uid)).toBe(true);
      // Within the bound it passes.
      vi.setSystemTime(signedInAt + (REAUTHENTICATION_MAX_AGE_SECONDS - 30) * 1000);
      expect((await cancel(member)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses the last active manager, in both languages, and lets them go once another manager exists', async () => {
    const solo = await buildOrganization(server, { name: 'Solo Corp' });
    const boss = await buildUser(server, { organization: solo, memberRole: 'manager' });
    const summary = await server.request(PATH, { token: boss.token });
    expect(summary.body.data.attributes['last-manager-of']).toEqual([{ id: solo.id, name: 'Solo Corp' }]);
    const refused = await cancel(boss);
    expect(refused.status).toBe(409);
    expect(errorCode(refused.body)).toBe('cancellation.lastManager');
    expect(refused.body.errors[0].title).toContain('Solo Corp');
    const english = await server.request(PATH, { method: 'POST', token: boss.token, json: CONFIRM, headers: { 'accept-language': 'en' } });
    expect(english.body.errors[0].title).toBe('You are the last manager of Solo Corp. Appoint another manager before leaving Kiwi');
    expect(await identityExists(boss.uid)).toBe(true);

    // A manager whose membership has ended does not count; an active one does.
    await buildUser(server, { organization: solo, memberRole: 'manager', activeTo: new Date(Date.now() - 1000) });
    expect((await cancel(boss)).status).toBe(409);
    await buildUser(server, { organization: solo, memberRole: 'manager' });
    expect((await cancel(boss)).status).toBe(200);
  });

  it('refuses a platform admin, a missing confirmation and an anonymous call', async () => {
    const admin = await buildUser(server, { role: 'admin' });
    const refused = await cancel(admin);
    expect(refused.status).toBe(403);
    expect(errorCode(refused.body)).toBe('auth.forbidden');
    expect(await identityExists(admin.uid)).toBe(true);

    const { member } = await memberWithHistory();
    for (const json of [{}, { cancellation: { confirm: false } }, { cancellation: { confirm: true, user_id: 1 } }]) {
      const response = await cancel(member, member.token, json);
      expect(response.status).toBe(422);
    }
    const anonymous = await server.request(PATH, { method: 'POST', json: CONFIRM });
    expect(anonymous.status).toBe(401);
    // Nothing happened to the member through the refused calls.
    const [user] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user!.cancelledAt).toBeNull();
  });

  it('rolls everything back when the transaction fails midway, identity account included', async () => {
    const { member, membershipId, grantId } = await memberWithHistory();
    const sumBefore = await ledgerSum();
    // A real failure late in the transaction (after coins moved and memberships ended): erasing devices is refused.
    await server.db.db.execute(sql`
      create or replace function refuse_device_delete() returns trigger language plpgsql as $$
      begin raise exception 'device deletion refused (test)'; end $$`);
    await server.db.db.execute(
      sql`create trigger refuse_device_delete before delete on user_devices for each row execute function refuse_device_delete()`,
    );
    try {
      const response = await cancel(member);
      expect(response.status).toBe(500);
    } finally {
      await server.db.db.execute(sql`drop trigger refuse_device_delete on user_devices`);
    }
    const [membership] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, membershipId));
    expect(membership).toMatchObject({ activeTo: null, coinBalance: 120 });
    const [user] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user).toMatchObject({ name: 'Hanako Yamada', nickname: 'hana', cancelledAt: null });
    expect(await server.db.db.select().from(userDevices).where(eq(userDevices.userId, member.user.id))).toHaveLength(1);
    const [grant] = await server.db.db.select().from(kiwiCoinTransfers).where(eq(kiwiCoinTransfers.id, grantId));
    expect(grant?.status).toBe('pending');
    expect(await ledgerSum()).toBe(sumBefore);
    expect(await identityExists(member.uid)).toBe(true);
    // The member can still sign in, and the retry succeeds.
    await signInWithPassword(server.identity.emulatorHost!, member.email, TEST_PASSWORD);
    expect((await cancel(member)).status).toBe(200);
  });

  it('deletes the identity account from the outbox too, and an account already gone counts as done', async () => {
    const { member } = await memberWithHistory();
    const handler = outboxHandlers({ db: server.db, config: server.config, identity: server.identity })(IDENTITY_DELETE_TOPIC);
    expect(handler).toBeDefined();
    const row = { payload: { uid: member.uid } } as Parameters<NonNullable<typeof handler>>[0];
    await handler!(row);
    expect(await identityExists(member.uid)).toBe(false);
    await expect(handler!(row)).resolves.toBeUndefined();
  });
});

describe('assertRecentSignIn', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  const seconds = now.getTime() / 1000;
  it.each([
    ['just now', seconds, true],
    ['at the bound', seconds - REAUTHENTICATION_MAX_AGE_SECONDS, true],
    ['a second past the bound', seconds - REAUTHENTICATION_MAX_AGE_SECONDS - 1, false],
    ['an hour ago', seconds - 3600, false],
    ['missing', Number.NaN, false],
  ])('%s', (_name, authTime, passes) => {
    if (passes) expect(() => assertRecentSignIn(authTime, now)).not.toThrow();
    else expect(() => assertRecentSignIn(authTime, now)).toThrow(expect.objectContaining({ code: 'auth.recentLoginRequired' }));
  });
});
