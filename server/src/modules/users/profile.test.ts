// Issue 15, profile: the fields the profile page adds (height, weight, a birthday not in the future, an uploaded icon),
// the nickname rule and how pickers read it, and the stored email following a verified change at the identity provider.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nicknameKey } from '@kiwi/shared/domain/nickname';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../../db/schema/organizations';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { users } from '../../db/schema/users';
import { type BuiltUser, buildOrganization, buildUser, signInWithPassword, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

const ICON = `/api/images/${'b'.repeat(32)}`;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('profile (PUT /api/users/:id, issue 15)', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    globex = await buildOrganization(server);
  });
  afterAll(() => server.close());

  const put = (member: BuiltUser, user: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.request(`/api/users/${member.user.id}`, { method: 'PUT', token: member.token, json: { user }, headers });
  const errorsOf = (response: { body: { errors: { source?: { pointer?: string }; code: string }[] } }) =>
    response.body.errors.map((error) => [error.source?.pointer, error.code]);

  describe('height and weight', () => {
    it('stores centimetres and kilograms to one decimal, answers them, and clears them with null', async () => {
      const member = await buildUser(server, { organization: acme });
      const response = await put(member, { height_cm: 170.25, weight_kg: 62.5 });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({ 'height-cm': 170.3, 'weight-kg': 62.5 });
      const [row] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row).toMatchObject({ heightCm: 170.3, weightKg: 62.5 });
      expect((await server.request('/api/user', { token: member.token })).body.data.attributes).toMatchObject({
        'height-cm': 170.3,
        'weight-kg': 62.5,
      });

      const cleared = await put(member, { height_cm: null });
      expect(cleared.body.data.attributes).toMatchObject({ 'height-cm': null, 'weight-kg': 62.5 });
    });

    it.each([
      ['height at its floor', { height_cm: 50 }],
      ['height at its ceiling', { height_cm: 250 }],
      ['weight at its floor', { weight_kg: 20 }],
      ['weight at its ceiling', { weight_kg: 300 }],
    ])('accepts %s', async (_name, user) => {
      const member = await buildUser(server, { organization: acme });
      expect((await put(member, user)).status).toBe(200);
    });

    it.each([
      ['height below 50 cm', { height_cm: 49.9 }, '/user/height_cm', 'validation.tooSmall', '50'],
      ['height above 250 cm', { height_cm: 250.1 }, '/user/height_cm', 'validation.tooBig', '250'],
      ['weight below 20 kg', { weight_kg: 19.9 }, '/user/weight_kg', 'validation.tooSmall', '20'],
      ['weight above 300 kg', { weight_kg: 301 }, '/user/weight_kg', 'validation.tooBig', '300'],
      ['height as text', { height_cm: '170' }, '/user/height_cm', 'validation.invalidType', ''],
      ['weight as a boolean', { weight_kg: true }, '/user/weight_kg', 'validation.invalidType', ''],
    ])('answers 422 for %s, translated, and stores nothing', async (_name, user, pointer, code, bound) => {
      const member = await buildUser(server, { organization: acme });
      const response = await put(member, user, { 'Accept-Language': 'en' });
      expect(response.status).toBe(422);
      expect(errorsOf(response)).toEqual([[pointer, code]]);
      expect(response.body.errors[0].detail).toContain(bound);
      const [row] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row).toMatchObject({ heightCm: null, weightKg: null });
    });
  });

  describe('birthday', () => {
    it('accepts 1900-01-01 and today, refuses the day after tomorrow with a translated validation.futureDate', async () => {
      const member = await buildUser(server, { organization: acme });
      expect((await put(member, { birthday: '1900-01-01' })).status).toBe(200);
      expect((await put(member, { birthday: isoDay(new Date()) })).status).toBe(200);

      const future = await put(member, { birthday: isoDay(new Date(Date.now() + 2 * 24 * 3600_000)) }, { 'Accept-Language': 'ja' });
      expect(future.status).toBe(422);
      expect(errorsOf(future)).toEqual([['/user/birthday', 'validation.futureDate']]);
      expect(future.body.errors[0].detail).toBe('今日以前の日付を入力してください');
      const [row] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row?.birthday).toBe(isoDay(new Date()));
    });

    it('refuses 1899-12-31', async () => {
      const member = await buildUser(server, { organization: acme });
      expect(errorsOf(await put(member, { birthday: '1899-12-31' }))).toEqual([['/user/birthday', 'validation.dateOutOfRange']]);
    });
  });

  describe('icon', () => {
    it('takes an image POST /api/images handed out, and refuses any other address', async () => {
      const member = await buildUser(server, { organization: acme });
      const image = await fetch(`${server.url}/api/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}` },
        body: (() => {
          const form = new FormData();
          // The smallest valid PNG: 1x1, transparent.
          const png = Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
            'base64',
          );
          form.append('image', new Blob([png], { type: 'image/png' }), 'icon.png');
          return form;
        })(),
      });
      expect(image.status).toBe(201);
      const url = ((await image.json()) as { data: { attributes: { url: string } } }).data.attributes.url;
      const saved = await put(member, { icon: url });
      expect(saved.status).toBe(200);
      expect(saved.body.data.attributes.icon).toBe(url);

      for (const icon of ['https://tracker.example/pixel.png', 'javascript:alert(1)', '/api/images/../../etc/passwd']) {
        expect(errorsOf(await put(member, { icon }))).toEqual([['/user/icon', 'validation.invalidFormat']]);
      }
      expect((await put(member, { icon: null })).body.data.attributes.icon).toBeNull();
    });
  });

  describe('the nickname rule: unique within each organisation, ignoring case, width and spaces', () => {
    it('refuses a nickname a member of the same organisation holds, in any case or width, with a translated 409', async () => {
      const hanako = await buildUser(server, { organization: acme });
      const other = await buildUser(server, { organization: acme });
      expect((await put(hanako, { nickname: 'Hanako' })).status).toBe(200);

      for (const nickname of ['hanako', 'ＨＡＮＡＫＯ', 'Hana ko', ' HANAKO ']) {
        const response = await put(other, { nickname }, { 'Accept-Language': 'en' });
        expect(response.status, nickname).toBe(409);
        expect(errorsOf(response)).toEqual([['/user/nickname', 'user.nicknameTaken']]);
        expect(response.body.errors[0].detail).toContain('Another member of your organisation already uses this nickname');
      }
      const [row] = await server.db.db.select().from(users).where(eq(users.id, other.user.id));
      expect(row?.nickname).toBeNull();

      // The holder may save it again (or change its case); once released, another member may take it.
      expect((await put(hanako, { nickname: 'HANAKO' })).status).toBe(200);
      expect((await put(hanako, { nickname: null })).status).toBe(200);
      expect((await put(other, { nickname: 'hanako' })).status).toBe(200);
    });

    it('lets a member of another organisation hold the same nickname', async () => {
      const inAcme = await buildUser(server, { organization: acme });
      const inGlobex = await buildUser(server, { organization: globex });
      expect((await put(inAcme, { nickname: 'Kiwi Fan' })).status).toBe(200);
      expect((await put(inGlobex, { nickname: 'kiwifan' })).status).toBe(200);
    });

    it('compares across every organisation the member belongs to, and lets empty nicknames repeat', async () => {
      const inAcme = await buildUser(server, { organization: acme });
      const inGlobex = await buildUser(server, { organization: globex });
      const inBoth = await buildUser(server, { organization: acme });
      const { organizationMembers } = await import('../../db/schema/organizations');
      await server.db.db.insert(organizationMembers).values({ userId: inBoth.user.id, organizationId: globex.id });
      expect((await put(inGlobex, { nickname: 'Globetrotter' })).status).toBe(200);
      expect(errorsOf(await put(inBoth, { nickname: 'globetrotter' }))).toEqual([['/user/nickname', 'user.nicknameTaken']]);
      expect((await put(inAcme, { nickname: '' })).status).toBe(200);
      expect((await put(inBoth, { nickname: '  ' })).status).toBe(200);
    });

    it('lets only one of two members choosing the same nickname at once have it', async () => {
      const a = await buildUser(server, { organization: acme });
      const b = await buildUser(server, { organization: acme });
      const answers = await Promise.all([put(a, { nickname: 'Racer' }), put(b, { nickname: 'racer' })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    });
  });

  describe('pickers read the profile', () => {
    it("shows a member's new nickname and icon in the colleague picker at once, and finds them by it", async () => {
      const sender = await buildUser(server, { organization: acme });
      const receiver = await buildUser(server, { organization: acme, name: 'Receiver Person' });
      // Warm whatever could cache the old values.
      await server.request(`/api/organizations/${acme.id}/members?q[name]=Receiver`, { token: sender.token });
      expect((await put(receiver, { nickname: 'Sunflower', icon: ICON })).status).toBe(200);

      const found = await server.request(`/api/organizations/${acme.id}/members?q[name]=sunflow`, { token: sender.token });
      expect(found.status).toBe(200);
      expect(found.body.data).toHaveLength(1);
      expect(found.body.data[0]).toMatchObject({
        id: String(receiver.membership?.id),
        attributes: { name: 'Receiver Person', nickname: 'Sunflower', icon: ICON },
      });
    });
  });

  describe('rights', () => {
    it("refuses another member's profile, even for their manager, and changes nothing", async () => {
      const member = await buildUser(server, { organization: acme });
      const manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
      const response = await server.request(`/api/users/${member.user.id}`, {
        method: 'PUT',
        token: manager.token,
        json: { user: { height_cm: 180, nickname: 'by manager' } },
      });
      expect(response.status).toBe(403);
      expect(response.body.errors[0].code).toBe('auth.forbidden');
      const [row] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row).toMatchObject({ heightCm: null, nickname: null });
    });
  });

  describe('email follows the identity provider', () => {
    const host = () => server.identity.emulatorHost!;
    const identityCall = async (method: string, body: object) => {
      const response = await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Record<string, unknown>;
    };

    it('stores the new address once the verify-and-change link was followed (Auth Emulator)', async () => {
      const member = await buildUser(server, { organization: acme });
      const newEmail = `moved-${member.uid}@test.example`;
      // What the portal's verifyBeforeUpdateEmail sends, then the link the mail carries (mode verifyAndChangeEmail).
      const sent = await identityCall('sendOobCode', { requestType: 'VERIFY_AND_CHANGE_EMAIL', idToken: member.token, newEmail });
      expect(sent.error).toBeUndefined();
      const codes = (await (await fetch(`http://${host()}/emulator/v1/projects/demo-kiwi/oobCodes`)).json()) as {
        oobCodes: { email: string; newEmail?: string; oobCode: string; oobLink: string; requestType: string }[];
      };
      const mail = codes.oobCodes.find((code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL' && code.newEmail === newEmail);
      expect(mail?.oobLink).toContain('mode=verifyAndChangeEmail');

      // Until the link is followed nothing changes.
      expect((await server.request('/api/user', { token: member.token })).body.data.attributes.email).toBe(member.email);
      const applied = await identityCall('update', { oobCode: mail!.oobCode });
      expect(applied.error).toBeUndefined();

      const token = await signInWithPassword(host(), newEmail, TEST_PASSWORD);
      const fetched = await server.request('/api/user', { token });
      expect(fetched.status).toBe(200);
      expect(fetched.body.data.attributes.email).toBe(newEmail);
      const [row] = await server.db.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row?.email).toBe(newEmail);
    });

    it('keeps the stored address when another product user holds the new one, and still answers', async () => {
      const member = await buildUser(server, { organization: acme });
      const holder = await buildUser(server, { organization: acme });
      // The holder's product address differs from its identity's, as after an import; the member's identity takes it.
      const taken = `taken-${member.uid}@test.example`;
      await server.db.db.update(users).set({ email: taken }).where(eq(users.id, holder.user.id));
      await server.identity.auth.updateUser(member.uid, { email: taken, emailVerified: true });
      const token = await signInWithPassword(host(), taken, TEST_PASSWORD);
      const fetched = await server.request('/api/user', { token });
      expect(fetched.status).toBe(200);
      expect(fetched.body.data.attributes.email).toBe(member.email);
    });

    it('does not take an address the identity provider has not verified', async () => {
      const member = await buildUser(server, { organization: acme });
      const unverified = `unverified-${member.uid}@test.example`;
      await server.identity.auth.updateUser(member.uid, { email: unverified, emailVerified: false });
      const token = await signInWithPassword(host(), unverified, TEST_PASSWORD);
      expect((await server.request('/api/user', { token })).body.data.attributes.email).toBe(member.email);
    });
  });
});

describe('the migration that added the nickname rule', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('backfills the keys of nicknames set before it as nicknameKey() makes them', async () => {
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0016_home_profile_push.sql'), 'utf8');
    const backfill = /UPDATE "users" SET "nickname_key"[\s\S]*?;/.exec(migration)?.[0];
    expect(backfill).toBeDefined();
    const nicknames = ['Ｈａｎａ　Ko', 'ﾊﾅｺ', ' \u3000 ', 'はなこ🌸', 'TARO'];
    const ids: number[] = [];
    for (const nickname of nicknames) {
      const member = await buildUser(server);
      await server.db.db.update(users).set({ nickname, nicknameKey: null }).where(eq(users.id, member.user.id));
      ids.push(member.user.id);
    }
    // Only this test's rows: the statement as written, narrowed to them.
    await server.db.db.execute(sql.raw(`${backfill!.slice(0, -1)} AND "id" IN (${ids.join(', ')})`));
    const rows = await server.db.db.select().from(users).where(inArray(users.id, ids));
    const keyOf = new Map(rows.map((row) => [row.id, row.nicknameKey]));
    expect(ids.map((id) => keyOf.get(id))).toEqual(nicknames.map((nickname) => nicknameKey(nickname)));
  });
});
