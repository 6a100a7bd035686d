import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { seedDemoData } from '../../demo-seed';
import { startTestServer, type TestServer } from '../../test/server';

describe('app install demo seed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const stateOf = async (uid: string) => {
    const [row] = await server.db.db
      .select({ appInstalled: organizationMembers.appInstalled, lastSyncAt: organizationMembers.lastSyncAt })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(users.firebaseUid, uid));
    return row;
  };

  it("shows both states: globex's member synced two hours before the seed, acme's member has not installed the app", async () => {
    const now = new Date('2030-04-01T03:00:00.000Z');
    await server.db.db.transaction((tx) => seedDemoData(tx, now));
    expect(await stateOf('demo-globex-member')).toEqual({ appInstalled: true, lastSyncAt: new Date('2030-04-01T01:00:00.000Z') });
    expect(await stateOf('demo-acme-member')).toEqual({ appInstalled: false, lastSyncAt: null });
    // A second run, later, leaves the sync time as it was.
    await server.db.db.transaction((tx) => seedDemoData(tx, new Date('2030-05-01T03:00:00.000Z')));
    expect((await stateOf('demo-globex-member'))?.lastSyncAt).toEqual(new Date('2030-04-01T01:00:00.000Z'));
  });
});
