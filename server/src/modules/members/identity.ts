import { eq } from 'drizzle-orm';
import { authorize } from '../../auth/authorize';
import type { Identity } from '../../auth/identity';
import type { Session } from '../../auth/session-cache';
import type { DatabaseHandle, Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { notFound } from '../../jsonapi/errors';
import { userSubject } from '../users/subject';

/**
 * The Firebase user for an invited address: created without a password (the invitee sets it when accepting), or an
 * existing identity with no product user (someone removed earlier) reused. `created` says whether to remove it again
 * if the invitation fails.
 */
export async function ensureIdentityUser(
  identity: Identity,
  email: string,
  name: string | undefined,
): Promise<{ uid: string; created: boolean }> {
  try {
    const user = await identity.auth.createUser({ email, ...(name ? { displayName: name } : {}), emailVerified: false });
    return { uid: user.uid, created: true };
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/email-already-exists') throw error;
    const user = await identity.auth.getUserByEmail(email);
    return { uid: user.uid, created: false };
  }
}

/** A unique constraint refused the statement (PostgreSQL and PGlite answer SQLSTATE 23505, possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs `attempt` (one transaction) and, when a concurrent request committed a row with the same unique key first, once
 * more: the second run sees that row and answers as it would have a moment later.
 */
export async function retryOnceOnUniqueViolation<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}

/** Whether a product user is linked to this Firebase user. */
export async function identityHeld(db: DatabaseHandle, firebaseUid: string): Promise<boolean> {
  const rows = await db.db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, firebaseUid)).limit(1);
  return rows.length > 0;
}

/** Admins reset anyone; a manager only members of the organisation of their own first membership, never an admin. Returns the uid. */
export async function assertCanResetMfa(tx: Executor, session: Session, userId: number): Promise<string> {
  authorize(session, 'user.administer', await userSubject(tx, userId));
  const [target] = await tx.select({ firebaseUid: users.firebaseUid }).from(users).where(eq(users.id, userId));
  if (!target) throw notFound();
  return target.firebaseUid;
}

/** Withdraws every enrolled second factor (the member enrols again at /user/mfa_setting). */
export async function resetMfa(identity: Identity, firebaseUid: string): Promise<void> {
  try {
    await identity.auth.updateUser(firebaseUid, { multiFactor: { enrolledFactors: null } });
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw notFound();
    throw error;
  }
}
