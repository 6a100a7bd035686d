import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

/** The demo account whose app syncs, so /app_install shows both states (acme's member has not installed it yet). */
export const DEMO_APP_USER_UID = 'demo-globex-member';
const TWO_HOURS = 2 * 3600 * 1000;

/** Demo data: globex's member installed the app and last synced two hours before the seed. Idempotent. */
export async function seedAppInstallDemo(tx: Executor, now: Date): Promise<void> {
  const owner = tx.select({ id: users.id }).from(users).where(eq(users.firebaseUid, DEMO_APP_USER_UID));
  await tx
    .update(organizationMembers)
    .set({ appInstalled: true, lastSyncAt: new Date(now.getTime() - TWO_HOURS) })
    .where(and(inArray(organizationMembers.userId, owner), eq(organizationMembers.appInstalled, false)));
}
