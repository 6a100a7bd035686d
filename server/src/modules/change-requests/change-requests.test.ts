import { CHANGE_REQUEST_STATUSES as SHARED_STATUSES } from '@kiwi/shared/domain/change-request';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANGE_REQUEST_STATUSES, organizationChangeRequests, staffActions } from '../../db/schema/admin-console';
import { type OrganizationRow, organizations } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { type MailPayload, renderMail } from '../../mail/render';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

type Attributes = Record<string, unknown>;

describe('organisation change requests', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let manager: BuiltUser;
  let member: BuiltUser;
  let globexManager: BuiltUser;
  let admin: BuiltUser;

  beforeAll(async () => {
    server = await startTestServer();
    [acme, globex] = await Promise.all([
      buildOrganization(server, { name: 'Acme', plan: 'business', numberOfMembers: 5 }),
      buildOrganization(server, { name: 'Globex', plan: 'business', numberOfMembers: 5 }),
    ]);
    [manager, member, globexManager, admin] = await Promise.all([
      buildUser(server, { organization: acme, memberRole: 'manager', name: 'Mana' }),
      buildUser(server, { organization: acme, name: 'Member' }),
      buildUser(server, { organization: globex, memberRole: 'manager', name: 'Globe' }),
      buildUser(server, { role: 'admin', name: 'Admin' }),
    ]);
    await server.db.db.update(users).set({ language: 'en' }).where(eq(users.id, manager.user.id));
  });
  afterAll(() => server.close());

  // Each test starts with no pending request of acme and acme's contract as built.
  beforeEach(async () => {
    await server.db.db
      .update(organizationChangeRequests)
      .set({ status: 'withdrawn' })
      .where(eq(organizationChangeRequests.status, 'pending'));
    await server.db.db
      .update(organizations)
      .set({ name: 'Acme', plan: 'business', numberOfMembers: 5 })
      .where(eq(organizations.id, acme.id));
  });

  const ask = (fields: object, user = manager, organizationId = acme.id) =>
    server.request('/api/organization_change_requests', {
      method: 'POST',
      token: user.token,
      json: { organization_change_request: { organization_id: organizationId, reason: 'We are growing', ...fields } },
    });
  const decide = (id: string, fields: object, user = admin) =>
    server.request(`/api/organization_change_requests/${id}`, {
      method: 'PUT',
      token: user.token,
      json: { organization_change_request: fields },
    });
  const withdraw = (id: string, user = manager) =>
    server.request(`/api/organization_change_requests/${id}`, { method: 'DELETE', token: user.token });
  const list = async (user: BuiltUser, query = '') => {
    const response = await server.request(`/api/organization_change_requests?per=100${query}`, { token: user.token });
    return response as { status: number; body: { data: { id: string; attributes: Attributes }[]; meta: Attributes } };
  };
  const organizationRow = async (id = acme.id) => (await server.db.db.select().from(organizations).where(eq(organizations.id, id)))[0]!;
  const mailsTo = async (email: string) =>
    (await server.db.db.select().from(outbox).where(eq(outbox.topic, 'mail.send')).orderBy(asc(outbox.id)))
      .map((row) => row.payload as MailPayload)
      .filter((payload) => payload.to === email);
  const logOf = async (targetId: string) =>
    server.db.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetType, 'organization_change_request'), eq(staffActions.targetId, targetId)))
      .orderBy(asc(staffActions.id));

  it('keeps one list of statuses for the table and the forms', () => {
    expect([...CHANGE_REQUEST_STATUSES]).toEqual([...SHARED_STATUSES]);
  });

  it('a manager asks for more seats, the admin approves: exactly the seats change, logged, and the manager is told in English', async () => {
    const before = await organizationRow();
    const asked = await ask({ number_of_members: 120 });
    expect(asked.status).toBe(201);
    const id = asked.body.data.id as string;
    expect(asked.body.data.attributes).toMatchObject({
      status: 'pending',
      'requested-number-of-members': 120,
      'requested-unlimited-seats': false,
    });

    const own = await list(manager);
    expect(own.body.data.map((row) => row.id)).toContain(id);
    expect(own.body.data.find((row) => row.id === id)?.attributes).toMatchObject({
      'current-number-of-members': 5,
      'members-in-use': 2,
      'requested-by-name': 'Mana',
    });
    // Nobody else's list shows it; a member has none.
    expect((await list(globexManager)).body.data.map((row) => row.id)).not.toContain(id);
    expect((await list(globexManager, `&organization_id=${acme.id}`)).status).toBe(403);
    expect((await list(member)).status).toBe(403);
    const queue = await list(admin, '&status=pending');
    expect(queue.body.data[0]?.id).toBe(id);
    expect(queue.body.meta['pending-count']).toBeGreaterThanOrEqual(1);

    const approved = await decide(id, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.data.attributes).toMatchObject({ status: 'approved', 'decision-note': null });
    const after = await organizationRow();
    const { updatedAt: _b, numberOfMembers: seatsBefore, ...restBefore } = before;
    const { updatedAt: _a, numberOfMembers: seatsAfter, ...restAfter } = after;
    expect([seatsBefore, seatsAfter]).toEqual([5, 120]);
    expect(restAfter).toEqual(restBefore);

    const seen = (await list(manager)).body.data.find((row) => row.id === id);
    expect(seen?.attributes).toMatchObject({ status: 'approved', 'decided-by-name': 'Admin', 'current-number-of-members': 120 });
    expect((await decide(id, { status: 'rejected', decision_note: 'Changed my mind' })).body.errors[0].code).toBe('changeRequest.decided');
    expect((await decide(id, { status: 'approved' })).status).toBe(409);

    const log = await logOf(id);
    expect(log.map((row) => [row.kind, row.actorRole, row.changes.status])).toEqual([
      ['organization_change_requests.create', 'manager', [null, 'pending']],
      ['organization_change_requests.approve', 'admin', ['pending', 'approved']],
    ]);
    const [organizationUpdate] = await server.db.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.kind, 'organizations.update'), eq(staffActions.targetId, String(acme.id))))
      .orderBy(sql`${staffActions.id} desc`)
      .limit(1);
    expect(organizationUpdate?.changes).toEqual({ numberOfMembers: [5, 120] });

    const [mail] = await mailsTo(manager.email);
    expect(mail).toMatchObject({ language: 'en', template: 'changeRequestApproved' });
    const rendered = renderMail(mail!);
    expect(rendered.subject).toBe('[Kiwi] The change request for Acme was approved');
    expect(rendered.text).toContain('- Seats: 120');
    expect(rendered.text).toContain(`/org/${acme.identifier}/change_requests`);
  });

  it('approves a plan, unlimited seats and a name together, and nothing else', async () => {
    const before = await organizationRow();
    const asked = await ask({ plan: 'consumer', number_of_members: null, name: 'Acme Holdings' });
    expect(asked.status).toBe(201);
    expect((await decide(asked.body.data.id, { status: 'approved', decision_note: 'Welcome' })).status).toBe(200);
    const after = await organizationRow();
    expect({ name: after.name, plan: after.plan, seats: after.numberOfMembers }).toEqual({
      name: 'Acme Holdings',
      plan: 'consumer',
      seats: null,
    });
    const pick = ({ name: _n, plan: _p, numberOfMembers: _s, updatedAt: _u, ...rest }: typeof before) => rest;
    expect(pick(after)).toEqual(pick(before));
    expect((await organizationRow(globex.id)).name).toBe('Globex');
  });

  it('rejects only with a note; the organisation stays as it was and the note reaches the manager', async () => {
    const asked = await ask({ plan: 'consumer' });
    const id = asked.body.data.id as string;
    const noNote = await decide(id, { status: 'rejected' });
    expect([noNote.status, noNote.body.errors[0].code, noNote.body.errors[0].source.pointer]).toEqual([
      422,
      'validation.required',
      '/organization_change_request/decision_note',
    ]);
    const rejected = await decide(id, { status: 'rejected', decision_note: 'Consumer needs a new contract' });
    expect(rejected.body.data.attributes).toMatchObject({ status: 'rejected', 'decision-note': 'Consumer needs a new contract' });
    expect((await organizationRow()).plan).toBe('business');
    const mail = (await mailsTo(manager.email)).at(-1)!;
    expect(mail.template).toBe('changeRequestRejected');
    expect(renderMail(mail).text).toContain('Consumer needs a new contract');
    // Withdrawing a decided request is refused too.
    expect((await withdraw(id)).body.errors[0].code).toBe('changeRequest.decided');
  });

  it('the manager withdraws a pending request: the row stays as withdrawn; others cannot see it to withdraw it', async () => {
    const asked = await ask({ number_of_members: 10 });
    const id = asked.body.data.id as string;
    expect((await withdraw(id, globexManager)).status).toBe(404);
    expect((await withdraw(id, member)).status).toBe(403);
    expect((await withdraw(id, admin)).status).toBe(403);
    expect((await withdraw('2000000000')).status).toBe(404);
    expect((await decide('2000000000', { status: 'approved' })).status).toBe(404);
    const withdrawn = await withdraw(id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.attributes.status).toBe('withdrawn');
    const [row] = await server.db.db
      .select()
      .from(organizationChangeRequests)
      .where(eq(organizationChangeRequests.id, Number(id)));
    expect(row?.status).toBe('withdrawn');
    expect((await withdraw(id)).status).toBe(409);
    expect((await decide(id, { status: 'approved' })).body.errors[0].code).toBe('changeRequest.decided');
    expect((await organizationRow()).numberOfMembers).toBe(5);
    expect((await logOf(id)).map((entry) => entry.kind)).toEqual([
      'organization_change_requests.create',
      'organization_change_requests.delete',
    ]);
    // Once withdrawn, the organisation may ask again.
    expect((await ask({ number_of_members: 10 })).status).toBe(201);
  });

  it('refuses nothing to change, what the organisation already has, too few seats, a second pending request and bad input', async () => {
    const code = async (fields: object, user = manager, organizationId = acme.id) => {
      const response = await ask(fields, user, organizationId);
      return [response.status, response.body.errors?.[0]?.code];
    };
    expect(await code({})).toEqual([422, 'changeRequest.noChange']);
    expect(await code({ plan: 'business', number_of_members: 5, name: 'Acme' })).toEqual([422, 'changeRequest.noChange']);
    // Two members hold seats: one is too few.
    const tooFew = await ask({ number_of_members: 1 });
    expect([tooFew.status, tooFew.body.errors[0].code, tooFew.body.errors[0].detail]).toEqual([
      422,
      'changeRequest.tooFewSeats',
      '利用中の2席を下回ります',
    ]);
    expect(await code({ number_of_members: 2 })).toEqual([201, undefined]);
    expect(await code({ plan: 'consumer' })).toEqual([409, 'changeRequest.pending']);
    expect(await code({ plan: 'gold' })).toEqual([422, 'validation.oneOf']);
    expect(await code({ number_of_members: -1 })).toEqual([422, 'validation.tooSmall']);
    expect(await code({ name: 'x'.repeat(101) })).toEqual([422, 'validation.tooLong']);
    expect(await code({ plan: 'consumer', reason: '' })).toEqual([422, 'validation.required']);
    expect(await code({ plan: 'consumer', reason: 'r'.repeat(1001) })).toEqual([422, 'validation.tooLong']);
    expect(await code({ plan: 'consumer', status: 'approved' })).toEqual([422, 'validation.unknownKey']);
    // Another organisation is not the manager's to ask for, nor is the admin's own request a thing.
    expect(await code({ plan: 'consumer' }, manager, globex.id)).toEqual([403, 'auth.forbidden']);
    expect(await code({ plan: 'consumer' }, admin)).toEqual([403, 'auth.forbidden']);
    expect((await list(admin, '&status=nope')).status).toBe(400);
  });

  it('checks the seats again on approval: members who joined since the request keep their seats', async () => {
    const asked = await ask({ number_of_members: 2 });
    const id = asked.body.data.id as string;
    await buildUser(server, { organization: acme, name: 'Latecomer' });
    const refused = await decide(id, { status: 'approved' });
    expect([refused.status, refused.body.errors[0].code]).toEqual([422, 'changeRequest.tooFewSeats']);
    expect((await organizationRow()).numberOfMembers).toBe(5);
    expect((await list(manager)).body.data.find((row) => row.id === id)?.attributes.status).toBe('pending');
    // The admin rejects it instead.
    expect((await decide(id, { status: 'rejected', decision_note: 'Three members now' })).status).toBe(200);
  });

  it('concurrent asks leave one pending request; a concurrent approve and withdraw, exactly one winner', async () => {
    const asks = await Promise.all([ask({ number_of_members: 30 }), ask({ number_of_members: 40 }), ask({ plan: 'consumer' })]);
    expect(asks.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    const [pending] = await server.db.db
      .select({ count: sql<number>`count(*)::int` })
      .from(organizationChangeRequests)
      .where(and(eq(organizationChangeRequests.organizationId, acme.id), eq(organizationChangeRequests.status, 'pending')));
    expect(pending?.count).toBe(1);
    await server.db.db
      .update(organizationChangeRequests)
      .set({ status: 'withdrawn' })
      .where(eq(organizationChangeRequests.status, 'pending'));

    for (let round = 0; round < 3; round++) {
      const asked = await ask({ number_of_members: 50 + round });
      const id = asked.body.data.id as string;
      const [approve, pull] = await Promise.all([decide(id, { status: 'approved' }), withdraw(id)]);
      expect([approve.status, pull.status].sort()).toEqual([200, 409]);
      const [row] = await server.db.db
        .select()
        .from(organizationChangeRequests)
        .where(eq(organizationChangeRequests.id, Number(id)));
      const seats = (await organizationRow()).numberOfMembers;
      if (approve.status === 200) expect([row?.status, seats]).toEqual(['approved', 50 + round]);
      else expect([row?.status, seats]).toEqual(['withdrawn', 5]);
      await server.db.db.update(organizations).set({ numberOfMembers: 5 }).where(eq(organizations.id, acme.id));
    }
  });

  it('keeps hostile text as text: stored and answered verbatim, escaped in the mail, never interpolated', async () => {
    const hostileName = '<img src=x onerror=alert(1)> {{link}}';
    const hostileReason = '<script>alert("x")</script>\n=HYPERLINK("http://evil")';
    const asked = await ask({ name: hostileName, reason: hostileReason });
    expect(asked.status).toBe(201);
    expect(asked.body.data.attributes).toMatchObject({ 'requested-name': hostileName, reason: hostileReason });
    const note = '</p><b>rejected</b> {{name}}';
    expect((await decide(asked.body.data.id, { status: 'rejected', decision_note: note })).status).toBe(200);
    const rendered = renderMail((await mailsTo(manager.email)).at(-1)!);
    expect(rendered.text).toContain(hostileName);
    expect(rendered.text).toContain(note);
    expect(rendered.html).not.toContain('<img');
    expect(rendered.html).not.toContain('<b>');
    expect(rendered.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect((await organizationRow()).name).toBe('Acme');
  });

  it('lists for the admin by organisation and status, paged, pending first', async () => {
    const globexAsk = await ask({ name: 'Globex Two' }, globexManager, globex.id);
    expect(globexAsk.status).toBe(201);
    const acmeAsk = await ask({ plan: 'consumer' });
    await decide(acmeAsk.body.data.id, { status: 'rejected', decision_note: 'No' });
    const onlyGlobex = await list(admin, `&organization_id=${globex.id}`);
    expect(new Set(onlyGlobex.body.data.map((row) => row.attributes['organization-id']))).toEqual(new Set([globex.id]));
    expect(onlyGlobex.body.data[0]?.attributes).toMatchObject({
      status: 'pending',
      'organization-name': 'Globex',
      'requested-name': 'Globex Two',
    });
    const all = await list(admin);
    const statuses = all.body.data.map((row) => row.attributes.status);
    expect(statuses.indexOf('pending')).toBe(0);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.findIndex((status) => status !== 'pending'));
    const paged = await server.request('/api/organization_change_requests?per=1&page=2', { token: admin.token });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta['total-count']).toBe(all.body.data.length);
    const rejected = await list(admin, '&status=rejected');
    expect(rejected.body.data.every((row) => row.attributes.status === 'rejected')).toBe(true);
  });
});
