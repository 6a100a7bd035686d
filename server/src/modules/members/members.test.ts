import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMemberships, groups } from '../../db/schema/groups';
import { type OrganizationRow, organizationMembers } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { deliverMail } from '../../mail/deliver';
import type { MailPayload } from '../../mail/render';
import { invitationLinkIn, type SmtpSink, startSmtpSink } from '../../mail/smtp-sink';
import { type BuiltUser, buildOrganization, buildUser, signInWithPassword } from '../../test/factories';
import { expectFieldError, startTestServer, type TestServer } from '../../test/server';

const DAY = 24 * 3600 * 1000;

describe('members', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let manager: BuiltUser;
  let member: BuiltUser;
  let globexManager: BuiltUser;
  let admin: BuiltUser;

  /** What the outbox worker does for `mail.send`: deliver every pending mail to the SMTP sink. */
  async function deliverMails() {
    const rows = await server.db.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'mail.send'), eq(outbox.status, 'pending')));
    for (const row of rows) {
      await deliverMail(row.payload as MailPayload, {
        db: server.db,
        config: { mail: { smtpUrl: sink.url, from: 'Kiwi <no-reply@kiwi.example>' } },
      });
      await server.db.db.update(outbox).set({ status: 'done' }).where(eq(outbox.id, row.id));
    }
  }

  const invite = (token: string, organizationId: number, body: Record<string, unknown>) =>
    server.request(`/api/organizations/${organizationId}/members`, { method: 'POST', token, json: { organization_member: body } });

  beforeAll(async () => {
    server = await startTestServer();
    sink = await startSmtpSink();
    acme = await buildOrganization(server, { name: 'ACME株式会社', numberOfMembers: 50 });
    globex = await buildOrganization(server, { name: 'Globex' });
    [manager, member, globexManager, admin] = await Promise.all([
      buildUser(server, { organization: acme, memberRole: 'manager', name: '山田 太郎' }),
      buildUser(server, { organization: acme, name: '佐藤 花子' }),
      buildUser(server, { organization: globex, memberRole: 'manager' }),
      buildUser(server, { role: 'admin' }),
    ]);
  });
  afterAll(async () => {
    await sink.close();
    await server.close();
  });

  describe('invitation by email, then acceptance', () => {
    it('creates the Firebase user, the product user and the membership, mails a link, and the link sets the password once', async () => {
      const email = `new-${Date.now()}@example.com`;
      const [group] = await server.db.db.insert(groups).values({ organizationId: acme.id, name: '営業部' }).returning();
      const created = await invite(manager.token, acme.id, {
        email: ` ${email.toUpperCase()} `,
        name: '新人 一郎',
        role: 'member',
        belongings: ['営業部'],
        group_ids: [group!.id],
        language: 'en',
      });
      expect(created.status).toBe(201);
      expect(created.body.data.attributes).toMatchObject({
        email,
        name: '新人 一郎',
        role: 'member',
        state: 'active',
        'invitation-pending': true,
        belongings: ['営業部'],
      });
      expect(created.body.included).toEqual([expect.objectContaining({ type: 'groups', id: String(group!.id) })]);
      const firebaseUser = await server.identity.auth.getUserByEmail(email);
      const [row] = await server.db.db.select().from(users).where(eq(users.email, email));
      expect(row?.firebaseUid).toBe(firebaseUser.uid);

      await deliverMails();
      const mail = await sink.waitFor(email);
      expect(mail.subject).toBe('You are invited to Kiwi by ACME株式会社');
      const link = new URL(invitationLinkIn(mail));
      expect(link.pathname).toBe('/user/invitation');
      const token = link.searchParams.get('token')!;

      const checked = await server.request('/api/user/check_effective_token', { method: 'POST', json: { user: { token } } });
      expect(checked.status).toBe(200);
      expect(checked.body.data.attributes).toMatchObject({ email, 'organization-name': 'ACME株式会社' });

      const weak = await server.request('/api/user/accept_invitation', {
        method: 'POST',
        json: { user: { token, name: 'Ichiro', password: '123' } },
      });
      expect(weak.status).toBe(422);
      expect(weak.body.errors[0]).toMatchObject({ code: 'validation.tooShort', source: { pointer: '/user/password' } });

      const accepted = await server.request('/api/user/accept_invitation', {
        method: 'POST',
        json: { user: { token, name: 'Ichiro Shinjin', password: 'a-good-password' } },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.data.attributes.email).toBe(email);
      // The invitee can now sign in with that password, and is an active member.
      const idToken = await signInWithPassword(server.identity.emulatorHost!, email, 'a-good-password');
      const me = await server.request('/api/user', { token: idToken });
      expect(me.status).toBe(200);
      expect(me.body.data.attributes.name).toBe('Ichiro Shinjin');

      const again = await server.request('/api/user/accept_invitation', {
        method: 'POST',
        json: { user: { token, name: 'x', password: 'another-password' } },
      });
      expect(again.status).toBe(404);
      expect(again.body.errors[0].code).toBe('invitation.tokenInvalid');

      const list = await server.request(`/api/organizations/${acme.id}/members?q[name]=Shinjin`, { token: manager.token });
      expect(list.body.data[0].attributes['invitation-pending']).toBe(false);
    });

    it('refuses an expired token with invitation.tokenExpired, and a resend sends a working one', async () => {
      const email = `late-${Date.now()}@example.com`;
      const created = await invite(manager.token, acme.id, { email });
      expect(created.status).toBe(201);
      await deliverMails();
      const first = new URL(invitationLinkIn(await sink.waitFor(email))).searchParams.get('token')!;
      // Age the token past its lifetime.
      const { invitationTokens } = await import('../../db/schema/invitations');
      await server.db.db
        .update(invitationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitationTokens.userId, Number(created.body.data.attributes['user-id'])));
      const expired = await server.request('/api/user/check_effective_token', { method: 'POST', json: { user: { token: first } } });
      expect(expired.status).toBe(410);
      expect(expired.body.errors[0].code).toBe('invitation.tokenExpired');

      const existence = await server.request('/api/user/check_existence', { method: 'POST', json: { user: { email } } });
      expect(existence.body.data.attributes).toEqual({ exists: true, 'invitation-pending': true });

      sink.mails.length = 0;
      const resent = await server.request('/api/user/resend_invitation_from_email', { method: 'POST', json: { user: { email } } });
      expect(resent.status).toBe(204);
      await deliverMails();
      const second = new URL(invitationLinkIn(await sink.waitFor(email))).searchParams.get('token')!;
      expect(second).not.toBe(first);
      const ok = await server.request('/api/user/check_effective_token', { method: 'POST', json: { user: { token: second } } });
      expect(ok.status).toBe(200);

      // Resend by user id (the manager's button) retires the previous link.
      const byId = await server.request(`/api/user/${created.body.data.attributes['user-id']}/resend_invitation`, {
        method: 'POST',
        token: manager.token,
      });
      expect(byId.status).toBe(204);
      const retired = await server.request('/api/user/check_effective_token', { method: 'POST', json: { user: { token: second } } });
      expect(retired.status).toBe(410);
    });

    it('answers the same 204 for an unknown address, and false existence', async () => {
      const resent = await server.request('/api/user/resend_invitation_from_email', {
        method: 'POST',
        json: { user: { email: 'nobody@example.com' } },
      });
      expect(resent.status).toBe(204);
      const existence = await server.request('/api/user/check_existence', {
        method: 'POST',
        json: { user: { email: 'nobody@example.com' } },
      });
      expect(existence.body.data.attributes).toEqual({ exists: false, 'invitation-pending': false });
      const unknown = await server.request('/api/user/check_effective_token', {
        method: 'POST',
        json: { user: { token: 'not-a-real-token' } },
      });
      expect(unknown.status).toBe(404);
      const bad = await server.request('/api/user/check_effective_token', { method: 'POST', json: { user: { token: 'has spaces!' } } });
      expect(bad.status).toBe(422);
    });

    it('refuses a member of another organisation, an existing member, a bad email and a role that does not exist', async () => {
      const other = await invite(manager.token, acme.id, { email: globexManager.email });
      expect(other.status).toBe(409);
      expect(other.body.errors[0].code).toBe('member.emailNotAvailable');
      const already = await invite(manager.token, acme.id, { email: member.email });
      expect(already.status).toBe(409);
      expect(already.body.errors[0].code).toBe('member.alreadyMember');
      const bad = await invite(manager.token, acme.id, { email: 'not-an-email', role: 'owner' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.map((error: { code: string }) => error.code).sort()).toEqual([
        'validation.invalidEmail',
        'validation.invalidRole',
      ]);
    });

    it('refuses line breaks and control characters in typed names and labels, as the CSV import does', async () => {
      const email = `ctl-${Date.now()}@example.com`;
      const typed = await invite(manager.token, acme.id, { email, name: '新人\n一郎', belongings: ['営業\t部'] });
      expect(typed.status).toBe(422);
      expect(typed.body.errors.map((error: { code: string; source: { pointer: string } }) => [error.source.pointer, error.code])).toEqual(
        expect.arrayContaining([
          ['/organization_member/name', 'validation.invalidName'],
          ['/organization_member/belongings/0', 'validation.invalidFormat'],
        ]),
      );
      expect(await server.db.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      const accepted = await server.request('/api/user/accept_invitation', {
        method: 'POST',
        json: { user: { token: 'some-token', name: 'Ichiro\u0007\rShinjin', password: 'a-good-password' } },
      });
      expect(accepted.status).toBe(422);
      expect(accepted.body.errors[0]).toMatchObject({ code: 'validation.invalidName', source: { pointer: '/user/name' } });
    });

    it('answers two organisations inviting the same new address at once with one 201 and one coded 409, never a 500', async () => {
      for (let round = 0; round < 3; round += 1) {
        const email = `both-${round}-${Date.now()}@example.com`;
        const answers = await Promise.all([invite(manager.token, acme.id, { email }), invite(globexManager.token, globex.id, { email })]);
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([201, 409]);
        expect(answers.find((answer) => answer.status === 409)!.body.errors[0].code).toBe('member.emailNotAvailable');
        const rows = await server.db.db.select().from(users).where(eq(users.email, email));
        expect(rows).toHaveLength(1);
        expect(rows[0]!.firebaseUid).toBe((await server.identity.auth.getUserByEmail(email)).uid);
      }
    });

    it('enforces the seat limit with organization.memberLimitReached and creates nothing', async () => {
      const small = await buildOrganization(server, { numberOfMembers: 1 });
      const boss = await buildUser(server, { organization: small, memberRole: 'manager' });
      const email = `over-${Date.now()}@example.com`;
      const response = await invite(boss.token, small.id, { email });
      expect(response.status).toBe(409);
      expect(response.body.errors[0].code).toBe('organization.memberLimitReached');
      expect(await server.db.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      await expect(server.identity.auth.getUserByEmail(email)).rejects.toMatchObject({ code: 'auth/user-not-found' });

      // Racing for the last two seats: invitations and a CSV import at once never pass the limit together.
      const race = await buildOrganization(server, { numberOfMembers: 3 });
      const racer = await buildUser(server, { organization: race, memberRole: 'manager' });
      const stamp = Date.now();
      const form = new FormData();
      form.append('file', new Blob([`email\ncsv-a-${stamp}@example.com\ncsv-b-${stamp}@example.com\n`], { type: 'text/csv' }), 'race.csv');
      const answers = await Promise.all([
        ...[1, 2, 3, 4].map((index) =>
          invite(racer.token, race.id, { email: `race-${index}-${stamp}@example.com` }).then((answer) => answer.status),
        ),
        fetch(`${server.url}/api/organizations/${race.id}/members/csv_import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${racer.token}` },
          body: form,
        }).then((answer) => answer.status),
      ]);
      expect(
        answers.every((status) => [200, 201, 409, 422].includes(status)),
        String(answers),
      ).toBe(true);
      const seated = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, race.id));
      expect(seated.length).toBe(3);

      // Unlimited (null) has no limit.
      const unlimited = await buildOrganization(server, { numberOfMembers: null });
      const chief = await buildUser(server, { organization: unlimited, memberRole: 'manager' });
      expect((await invite(chief.token, unlimited.id, { email: `free-${Date.now()}@example.com` })).status).toBe(201);
    });
  });

  describe('the last active manager', () => {
    it('cannot be demoted, expired or removed, by themselves or an admin (422 member.lastManager); with a second manager it can', async () => {
      const org = await buildOrganization(server, { numberOfMembers: null });
      const boss = await buildUser(server, { organization: org, memberRole: 'manager' });
      await buildUser(server, { organization: org });
      // A pending manager (not active yet) does not keep the organisation managed.
      await buildUser(server, { organization: org, memberRole: 'manager', activeFrom: new Date(Date.now() + 10 * DAY) });
      const path = `/api/organizations/${org.id}/members/${boss.membership!.id}`;
      const put = (token: string, body: Record<string, unknown>) =>
        server.request(path, { method: 'PUT', token, json: { organization_member: body } });

      const demoted = await put(boss.token, { role: 'member' });
      expect(demoted.status).toBe(422);
      expect(demoted.body.errors[0]).toMatchObject({ code: 'member.lastManager', source: { pointer: '/organization_member/role' } });
      expect(demoted.body.errors[0].title).toEqual(expect.any(String));
      const expired = await put(admin.token, { active_to: new Date(Date.now() - DAY).toISOString() });
      expect(expired.status).toBe(422);
      expect(expired.body.errors[0].code).toBe('member.lastManager');
      for (const token of [boss.token, admin.token]) {
        const removed = await server.request(path, { method: 'DELETE', token });
        expect(removed.status).toBe(422);
        expect(removed.body.errors[0].code).toBe('member.lastManager');
      }
      const [row] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, boss.membership!.id));
      expect(row).toMatchObject({ role: 'manager', activeTo: null });
      // Other edits of the last manager still pass.
      expect((await put(boss.token, { belongings: ['本社'] })).status).toBe(200);

      const deputy = await buildUser(server, { organization: org, memberRole: 'manager' });
      expect((await put(boss.token, { role: 'member' })).status).toBe(200);
      const deputyPath = `/api/organizations/${org.id}/members/${deputy.membership!.id}`;
      const last = await server.request(deputyPath, { method: 'DELETE', token: admin.token });
      expect(last.status).toBe(422);
      expect(last.body.errors[0].code).toBe('member.lastManager');
    });
  });

  describe('list', () => {
    it('tells people of the same name apart: found by nickname, group or email fragment, shown with groups and a masked email', async () => {
      const org = await buildOrganization(server, { numberOfMembers: null });
      const asker = await buildUser(server, { organization: org, name: 'Asker' });
      const sales = await buildUser(server, { organization: org, name: 'Sato Hanako' });
      const design = await buildUser(server, { organization: org, name: 'Sato Hanako' });
      await server.db.db.update(users).set({ email: 'hanako.sales@acme-sales.example' }).where(eq(users.id, sales.user.id));
      await server.db.db.update(users).set({ email: 'hsato@design.example', nickname: 'Hana-D' }).where(eq(users.id, design.user.id));
      const [salesGroup] = await server.db.db.insert(groups).values({ organizationId: org.id, name: 'Sales West' }).returning();
      await server.db.db.insert(groupMemberships).values({ groupId: salesGroup!.id, organizationMemberId: sales.membership!.id });
      const search = async (text: string) =>
        (await server.request(`/api/organizations/${org.id}/members?q[name]=${encodeURIComponent(text)}`, { token: asker.token })).body as {
          data: { id: string; attributes: Record<string, unknown> }[];
          included?: { id: string; attributes: { name: string } }[];
        };
      const ids = async (text: string) => (await search(text)).data.map((item) => item.id);

      const both = await search('sato hanako');
      expect(both.data.map((item) => item.id)).toEqual([String(sales.membership!.id), String(design.membership!.id)]);
      // Each comes with what tells them apart: the masked email (never the address), nickname, icon, groups.
      expect(both.data.map((item) => [item.attributes['email-hint'], item.attributes.nickname])).toEqual([
        ['ha***@ac…', null],
        ['hs***@de…', 'Hana-D'],
      ]);
      expect(both.data.every((item) => !('email' in item.attributes) && 'icon' in item.attributes)).toBe(true);
      expect(both.included?.map((group) => group.attributes.name)).toEqual(['Sales West']);
      expect(await ids('hana-d')).toEqual([String(design.membership!.id)]);
      expect(await ids('sales west')).toEqual([String(sales.membership!.id)]);
      expect(await ids('hsato@des')).toEqual([String(design.membership!.id)]);
      expect(await ids('acme-sales')).toEqual([String(sales.membership!.id)]);
      // Bounded: a search longer than 100 characters is refused before any query runs.
      const long = await server.request(`/api/organizations/${org.id}/members?q[name]=${'a'.repeat(101)}`, { token: asker.token });
      expect(long.status).toBe(400);
    });

    it('searches, filters by role, state and group, and pages', async () => {
      const org = await buildOrganization(server, { numberOfMembers: null });
      const boss = await buildUser(server, { organization: org, memberRole: 'manager', name: 'Boss' });
      const pending = await buildUser(server, { organization: org, name: 'Pending Person', activeFrom: new Date(Date.now() + 10 * DAY) });
      const expired = await buildUser(server, { organization: org, name: 'Expired Person', activeTo: new Date(Date.now() - DAY) });
      const grouped = await buildUser(server, { organization: org, name: 'Grouped 100%_Person' });
      const [group] = await server.db.db.insert(groups).values({ organizationId: org.id, name: 'Team' }).returning();
      await server.db.db.insert(groupMemberships).values({ groupId: group!.id, organizationMemberId: grouped.membership!.id });
      const names = async (query: string, token = boss.token) =>
        (await server.request(`/api/organizations/${org.id}/members${query}`, { token })).body.data.map(
          (item: { attributes: { name: string } }) => item.attributes.name,
        );

      expect(await names('')).toEqual(['Boss', 'Pending Person', 'Expired Person', 'Grouped 100%_Person']);
      expect(await names('?q[state]=pending')).toEqual(['Pending Person']);
      expect(await names('?q[state]=expired')).toEqual(['Expired Person']);
      expect(await names('?q[state]=active')).toEqual(['Boss', 'Grouped 100%_Person']);
      expect(await names('?q[role]=manager')).toEqual(['Boss']);
      expect(await names(`?q[group_id]=${group!.id}`)).toEqual(['Grouped 100%_Person']);
      expect(await names('?q[name]=person')).toEqual(['Pending Person', 'Expired Person', 'Grouped 100%_Person']);
      // % and _ are literal in the search.
      expect(await names('?q[name]=100%25_')).toEqual(['Grouped 100%_Person']);
      const page = await server.request(`/api/organizations/${org.id}/members?page=2&per=3`, { token: boss.token });
      // Seats in use: everyone but the expired member, whatever the filters.
      expect(page.body.meta).toEqual({ 'total-count': 4, 'current-page': 2, 'total-pages': 2, 'seats-used': 3 });
      expect(page.body.data).toHaveLength(1);
      expect((await server.request(`/api/organizations/${org.id}/members?q[state]=gone`, { token: boss.token })).status).toBe(400);
      // A group id past int4 is a bad parameter, not a database error.
      expect((await server.request(`/api/organizations/${org.id}/members?q[group_id]=9999999999`, { token: boss.token })).status).toBe(400);
      void pending;
      void expired;
    });

    it('shows a plain member only active colleagues, without the manager-only fields', async () => {
      const response = await server.request(`/api/organizations/${acme.id}/members?per=100`, { token: member.token });
      expect(response.status).toBe(200);
      expect(response.body.meta).not.toHaveProperty('seats-used');
      const attributes = response.body.data.map((item: { attributes: Record<string, unknown> }) => item.attributes);
      expect(attributes.length).toBeGreaterThan(0);
      for (const item of attributes) {
        expect(item).toHaveProperty('name');
        for (const hidden of ['email', 'active-from', 'app-installed', 'invitation-pending', 'user-id'])
          expect(item).not.toHaveProperty(hidden);
        expect(item['email-hint']).toMatch(/^[^@]{1,2}\*\*\*@[^@]{1,2}…$/);
      }
      expect((await server.request(`/api/organizations/${acme.id}/members`, { token: globexManager.token })).status).toBe(403);
    });
  });

  describe('edit, delete and MFA reset', () => {
    it('updates role, period, belongings, occupations and groups', async () => {
      const person = await buildUser(server, { organization: acme });
      const [group] = await server.db.db.insert(groups).values({ organizationId: acme.id, name: 'Edit team' }).returning();
      const path = `/api/organizations/${acme.id}/members/${person.membership!.id}`;
      const update = (organization_member: Record<string, unknown>) =>
        server.request(path, { method: 'PUT', token: manager.token, json: { organization_member } });
      const response = await update({
        role: 'manager',
        active_from: '2025-04-01T00:00:00+09:00',
        active_to: '2099-03-31T15:00:00Z',
        belongings: ['本社'],
        occupations: ['エンジニア', 'デザイナー'],
        group_ids: [group!.id],
      });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({
        role: 'manager',
        'active-from': '2025-03-31T15:00:00.000Z',
        'active-to': '2099-03-31T15:00:00.000Z',
        belongings: ['本社'],
        occupations: ['エンジニア', 'デザイナー'],
      });
      expect(response.body.data.relationships.groups.data).toEqual([{ type: 'groups', id: String(group!.id) }]);

      const backwards = await update({ active_to: '2000-01-01T00:00:00Z' });
      expectFieldError(backwards, { code: 'validation.endAfterStart', pointer: '/organization_member/active_to' });

      const [otherGroup] = await server.db.db.insert(groups).values({ organizationId: globex.id, name: 'Not yours' }).returning();
      const foreign = await update({ group_ids: [otherGroup!.id] });
      expectFieldError(foreign, { code: 'validation.notFoundInOrganization', pointer: '/organization_member/group_ids/0' });
      expect(foreign.body.errors[0].detail).not.toMatch(/: *$/);

      // Spec §9 date range: a year PostgreSQL cannot store is a 422, not a 500.
      const yearZero = await update({ active_from: '0000-01-01T00:00:00Z' });
      expectFieldError(yearZero, { code: 'validation.dateOutOfRange', pointer: '/organization_member/active_from' });
    });

    it("leaves a platform admin's membership to admins: a manager can neither edit, remove nor reset its MFA", async () => {
      const adminMember = await buildUser(server, { role: 'admin', organization: acme });
      const path = `/api/organizations/${acme.id}/members/${adminMember.membership!.id}`;
      expect(
        (await server.request(path, { method: 'PUT', token: manager.token, json: { organization_member: { role: 'manager' } } })).status,
      ).toBe(403);
      expect((await server.request(path, { method: 'DELETE', token: manager.token })).status).toBe(403);
      expect((await server.request(`/api/users/${adminMember.user.id}/mfa_reset`, { method: 'POST', token: manager.token })).status).toBe(
        403,
      );
      const [row] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, adminMember.membership!.id));
      expect(row?.role).toBe('member');
      expect(
        (await server.request(path, { method: 'PUT', token: admin.token, json: { organization_member: { role: 'manager' } } })).status,
      ).toBe(200);
      expect((await server.request(`/api/users/${adminMember.user.id}/mfa_reset`, { method: 'POST', token: admin.token })).status).toBe(
        204,
      );
    });

    it("deletes a member with the user, and never another organisation's member", async () => {
      const person = await buildUser(server, { organization: acme });
      const foreign = await buildUser(server, { organization: globex });
      const wrong = await server.request(`/api/organizations/${acme.id}/members/${foreign.membership!.id}`, {
        method: 'DELETE',
        token: manager.token,
      });
      expect(wrong.status).toBe(404);
      const response = await server.request(`/api/organizations/${acme.id}/members/${person.membership!.id}`, {
        method: 'DELETE',
        token: manager.token,
      });
      expect(response.status).toBe(204);
      expect(await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, person.membership!.id))).toEqual([]);
      expect(await server.db.db.select().from(users).where(eq(users.id, person.user.id))).toEqual([]);
      await expect(server.identity.auth.getUser(person.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
      // The Firebase user is gone, so its token no longer verifies.
      expect((await server.request('/api/user', { token: person.token })).status).toBe(401);
    });

    it('resets MFA for a member of the own organisation only', async () => {
      const person = await buildUser(server, { organization: acme });
      expect((await server.request(`/api/users/${person.user.id}/mfa_reset`, { method: 'POST', token: manager.token })).status).toBe(204);
      expect((await server.request(`/api/users/${person.user.id}/mfa_reset`, { method: 'POST', token: globexManager.token })).status).toBe(
        403,
      );
      expect((await server.request(`/api/users/${person.user.id}/mfa_reset`, { method: 'POST', token: member.token })).status).toBe(403);
      expect((await server.request(`/api/users/${person.user.id}/mfa_reset`, { method: 'POST', token: admin.token })).status).toBe(204);
      expect((await server.request('/api/users/999999/mfa_reset', { method: 'POST', token: admin.token })).status).toBe(404);
    });
  });
});
