import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../db/client';
import { kiwiCoinTransfers } from '../../db/schema/coins';
import { jobs } from '../../db/schema/jobs';
import { outbox } from '../../db/schema/outbox';
import { organizationMembers, type OrganizationRow } from '../../db/schema/organizations';
import { buildOrganization, buildUser, type BuiltUser } from '../../test/factories';
import { expectFieldError, startTestServer, type TestServer } from '../../test/server';
import { createJobWorker } from '../../jobs/worker';
import { jobHandlers } from '../../workers';
import { awardActivityCoins, memberBalance, organizationBalance, moveCoins } from './ledger';

const DAY = 24 * 3600 * 1000;
let server: TestServer;
let acme: OrganizationRow;
let globex: OrganizationRow;
let sender: BuiltUser;
let colleague: BuiltUser;
let second: BuiltUser;
let manager: BuiltUser;
let admin: BuiltUser;

const balanceOf = (user: BuiltUser) => server.db.db.transaction((tx) => memberBalance(tx, user.membership!.id));
const send = (user: BuiltUser, body: unknown) =>
  server.request('/api/user/kiwi_coin_transfers', { method: 'POST', token: user.token, json: body });
const message = (recipients: { organization_member_id: number; amount: unknown }[], text = 'Thanks {name}!') => ({
  kiwi_coin_transfer: { message: text, recipients },
});
const ledgerSum = async () => {
  const result = (await server.db.db.execute(sql`select coalesce(sum(delta), 0)::bigint as sum from coin_ledger_entries`)) as unknown as {
    rows: { sum: string }[];
  };
  return Number(result.rows[0]!.sum);
};

beforeAll(async () => {
  server = await startTestServer();
  [acme, globex] = await Promise.all([buildOrganization(server), buildOrganization(server)]);
  [sender, colleague, second, manager, admin] = await Promise.all([
    buildUser(server, { organization: acme, name: 'Sato Hanako' }),
    buildUser(server, { organization: acme, name: 'Suzuki Taro' }),
    buildUser(server, { organization: acme, name: 'Tanaka Jiro' }),
    buildUser(server, { organization: acme, memberRole: 'manager', name: 'Manager' }),
    buildUser(server, { role: 'admin' }),
  ]);
  await server.db.db.transaction((tx) =>
    awardActivityCoins(tx, { organizationMemberId: sender.membership!.id, amount: 100, day: '2026-01-01' }),
  );
});
afterAll(() => server.close());

describe('POST /api/user/kiwi_coin_transfers', () => {
  it('sends to several colleagues with {name} filled in per recipient, and both feeds show it', async () => {
    const before = { sender: await balanceOf(sender), colleague: await balanceOf(colleague), second: await balanceOf(second) };
    const response = await send(
      sender,
      message([
        { organization_member_id: colleague.membership!.id, amount: 10 },
        { organization_member_id: second.membership!.id, amount: 5 },
      ]),
    );
    expect(response.status).toBe(201);
    expect(response.body.meta.balance).toBe(before.sender - 15);
    expect(await balanceOf(colleague)).toBe(before.colleague + 10);
    expect(await balanceOf(second)).toBe(before.second + 5);
    const sent = response.body.data[0].attributes;
    expect(sent.direction).toBe('sent');
    expect(sent.recipients.map((r: { message: string; amount: number }) => [r.message, r.amount])).toEqual([
      ['Thanks Suzuki Taro!', 10],
      ['Thanks Tanaka Jiro!', 5],
    ]);

    const feed = await server.request('/api/user/kiwi_coin_transfers', { token: colleague.token });
    expect(feed.status).toBe(200);
    expect(feed.body.meta.balance).toBe(before.colleague + 10);
    const received = feed.body.data[0].attributes;
    expect(received).toMatchObject({ direction: 'received', sender: { name: 'Sato Hanako' } });
    expect(received.recipients).toEqual([
      {
        id: String(colleague.membership!.id),
        transferId: expect.stringMatching(/^\d+$/),
        name: 'Suzuki Taro',
        amount: 10,
        message: 'Thanks Suzuki Taro!',
      },
    ]);
    // The transfer the recipient would report (issue 19): their own part of the message.
    const [transfer] = await server.db.db
      .select()
      .from(kiwiCoinTransfers)
      .where(eq(kiwiCoinTransfers.id, Number(received.recipients[0].transferId)));
    expect(transfer).toMatchObject({ organizationMemberId: colleague.membership!.id, amount: 10, message: 'Thanks Suzuki Taro!' });

    const [notification] = await server.db.db.select().from(outbox).where(eq(outbox.topic, 'slack.coin_message'));
    expect(notification).toMatchObject({ organizationId: acme.id, status: 'pending' });
  });

  it('answers "kiwi coins not enough" when the total exceeds the balance, and moves nothing', async () => {
    const before = await balanceOf(sender);
    const response = await send(sender, message([{ organization_member_id: colleague.membership!.id, amount: before + 1 }]));
    expect(response.status).toBe(422);
    expect(response.body.errors[0].code).toBe('coins.notEnough');
    expect(await balanceOf(sender)).toBe(before);
  });

  it.each([
    ['zero', 0, 'validation.positive'],
    ['negative', -5, 'validation.positive'],
    ['fractional', 1.5, 'validation.integer'],
    ['huge', 1e12, 'validation.tooBig'],
    ['beyond MAX_SAFE_INTEGER', 2 ** 53 + 2, 'validation.tooBig'],
    ['null', null, 'validation.invalidType'],
    ['a string', '10', 'validation.invalidType'],
  ])('refuses a %s amount (%s) with %s', async (_name, amount, code) => {
    const before = await ledgerSum();
    const response = await send(sender, message([{ organization_member_id: colleague.membership!.id, amount }]));
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({ code, source: { pointer: '/kiwi_coin_transfer/recipients/0/amount' } });
    expect(await ledgerSum()).toBe(before);
  });

  it('refuses oneself, another organisation, pending and expired members, duplicates, an empty or over-long message', async () => {
    const outsider = await buildUser(server, { organization: globex });
    const pending = await buildUser(server, { organization: acme, activeFrom: new Date(Date.now() + 10 * DAY) });
    const expired = await buildUser(server, { organization: acme, activeTo: new Date(Date.now() - DAY) });
    const before = await balanceOf(sender);
    const cases: [unknown, number, string][] = [
      [message([{ organization_member_id: sender.membership!.id, amount: 1 }]), 422, 'coins.selfTransfer'],
      [message([{ organization_member_id: outsider.membership!.id, amount: 1 }]), 422, 'validation.notFoundInOrganization'],
      [message([{ organization_member_id: pending.membership!.id, amount: 1 }]), 422, 'coins.recipientUnavailable'],
      [message([{ organization_member_id: expired.membership!.id, amount: 1 }]), 422, 'coins.recipientUnavailable'],
      [message([{ organization_member_id: 2_000_000_000, amount: 1 }]), 422, 'validation.notFoundInOrganization'],
      [
        message([
          { organization_member_id: colleague.membership!.id, amount: 1 },
          { organization_member_id: colleague.membership!.id, amount: 1 },
        ]),
        422,
        'coins.duplicateRecipient',
      ],
      [message([{ organization_member_id: colleague.membership!.id, amount: 1 }], 'x'.repeat(501)), 422, 'validation.tooLong'],
      [message([]), 422, 'validation.required'],
      // Issue 21: the message is required; blank counts as empty (the rule stated under the send form's field).
      [message([{ organization_member_id: colleague.membership!.id, amount: 1 }], ''), 422, 'validation.required'],
      [message([{ organization_member_id: colleague.membership!.id, amount: 1 }], ' \n\t '), 422, 'validation.required'],
      [
        { kiwi_coin_transfer: { message: 'hi', recipients: [{ organization_member_id: colleague.membership!.id, amount: 1 }], extra: 1 } },
        422,
        'validation.unknownKey',
      ],
    ];
    for (const [body, status, code] of cases) {
      const response = await send(sender, body);
      expect([response.status, response.body.errors?.[0]?.code]).toEqual([status, code]);
    }
    expect(await balanceOf(sender)).toBe(before);
  });

  it('500 simultaneous requests from one sender never overdraw and conserve the ledger', async () => {
    const rich = await buildUser(server, { organization: acme });
    await server.db.db.transaction((tx) =>
      awardActivityCoins(tx, { organizationMemberId: rich.membership!.id, amount: 120, day: '2026-01-01' }),
    );
    const sumBefore = await ledgerSum();
    const responses = await Promise.all(
      Array.from({ length: 500 }, () => send(rich, message([{ organization_member_id: colleague.membership!.id, amount: 1 }]))),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(120);
    expect(responses.filter((r) => r.status === 422 && r.body.errors[0].code === 'coins.notEnough')).toHaveLength(380);
    expect(await balanceOf(rich)).toBe(0);
    expect(await ledgerSum()).toBe(sumBefore);
  }, 120_000);
});

describe('two members sending to each other at the same time', () => {
  it('never deadlock: every transfer succeeds and both balances and the ledger add up', async () => {
    const [a, b] = await Promise.all([buildUser(server, { organization: acme }), buildUser(server, { organization: acme })]);
    await server.db.db.transaction(async (tx) => {
      await awardActivityCoins(tx, { organizationMemberId: a.membership!.id, amount: 1000, day: '2026-01-01' });
      await awardActivityCoins(tx, { organizationMemberId: b.membership!.id, amount: 1000, day: '2026-01-01' });
    });
    const sumBefore = await ledgerSum();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? send(
              a,
              message([
                { organization_member_id: b.membership!.id, amount: 1 },
                { organization_member_id: colleague.membership!.id, amount: 1 },
              ]),
            )
          : send(
              b,
              message([
                { organization_member_id: colleague.membership!.id, amount: 1 },
                { organization_member_id: a.membership!.id, amount: 2 },
              ]),
            ),
      ),
    );
    expect(responses.map((r) => r.status).filter((status) => status !== 201)).toEqual([]);
    // a: -200 sent, +200 received; b: +100 received, -300 sent.
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([1000, 800]);
    expect(await ledgerSum()).toBe(sumBefore);
  }, 120_000);
});

describe('grants', () => {
  const grant = (body: unknown, token = manager.token) =>
    server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers`, { method: 'POST', token, json: { kiwi_coin_transfer: body } });

  it('a manager grants from the organisation balance; "not enough" when it is short', async () => {
    await server.db.db.transaction((tx) =>
      moveCoins(tx, {
        from: { kind: 'issuance' },
        legs: [{ to: { kind: 'organization', organizationId: acme.id }, amount: 50 }],
        reason: 'admin_grant',
      }),
    );
    const orgBefore = await server.db.db.transaction((tx) => organizationBalance(tx, acme.id));
    const memberBefore = await balanceOf(second);
    const ok = await grant({ organization_member_id: second.membership!.id, amount: 20, description: 'Quarterly thanks' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.attributes).toMatchObject({ status: 'transferred', kind: 'grant', amount: 20 });
    expect(await balanceOf(second)).toBe(memberBefore + 20);
    expect(await server.db.db.transaction((tx) => organizationBalance(tx, acme.id))).toBe(orgBefore - 20);
    const short = await grant({ organization_member_id: second.membership!.id, amount: orgBefore });
    expect([short.status, short.body.errors[0].code]).toEqual([422, 'coins.notEnough']);
    const outsider = await buildUser(server, { organization: globex });
    const foreign = await grant({ organization_member_id: outsider.membership!.id, amount: 1 });
    expect([foreign.status, foreign.body.errors[0].code]).toEqual([422, 'validation.notFoundInOrganization']);
    expect(foreign.body.errors[0].source).toEqual({ pointer: '/kiwi_coin_transfer/organization_member_id' });
  });

  it.each(['9999-12-31T23:59:59Z', '2100-01-01T00:00:00Z', '1899-12-31T23:59:59+09:00'])(
    'refuses transferred_at %s (spec §9 range) with the translated error at the field, and grants nothing',
    async (transferredAt) => {
      const before = await ledgerSum();
      const response = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers`, {
        method: 'POST',
        token: manager.token,
        json: { kiwi_coin_transfer: { organization_member_id: colleague.membership!.id, amount: 1, transferred_at: transferredAt } },
        headers: { 'accept-language': 'en' },
      });
      expectFieldError(response, {
        code: 'validation.dateOutOfRange',
        pointer: '/kiwi_coin_transfer/transferred_at',
        detail: 'Enter a date from 1900-01-01 to 2099-12-31',
      });
      expect(await ledgerSum()).toBe(before);
    },
  );

  it('schedules a grant on the last day of the range', async () => {
    const response = await grant({
      organization_member_id: colleague.membership!.id,
      amount: 1,
      transferred_at: '2099-12-31T23:59:59+09:00',
    });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes.status).toBe('pending');
    // Cancelled again, so the scheduled-grant tests below find only their own jobs pending.
    const cancel = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers/${response.body.data.id}`, {
      method: 'DELETE',
      token: manager.token,
    });
    expect(cancel.status).toBe(200);
  });

  it('a scheduled grant stays pending, runs once at its time, and a cancelled one never runs', async () => {
    await server.db.db.transaction((tx) =>
      moveCoins(tx, {
        from: { kind: 'issuance' },
        legs: [{ to: { kind: 'organization', organizationId: acme.id }, amount: 30 }],
        reason: 'admin_grant',
      }),
    );
    const at = new Date(Date.now() + 3600_000);
    const scheduled = await grant({ organization_member_id: colleague.membership!.id, amount: 7, transferred_at: at.toISOString() });
    const cancelled = await grant({ organization_member_id: colleague.membership!.id, amount: 9, transferred_at: at.toISOString() });
    expect(scheduled.body.data.attributes.status).toBe('pending');
    const before = await balanceOf(colleague);

    const cancel = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers/${cancelled.body.data.id}`, {
      method: 'DELETE',
      token: manager.token,
    });
    expect(cancel.body.data.attributes).toMatchObject({ status: 'canceled', 'cancel-reason': 'manual' });
    const again = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers/${cancelled.body.data.id}`, {
      method: 'DELETE',
      token: manager.token,
    });
    expect([again.status, again.body.errors[0].code]).toEqual([409, 'coins.notPending']);

    const early = createJobWorker({ db: server.db, handlers: jobHandlers, now: () => new Date() });
    await early.runOnce();
    expect(await balanceOf(colleague)).toBe(before);

    // Two workers at the scheduled time: the grant moves exactly once.
    const later = () => new Date(at.getTime() + 1000);
    const workers = [
      createJobWorker({ db: server.db, handlers: jobHandlers, now: later }),
      createJobWorker({ db: server.db, handlers: jobHandlers, now: later }),
    ];
    await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(workers.map((w) => w.runOnce()));
    expect(await balanceOf(colleague)).toBe(before + 7);
    const list = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers?status=transferred&kind=grant`, {
      token: manager.token,
    });
    expect(list.body.data.map((t: { id: string }) => t.id)).toContain(scheduled.body.data.id);
    const grantJobs = await server.db.db.select().from(jobs).where(eq(jobs.kind, 'coins.scheduled_grant'));
    expect(grantJobs.every((job) => job.status === 'done')).toBe(true);
  });

  it('a cancel arriving while the worker executes the grant waits for it and answers 409 (no deadlock on PostgreSQL)', async () => {
    await server.db.db.transaction((tx) =>
      moveCoins(tx, {
        from: { kind: 'issuance' },
        legs: [{ to: { kind: 'organization', organizationId: acme.id }, amount: 10 }],
        reason: 'admin_grant',
      }),
    );
    const at = new Date(Date.now() + 3600_000);
    const scheduled = await grant({ organization_member_id: second.membership!.id, amount: 4, transferred_at: at.toISOString() });
    expect(scheduled.body.data.attributes.status).toBe('pending');
    const before = await balanceOf(second);
    const [job] = await server.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `coins.scheduled_grant:${scheduled.body.data.id}`));
    let cancel: Promise<{ status: number; body: any }> | undefined;
    // What the jobs worker does: claim the job row, then run the handler in that transaction.
    await server.db.db.transaction(async (tx) => {
      await tx.select().from(jobs).where(eq(jobs.id, job!.id)).for('update');
      cancel = server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers/${scheduled.body.data.id}`, {
        method: 'DELETE',
        token: manager.token,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await jobHandlers['coins.scheduled_grant']!(tx as unknown as Transaction, job!, new Date(at.getTime() + 1000));
      await tx.update(jobs).set({ status: 'done' }).where(eq(jobs.id, job!.id));
    });
    const answer = await cancel!;
    expect([answer.status, answer.body.errors?.[0]?.code]).toEqual([409, 'coins.notPending']);
    expect(await balanceOf(second)).toBe(before + 4);
  });

  it("a manager cannot cancel the platform admin's scheduled grant to their organisation; the admin can", async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await server.request('/api/kiwi_coin_transfers', {
      method: 'POST',
      token: admin.token,
      json: {
        kiwi_coin_transfer: { organization_id: acme.id, organization_member_id: colleague.membership!.id, amount: 3, transferred_at: at },
      },
    });
    expect(scheduled.body.data.attributes).toMatchObject({ status: 'pending', kind: 'admin_grant' });
    const byManager = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers/${scheduled.body.data.id}`, {
      method: 'DELETE',
      token: manager.token,
    });
    expect([byManager.status, byManager.body.errors[0].code]).toEqual([404, 'resource.notFound']);
    const byAdmin = await server.request(`/api/kiwi_coin_transfers/${scheduled.body.data.id}`, { method: 'DELETE', token: admin.token });
    expect([byAdmin.status, byAdmin.body.data.attributes.status]).toEqual([200, 'canceled']);
  });

  it('lists by status and period and exports CSV', async () => {
    const pending = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers?status=pending`, { token: manager.token });
    expect(pending.body.data.every((t: { attributes: { status: string } }) => t.attributes.status === 'pending')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const past = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers?from=2000-01-01&to=2000-12-31`, {
      token: manager.token,
    });
    expect(past.body.data).toEqual([]);
    const csv = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers?format=csv&from=${today}&kind=message`, {
      token: manager.token,
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,organization,kind,status,sender,recipient,amount,description,message,transferred_at,canceled_at,cancel_reason',
    );
    expect(lines.some((line) => line.includes('Thanks Suzuki Taro!'))).toBe(true);
    const bad = await server.request(`/api/organizations/${acme.id}/kiwi_coin_transfers?status=lost`, { token: manager.token });
    expect([bad.status, bad.body.errors[0].code]).toEqual([400, 'request.invalidParameter']);
  });

  it('an admin issues coins to an organisation balance and sees every organisation', async () => {
    const before = await server.db.db.transaction((tx) => organizationBalance(tx, globex.id));
    const response = await server.request('/api/kiwi_coin_transfers', {
      method: 'POST',
      token: admin.token,
      json: { kiwi_coin_transfer: { organization_id: globex.id, amount: 500, description: 'Plan top-up' } },
    });
    expect(response.status).toBe(201);
    expect(await server.db.db.transaction((tx) => organizationBalance(tx, globex.id))).toBe(before + 500);
    const list = await server.request(`/api/kiwi_coin_transfers?organization_id=${globex.id}`, { token: admin.token });
    expect(list.body.data.map((t: { attributes: Record<string, unknown> }) => t.attributes['organization-name'])).toContain(globex.name);
    expect(await ledgerSum()).toBe(0);
  });

  describe('at the scheduled time (own organisation, so other grants do not interfere)', () => {
    const runJobsAt = async (at: Date) => {
      const worker = createJobWorker({ db: server.db, handlers: jobHandlers, now: () => new Date(at.getTime() + 1000) });
      await worker.runOnce();
      await worker.runOnce();
    };

    it('cancels a grant the organisation can no longer afford with the reason organizationBalanceShort (no English text stored)', async () => {
      const org = await buildOrganization(server);
      const boss = await buildUser(server, { organization: org, memberRole: 'manager' });
      const worker = await buildUser(server, { organization: org });
      await server.db.db.transaction((tx) =>
        moveCoins(tx, {
          from: { kind: 'issuance' },
          legs: [{ to: { kind: 'organization', organizationId: org.id }, amount: 10 }],
          reason: 'admin_grant',
        }),
      );
      const at = new Date(Date.now() + 3600_000);
      const scheduled = await server.request(`/api/organizations/${org.id}/kiwi_coin_transfers`, {
        method: 'POST',
        token: boss.token,
        json: { kiwi_coin_transfer: { organization_member_id: worker.membership!.id, amount: 8, transferred_at: at.toISOString() } },
      });
      expect(scheduled.body.data.attributes.status).toBe('pending');
      // Meanwhile the balance is spent elsewhere.
      const spent = await server.request(`/api/organizations/${org.id}/kiwi_coin_transfers`, {
        method: 'POST',
        token: boss.token,
        json: { kiwi_coin_transfer: { organization_member_id: worker.membership!.id, amount: 5 } },
      });
      expect(spent.status).toBe(201);
      await runJobsAt(at);
      const list = await server.request(`/api/organizations/${org.id}/kiwi_coin_transfers?status=canceled`, { token: boss.token });
      expect(
        list.body.data.map((t: { id: string; attributes: Record<string, unknown> }) => [
          t.id,
          t.attributes['cancel-reason'],
          t.attributes.description,
        ]),
      ).toEqual([[scheduled.body.data.id, 'organizationBalanceShort', null]]);
      expect(await balanceOf(worker)).toBe(5);
      expect(await server.db.db.transaction((tx) => organizationBalance(tx, org.id))).toBe(5);
    });

    it('cancels a grant whose recipient is no longer an active member with the reason recipientInactive (no coins moved)', async () => {
      const org = await buildOrganization(server);
      const boss = await buildUser(server, { organization: org, memberRole: 'manager' });
      const leaver = await buildUser(server, { organization: org });
      await server.db.db.transaction((tx) =>
        moveCoins(tx, {
          from: { kind: 'issuance' },
          legs: [{ to: { kind: 'organization', organizationId: org.id }, amount: 50 }],
          reason: 'admin_grant',
        }),
      );
      const at = new Date(Date.now() + 3600_000);
      const scheduled = await server.request(`/api/organizations/${org.id}/kiwi_coin_transfers`, {
        method: 'POST',
        token: boss.token,
        json: { kiwi_coin_transfer: { organization_member_id: leaver.membership!.id, amount: 20, transferred_at: at.toISOString() } },
      });
      expect(scheduled.body.data.attributes.status).toBe('pending');
      // The member leaves before the scheduled time.
      await server.db.db
        .update(organizationMembers)
        .set({ activeTo: new Date(at.getTime() - 60_000) })
        .where(eq(organizationMembers.id, leaver.membership!.id));
      await runJobsAt(at);
      const list = await server.request(`/api/organizations/${org.id}/kiwi_coin_transfers`, { token: boss.token });
      expect(
        list.body.data.map((t: { attributes: Record<string, unknown> }) => [t.attributes.status, t.attributes['cancel-reason']]),
      ).toEqual([['canceled', 'recipientInactive']]);
      expect(await balanceOf(leaver)).toBe(0);
      expect(await server.db.db.transaction((tx) => organizationBalance(tx, org.id))).toBe(50);
    });
  });

  it("a manager cannot grant the organisation's coins to themselves (coded 422, nothing moved); an admin still grants to them", async () => {
    await server.db.db.transaction((tx) =>
      moveCoins(tx, {
        from: { kind: 'issuance' },
        legs: [{ to: { kind: 'organization', organizationId: acme.id }, amount: 10 }],
        reason: 'admin_grant',
      }),
    );
    const orgBefore = await server.db.db.transaction((tx) => organizationBalance(tx, acme.id));
    const before = await balanceOf(manager);
    for (const transferredAt of [undefined, new Date(Date.now() + 3600_000).toISOString()]) {
      const self = await grant({
        organization_member_id: manager.membership!.id,
        amount: 5,
        ...(transferredAt ? { transferred_at: transferredAt } : {}),
      });
      expect([self.status, self.body.errors[0].code, self.body.errors[0].source]).toEqual([
        422,
        'coins.selfGrant',
        { pointer: '/kiwi_coin_transfer/organization_member_id' },
      ]);
    }
    expect(await balanceOf(manager)).toBe(before);
    expect(await server.db.db.transaction((tx) => organizationBalance(tx, acme.id))).toBe(orgBefore);
    const byAdmin = await server.request('/api/kiwi_coin_transfers', {
      method: 'POST',
      token: admin.token,
      json: { kiwi_coin_transfer: { organization_id: acme.id, organization_member_id: manager.membership!.id, amount: 5 } },
    });
    expect([byAdmin.status, byAdmin.body.data.attributes.status]).toEqual([201, 'transferred']);
    expect(await balanceOf(manager)).toBe(before + 5);
  });
});
