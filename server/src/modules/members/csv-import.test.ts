import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMemberships, groups } from '../../db/schema/groups';
import { type OrganizationRow, organizationMembers } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { type BuiltUser, buildOrganization, buildUser, signInWithPassword } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

describe('POST /api/organizations/:organizationId/members/csv_import', () => {
  let server: TestServer;
  let globex: OrganizationRow;
  let globexMember: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    globex = await buildOrganization(server);
    globexMember = await buildUser(server, { organization: globex });
  });
  afterAll(() => server.close());

  async function world(numberOfMembers: number | null = 100) {
    const org = await buildOrganization(server, { numberOfMembers });
    const manager = await buildUser(server, { organization: org, memberRole: 'manager' });
    return { org, manager };
  }

  async function upload(org: OrganizationRow, token: string, bytes: Buffer | Uint8Array, { field = 'file', name = 'members.csv' } = {}) {
    const form = new FormData();
    form.append(field, new Blob([bytes], { type: 'text/csv' }), name);
    const response = await fetch(`${server.url}/api/organizations/${org.id}/members/csv_import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  const members = (org: OrganizationRow) =>
    server.db.db
      .select({
        email: users.email,
        name: users.name,
        role: organizationMembers.role,
        belongings: organizationMembers.belongings,
        occupations: organizationMembers.occupations,
        id: organizationMembers.id,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(organizationMembers.organizationId, org.id));

  const japaneseCsv = (tag: string) =>
    'メールアドレス,氏名,権限,所属,職種,グループ,利用開始日,利用終了日\r\n' +
    `hanako-${tag}@example.com,佐藤 花子,manager,"営業部,企画部",エンジニア,本社>営業部>第一課,2025/4/1,\r\n` +
    `jiro-${tag}@example.com,鈴木 次郎,member,総務部,,"本社>営業部, 本社>総務部",,2099-03-31\r\n`;

  it.each<[string, (text: string) => Buffer]>([
    ['UTF-8', (text) => Buffer.from(text, 'utf8')],
    ['UTF-8 with BOM', (text) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])],
    ['Shift_JIS (CP932)', (text) => iconv.encode(text, 'CP932')],
  ])('imports a %s file: members, several affiliations, group hierarchy', async (name, encode) => {
    const { org, manager } = await world();
    const tag = name.replace(/\W/g, '').toLowerCase();
    const response = await upload(org, manager.token, encode(japaneseCsv(tag)));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.attributes).toMatchObject({ rows: 2, created: 2, updated: 0 });

    const rows = await members(org);
    const hanako = rows.find((row) => row.email === `hanako-${tag}@example.com`);
    expect(hanako).toMatchObject({ name: '佐藤 花子', role: 'manager', belongings: ['営業部', '企画部'], occupations: ['エンジニア'] });
    const orgGroups = await server.db.db.select().from(groups).where(eq(groups.organizationId, org.id));
    const byName = new Map(orgGroups.map((group) => [group.name, group]));
    expect([...byName.keys()].sort()).toEqual(['本社', '第一課', '総務部', '営業部'].sort());
    expect(byName.get('営業部')?.parentId).toBe(byName.get('本社')?.id);
    expect(byName.get('第一課')?.parentId).toBe(byName.get('営業部')?.id);
    const jiro = rows.find((row) => row.email === `jiro-${tag}@example.com`)!;
    const jiroGroups = await server.db.db.select().from(groupMemberships).where(eq(groupMemberships.organizationMemberId, jiro.id));
    expect(jiroGroups.map((link) => link.groupId).sort()).toEqual([byName.get('営業部')!.id, byName.get('総務部')!.id].sort());

    const mails = await server.db.db.select().from(outbox).where(eq(outbox.organizationId, org.id));
    expect(mails.map((mail) => (mail.payload as { to: string }).to).sort()).toEqual([
      `hanako-${tag}@example.com`,
      `jiro-${tag}@example.com`,
    ]);
  });

  it('an imported member gets a Firebase user when accepting the invitation, and can sign in', async () => {
    const { org, manager } = await world();
    const email = `imported-${Date.now()}@example.com`;
    expect((await upload(org, manager.token, Buffer.from(`email,name\n${email},Imported\n`))).status).toBe(200);
    const [mail] = await server.db.db.select().from(outbox).where(eq(outbox.organizationId, org.id));
    const link = new URL((mail!.payload as { params: { link: string } }).params.link);
    const accepted = await server.request('/api/user/accept_invitation', {
      method: 'POST',
      json: { user: { token: link.searchParams.get('token'), name: 'Imported Person', password: 'imported-password' } },
    });
    expect(accepted.status).toBe(200);
    const identity = await server.identity.auth.getUserByEmail(email);
    const [user] = await server.db.db.select().from(users).where(eq(users.email, email));
    expect(user?.firebaseUid).toBe(identity.uid);
    const token = await signInWithPassword(server.identity.emulatorHost!, email, 'imported-password');
    expect((await server.request('/api/user', { token })).body.data.attributes.name).toBe('Imported Person');
  });

  it('updates a member whose email exists, leaving blank cells alone', async () => {
    const { org, manager } = await world();
    const existing = await buildUser(server, { organization: org, name: 'Old Name' });
    await server.db.db
      .update(organizationMembers)
      .set({ occupations: ['keep'] })
      .where(eq(organizationMembers.id, existing.membership!.id));
    const csv = `email,name,role,occupation\n${existing.email.toUpperCase()},New Name,manager,\n`;
    const response = await upload(org, manager.token, Buffer.from(csv));
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({ created: 0, updated: 1 });
    const [row] = (await members(org)).filter((member) => member.email === existing.email);
    expect(row).toMatchObject({ name: 'New Name', role: 'manager', occupations: ['keep'] });
  });

  it("takes effect at once: a manager the file turns into a member loses the manager's rights on the next call", async () => {
    const { org, manager } = await world();
    const other = await buildUser(server, { organization: org, memberRole: 'manager' });
    const groupsPath = `/api/organizations/${org.id}/groups`;
    // The session is cached now.
    expect((await server.request(groupsPath, { token: other.token })).status).toBe(200);
    expect((await upload(org, manager.token, Buffer.from(`email,role\n${other.email},member\n`))).status).toBe(200);
    expect((await server.request(groupsPath, { token: other.token })).status).toBe(403);
  });

  it('refuses a file that demotes or expires the last active manager, and changes nothing', async () => {
    const { org, manager } = await world();
    for (const content of [`email,role,name\n${manager.email},member,Renamed\n`, `email,active_to\n${manager.email},2020-03-31\n`]) {
      const response = await upload(org, manager.token, Buffer.from(content));
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([expect.objectContaining({ code: 'member.lastManager', source: { pointer: '/csv' } })]);
      const [row] = (await members(org)).filter((member) => member.email === manager.email);
      expect(row).toMatchObject({ role: 'manager' });
      expect(row!.name).not.toBe('Renamed');
    }
    // Appointing another manager in the same file makes the change possible.
    const ok = await upload(
      org,
      manager.token,
      Buffer.from(`email,role\n${manager.email},member\ndeputy-${Date.now()}@example.com,manager\n`),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  const errorsOf = (body: { errors: { code: string; source?: { pointer?: string } }[] }) =>
    body.errors.map((error) => [error.source?.pointer, error.code]);

  it.each<[string, string | Buffer, [string, string][]]>([
    [
      'wrong headers',
      'mail,full name\na@example.com,A\n',
      [
        ['/csv/1', 'csv.unknownColumn'],
        ['/csv/1', 'csv.unknownColumn'],
        ['/csv/1/email', 'csv.missingColumn'],
      ],
    ],
    ['an unknown role', 'email,role\na@example.com,owner\nb@example.com,member\n', [['/csv/2/role', 'validation.invalidRole']]],
    [
      'duplicate emails inside the file',
      'email\nsame@example.com\nother@example.com\nSAME@example.com\n',
      [['/csv/4/email', 'csv.duplicateEmail']],
    ],
    [
      'invalid emails',
      'email,name\nnot-an-email,A\n,B\nok@example.com,C\n',
      [
        ['/csv/2/email', 'validation.invalidEmail'],
        ['/csv/3/email', 'validation.required'],
      ],
    ],
    [
      'bad dates',
      'email,active_from,active_to\na@example.com,2025-02-30,\nb@example.com,2025-04-01,2025-03-01\n',
      [
        ['/csv/2/active_from', 'validation.invalidFormat'],
        ['/csv/3/active_to', 'validation.endAfterStart'],
      ],
    ],
    ['an empty file', '', [['/csv', 'csv.empty']]],
    ['a header without rows', 'email,name\n', [['/csv', 'csv.empty']]],
    ['binary garbage', Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37) % 256)), [['/csv', 'csv.unreadable']]],
    ['an unbalanced quote', 'email,name\n"a@example.com,A\n', [['/csv', 'csv.unreadable']]],
  ])('reports %s and changes nothing', async (_name, content, expected) => {
    const { org, manager } = await world();
    const before = (await members(org)).length;
    const response = await upload(org, manager.token, typeof content === 'string' ? Buffer.from(content) : content);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(errorsOf(response.body)).toEqual(expected);
    expect(response.body.errors[0].title).toEqual(expect.any(String));
    expect((await members(org)).length).toBe(before);
  });

  it('lets only one of two organisations importing the same new address at once have it (one user per address)', async () => {
    const [first, second] = await Promise.all([world(), world()]);
    for (let round = 0; round < 3; round += 1) {
      const email = `twice-${round}-${Date.now()}@example.com`;
      const answers = await Promise.all(
        [first, second].map(({ org, manager }) =>
          upload(org, manager.token, Buffer.from(`email,name\n${email},Twice\nsolo-${round}-${org.id}-${Date.now()}@example.com,Solo\n`)),
        ),
      );
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 422]);
      expect(answers.find((answer) => answer.status === 422)!.body.errors).toEqual([
        expect.objectContaining({ code: 'member.emailNotAvailable', source: { pointer: '/csv/2/email' } }),
      ]);
      expect(await server.db.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    }
  });

  it('lists the first 200 problems of a file, with the total count in meta', async () => {
    const { org, manager } = await world();
    const bad = Array.from({ length: 250 }, (_, index) => `not-an-email-${index},Name\n`).join('');
    const response = await upload(org, manager.token, Buffer.from(`email,name\n${bad}`));
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveLength(200);
    expect(response.body.errors[0]).toMatchObject({ code: 'validation.invalidEmail', source: { pointer: '/csv/2/email' } });
    expect(response.body.meta).toEqual({ 'total-errors': 250 });
    const few = await upload(org, manager.token, Buffer.from('email\nnope\n'));
    expect(few.body.meta).toEqual({ 'total-errors': 1 });
  });

  it('refuses 10 MB of garbage with csv.tooLarge', async () => {
    const { org, manager } = await world();
    const response = await upload(org, manager.token, Buffer.alloc(10 * 1024 * 1024, 0x41));
    expect(response.status).toBe(413);
    expect(errorsOf(response.body)).toEqual([['/csv', 'csv.tooLarge']]);
    expect((await members(org)).length).toBe(1);
  });

  it('refuses a request without a file, and a row whose address belongs to another organisation', async () => {
    const { org, manager } = await world();
    const none = await upload(org, manager.token, Buffer.from('x'), { field: 'other' });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);

    const response = await upload(org, manager.token, Buffer.from(`email\nfine@example.com\n${globexMember.email}\n`));
    expect(response.status).toBe(422);
    expect(errorsOf(response.body)).toEqual([['/csv/3/email', 'member.emailNotAvailable']]);
    expect((await members(org)).length).toBe(1);
  });

  it('reads quoted cells with commas and line breaks, numbering rows as a spreadsheet does', async () => {
    const { org, manager } = await world();
    const csv = 'email,name,affiliation\n"quoted-cells@example.com","Two\nLines","営業部,企画部"\nnot-an-email,B,\n';
    const response = await upload(org, manager.token, Buffer.from(csv));
    expect(response.status).toBe(422);
    // The line break makes the name invalid; the next record is row 3 although it starts on line 4.
    expect(errorsOf(response.body)).toEqual([
      ['/csv/2/name', 'validation.invalidName'],
      ['/csv/3/email', 'validation.invalidEmail'],
    ]);
    expect((await members(org)).length).toBe(1);

    const fine = await upload(
      org,
      manager.token,
      Buffer.from('email,name,affiliation\n"quoted-cells@example.com","Yamada, Taro","営業部,""企画""部"\n'),
    );
    expect(fine.status).toBe(200);
    expect((await members(org)).find((row) => row.email === 'quoted-cells@example.com')).toMatchObject({
      name: 'Yamada, Taro',
      belongings: ['営業部', '"企画"部'],
    });
  });

  it('counts an expired member brought back by the file against the seat limit', async () => {
    const { org, manager } = await world(2);
    const expired = await buildUser(server, { organization: org, activeTo: new Date('2020-01-01T00:00:00Z') });
    await buildUser(server, { organization: org });
    const response = await upload(org, manager.token, Buffer.from(`email,active_to\n${expired.email},2099-12-31\n`));
    expect(response.status).toBe(422);
    expect(errorsOf(response.body)).toEqual([['/csv', 'organization.memberLimitReached']]);
    const [row] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, expired.membership!.id));
    expect(row?.activeTo).toEqual(new Date('2020-01-01T00:00:00Z'));
  });

  it("refuses a date that, with the member's other date kept, ends the period before it starts", async () => {
    const { org, manager } = await world();
    const person = await buildUser(server, { organization: org, activeFrom: new Date('2025-04-01T00:00:00+09:00') });
    const response = await upload(org, manager.token, Buffer.from(`email,active_to\n${person.email},2025-03-01\n`));
    expect(response.status).toBe(422);
    expect(errorsOf(response.body)).toEqual([['/csv/2/active_to', 'validation.endAfterStart']]);
    const [row] = await server.db.db.select().from(organizationMembers).where(eq(organizationMembers.id, person.membership!.id));
    expect(row?.activeTo).toBeNull();
  });

  it("leaves a platform admin's membership alone: refused for a manager, changed for an admin", async () => {
    const { org, manager } = await world();
    const adminMember = await buildUser(server, { role: 'admin', organization: org });
    const admin = await buildUser(server, { role: 'admin' });
    const csv = Buffer.from(`email,role\n${adminMember.email},manager\n`);
    const refused = await upload(org, manager.token, csv);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused.body)).toEqual([['/csv/2/email', 'member.emailNotAvailable']]);
    expect((await members(org)).find((row) => row.email === adminMember.email)?.role).toBe('member');
    expect((await upload(org, admin.token, csv)).status).toBe(200);
    expect((await members(org)).find((row) => row.email === adminMember.email)?.role).toBe('manager');
  });

  it('refuses the file when the new rows exceed the seat limit', async () => {
    const { org, manager } = await world(2);
    const response = await upload(org, manager.token, Buffer.from('email\na@example.com\nb@example.com\n'));
    expect(response.status).toBe(422);
    expect(errorsOf(response.body)).toEqual([['/csv', 'organization.memberLimitReached']]);
    expect((await members(org)).length).toBe(1);
  });
});
