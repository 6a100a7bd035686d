// Issue 20 point 2: the platform admin's actions on a user: role, sign-in, invitation resend, MFA reset. Each writes
// its staff action log row (before/after) in the change's own transaction.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { can, PLATFORM_USERS } from '../../auth/authorize';
import type { Identity } from '../../auth/identity';
import type { Session } from '../../auth/session-cache';
import { invalidateIn } from '../../realtime/invalidation';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { ApiError, forbidden, notFound } from '../../jsonapi/errors';
import { resendInvitation } from '../invitations/service';
import { PENDING_UID_PREFIX } from '../members/csv-import';
import { resetMfa } from '../members/identity';
import { changedFields, recordStaffAction } from '../staff-actions/record';

/** The advisory lock that makes admin role and sign-in changes take turns, so two of them cannot remove the last admin. */
const ADMINS_LOCK = 20_002;

type Target = { id: number; firebaseUid: string; role: 'admin' | 'member'; signInDisabledAt: Date | null };
type Logged = { actor: Session; method: string; route: string };

/**
 * Under the admins' lock: the target row (404), never the actor themselves (403 adminUsers.self), and `removesAdmin`
 * when the change takes an admin who can sign in away (409 adminUsers.lastAdmin when no other one would be left). Then the
 * actor's own row as it is now: an admin demoted or disabled a moment ago acts no more.
 */
async function lockedTarget(tx: Executor, actor: Session, userId: number, removesAdmin: (target: Target) => boolean): Promise<Target> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`);
  const [target] = await tx
    .select({ id: users.id, firebaseUid: users.firebaseUid, role: users.role, signInDisabledAt: users.signInDisabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!target) throw notFound();
  if (target.id === actor.user.id) throw new ApiError(ErrorCode.adminUsersSelf);
  if (removesAdmin(target)) {
    const [others] = await tx
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.signInDisabledAt), ne(users.id, target.id)));
    if ((others?.value ?? 0) === 0) throw new ApiError(ErrorCode.adminUsersLastAdmin);
  }
  const [me] = await tx
    .select({ role: users.role, signInDisabledAt: users.signInDisabledAt })
    .from(users)
    .where(eq(users.id, actor.user.id));
  // The actor as they are now, not as their cached session remembers them.
  const current: Session | null = me && !me.signInDisabledAt ? { ...actor, user: { ...actor.user, role: me.role } } : null;
  if (!current || !can(current, 'platformUsers.manage', PLATFORM_USERS)) throw forbidden();
  return target;
}

const isSignInAdmin = (target: Target) => target.role === 'admin' && target.signInDisabledAt === null;

/** Promotes to or demotes from platform admin; the same role again changes nothing and logs nothing. */
export async function changeUserRole(tx: Executor, log: Logged, userId: number, role: 'admin' | 'member'): Promise<void> {
  const target = await lockedTarget(tx, log.actor, userId, (row) => role === 'member' && isSignInAdmin(row));
  if (target.role === role) return;
  await tx.update(users).set({ role }).where(eq(users.id, userId));
  await recordStaffAction(tx, {
    ...log,
    organizationId: null,
    kind: role === 'admin' ? 'users.promote' : 'users.demote',
    targetType: 'users',
    targetId: userId,
    changes: changedFields({ role: target.role }, { role }),
    statusCode: 200,
  });
}

/**
 * Turns sign-in off (users.sign_in_disabled_at, the identity disabled, its refresh tokens revoked) or on again. The
 * identity call runs inside the transaction: when it fails nothing is stored. The caller drops the session after commit.
 */
export async function changeUserSignIn(tx: Executor, identity: Identity, log: Logged, userId: number, disabled: boolean, now: Date) {
  const target = await lockedTarget(tx, log.actor, userId, (row) => disabled && isSignInAdmin(row));
  if ((target.signInDisabledAt !== null) === disabled) return;
  const signInDisabledAt = disabled ? now : null;
  await tx.update(users).set({ signInDisabledAt }).where(eq(users.id, userId));
  await recordStaffAction(tx, {
    ...log,
    organizationId: null,
    kind: disabled ? 'users.sign_in.disable' : 'users.sign_in.enable',
    targetType: 'users',
    targetId: userId,
    changes: changedFields(
      { signInDisabledAt: target.signInDisabledAt?.toISOString() },
      { signInDisabledAt: signInDisabledAt?.toISOString() },
    ),
    statusCode: 200,
  });
  if (target.firebaseUid.startsWith(PENDING_UID_PREFIX)) return;
  // Issue 22: every replica forgets the tokens it verified for this identity once this commits.
  if (disabled) await invalidateIn(tx, { cache: 'tokens', uid: target.firebaseUid });
  try {
    await identity.auth.updateUser(target.firebaseUid, { disabled });
    if (disabled) await identity.auth.revokeRefreshTokens(target.firebaseUid);
  } catch (error) {
    // Invited and never signed in: no identity to mirror; the product refuses them anyway.
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
}

/** The invitations module's resend (a fresh link; 409 member.alreadyAccepted once accepted), logged. */
export async function resendUserInvitation(tx: Executor, log: Logged, userId: number, options: { publicUrl: string; now: Date }) {
  await resendInvitation(tx, userId, options);
  await recordStaffAction(tx, {
    ...log,
    organizationId: null,
    kind: 'users.resend_invitation.create',
    targetType: 'users',
    targetId: userId,
    changes: changedFields<{ invitationSentAt: string | null }>(
      { invitationSentAt: null },
      { invitationSentAt: options.now.toISOString() },
    ),
    statusCode: 204,
  });
}

/** The members module's MFA reset (every second factor withdrawn), logged with how many factors there were. */
export async function resetUserMfa(tx: Executor, identity: Identity, log: Logged, userId: number) {
  const [target] = await tx.select({ firebaseUid: users.firebaseUid }).from(users).where(eq(users.id, userId)).for('update');
  if (!target) throw notFound();
  let enrolled = 0;
  if (!target.firebaseUid.startsWith(PENDING_UID_PREFIX)) {
    const record = await identity.auth.getUser(target.firebaseUid).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'auth/user-not-found') throw notFound();
      throw error;
    });
    enrolled = record.multiFactor?.enrolledFactors.length ?? 0;
  }
  await recordStaffAction(tx, {
    ...log,
    organizationId: null,
    kind: 'users.mfa.delete',
    targetType: 'users',
    targetId: userId,
    changes: changedFields({ mfaEnrolledFactors: enrolled }, { mfaEnrolledFactors: 0 }),
    statusCode: 204,
  });
  if (enrolled > 0) await resetMfa(identity, target.firebaseUid);
}
