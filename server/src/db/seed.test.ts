import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { signInWithPassword } from '../test/factories';
import { startTestServer, type TestServer } from '../test/server';
import { organizationMembers, organizations } from './schema/organizations';
import { users } from './schema/users';
import { seedDemo, seedDemoData } from '../demo-seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoPeriod } from './seed';

describe('demo seed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const snapshot = async () => ({
    organizations: await server.db.db
      .select({
        id: organizations.id,
        identifier: organizations.identifier,
        name: organizations.name,
        seats: organizations.numberOfMembers,
        plan: organizations.plan,
      })
      .from(organizations)
      .orderBy(asc(organizations.id)),
    users: await server.db.db
      .select({ id: users.id, uid: users.firebaseUid, email: users.email, role: users.role, name: users.name })
      .from(users)
      .orderBy(asc(users.id)),
    members: await server.db.db
      .select({
        id: organizationMembers.id,
        userId: organizationMembers.userId,
        organizationId: organizationMembers.organizationId,
        role: organizationMembers.role,
        activeFrom: organizationMembers.activeFrom,
        activeTo: organizationMembers.activeTo,
      })
      .from(organizationMembers)
      .orderBy(asc(organizationMembers.id)),
  });

  it('creates exactly the demo sign-in accounts, and running it twice yields the same rows', async () => {
    const now = new Date(2025, 5, 15, 12);
    const first = await seedDemo({ db: server.db, identity: server.identity, now });
    const afterFirst = await snapshot();
    const second = await seedDemo({ db: server.db, identity: server.identity, now: new Date(2025, 8, 1) });
    await server.db.db.transaction((tx) => seedDemoData(tx, new Date(2025, 9, 1)));
    expect(first.seededDatabase).toBe(true);
    expect(second.seededDatabase).toBe(false);
    expect(await snapshot()).toEqual(afterFirst);

    expect(afterFirst.organizations).toEqual([
      expect.objectContaining({ identifier: 'acme', name: 'ACME株式会社', seats: 200, plan: 'business' }),
      expect.objectContaining({ identifier: 'globex', name: 'Globex', seats: 20 }),
    ]);
    // The accounts people sign in with; feature seeds add members without a Firebase account (activity walkers).
    const signInAccounts = afterFirst.users.filter((user) => !user.uid?.startsWith('demo-acme-walker-'));
    expect(signInAccounts.map((user) => [user.email, user.role])).toEqual([
      ['admin@kiwi.example', 'admin'],
      ['manager@acme.example', 'member'],
      ['member@acme.example', 'member'],
      ['pending@acme.example', 'member'],
      ['expired@acme.example', 'member'],
      ['manager@globex.example', 'member'],
      ['member@globex.example', 'member'],
    ]);
    const byEmail = new Map(afterFirst.users.map((user) => [user.email, user.id]));
    const memberOf = (email: string) => afterFirst.members.find((member) => member.userId === byEmail.get(email));
    expect(memberOf('admin@kiwi.example')).toBeUndefined();
    expect(memberOf('manager@acme.example')).toMatchObject({ role: 'manager', activeFrom: null, activeTo: null });
    expect(memberOf('pending@acme.example')?.activeFrom).toEqual(new Date(2025, 6, 1));
    expect(memberOf('expired@acme.example')?.activeTo).toEqual(new Date(2025, 4, 31));
    expect(memberOf('manager@globex.example')).toMatchObject({ role: 'manager' });
  });

  it('lets every demo account sign in with the demo password and lands each one as the issue says', async () => {
    // Seeded today (the first test pinned another date).
    const fresh = await startTestServer();
    try {
      await seedDemo({ db: fresh.db, identity: fresh.identity });
      const host = fresh.config.firebase.emulatorHost ?? '';
      const statusOf = async (email: string) => {
        const token = await signInWithPassword(host, email, DEMO_PASSWORD);
        const response = await fresh.request('/api/user', { token });
        return [response.status, response.body.errors?.[0]?.code ?? response.body.data.attributes.role];
      };
      expect(await statusOf('admin@kiwi.example')).toEqual([200, 'admin']);
      expect(await statusOf('manager@acme.example')).toEqual([200, 'member']);
      expect(await statusOf('member@acme.example')).toEqual([200, 'member']);
      expect(await statusOf('manager@globex.example')).toEqual([200, 'member']);
      expect(await statusOf('member@globex.example')).toEqual([200, 'member']);
      expect(await statusOf('pending@acme.example')).toEqual([403, 'auth.userInactive']);
      expect(await statusOf('expired@acme.example')).toEqual([403, 'auth.userInactive']);
      expect(DEMO_ACCOUNTS).toHaveLength(7);
    } finally {
      await fresh.close();
    }
  });

  it('does not touch a database that already has users', async () => {
    const db = await createTestDatabase();
    try {
      await db.db.insert(users).values({ firebaseUid: 'someone', email: 'someone@example.com' });
      const result = await seedDemo({ db, identity: server.identity });
      expect(result.seededDatabase).toBe(false);
      expect(await db.db.select().from(organizations)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('repairs a Firebase user that disappeared (ensureUser by fixed uid)', async () => {
    const uid = `repair-${randomBytes(4).toString('hex')}`;
    const user = { uid, email: `${uid}@test.example`, password: 'pw-123456', displayName: 'Repair' };
    await server.identity.ensureUser(user);
    await server.identity.auth.deleteUser(uid);
    await server.identity.ensureUser(user);
    await server.identity.ensureUser(user);
    expect((await server.identity.auth.getUser(uid)).email).toBe(user.email);
    await expect(signInWithPassword(server.config.firebase.emulatorHost ?? '', user.email, user.password)).resolves.toEqual(
      expect.any(String),
    );
  });

  it('computes pending and expired periods around the month', () => {
    const now = new Date(2025, 0, 10);
    expect(demoPeriod('pending', now)).toEqual({ activeFrom: new Date(2025, 1, 1), activeTo: null });
    expect(demoPeriod('expired', now).activeTo).toEqual(new Date(2024, 11, 31));
    expect(demoPeriod(undefined, now)).toEqual({ activeFrom: null, activeTo: null });
  });
});
