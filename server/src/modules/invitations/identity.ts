import { eq } from 'drizzle-orm';
import type { Identity } from '../../auth/identity';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { PENDING_UID_PREFIX } from '../members/csv-import';

/**
 * Sets the invitee's name and password on the Firebase user and answers its uid. A member created by a CSV import has
 * no Firebase user yet (uid `pending:…`): it is created here, or an existing identity with that address is taken over.
 */
export async function setIdentityPassword(
  identity: Identity,
  holder: { firebaseUid: string; email: string },
  name: string,
  password: string,
): Promise<string> {
  const properties = { password, displayName: name, emailVerified: true, disabled: false };
  if (!holder.firebaseUid.startsWith(PENDING_UID_PREFIX)) {
    await identity.auth.updateUser(holder.firebaseUid, properties);
    return holder.firebaseUid;
  }
  try {
    return (await identity.auth.createUser({ email: holder.email, ...properties })).uid;
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/email-already-exists') throw error;
    const existing = await identity.auth.getUserByEmail(holder.email);
    await identity.auth.updateUser(existing.uid, properties);
    return existing.uid;
  }
}

export async function linkIdentity(tx: Executor, userId: number, firebaseUid: string): Promise<void> {
  await tx.update(users).set({ firebaseUid }).where(eq(users.id, userId));
}
