import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitationTokens } from '../../db/schema/invitations';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError, notFound } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';

/** How long an invitation link works (decisions.md): a week covers a holiday; a resend issues a fresh one. */
export const INVITATION_LIFETIME_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type InvitationTarget = { id: number; email: string; name: string; language: 'ja' | 'en' };

/**
 * A fresh single-use token for the user (older unused ones stop working) and the invitation mail in the outbox,
 * both in the caller's transaction.
 */
export async function issueInvitation(
  tx: Executor,
  user: InvitationTarget,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(invitationTokens)
    .set({ expiresAt: now })
    .where(and(eq(invitationTokens.userId, user.id), isNull(invitationTokens.usedAt), gt(invitationTokens.expiresAt, now)));
  await tx.insert(invitationTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
    createdAt: now,
  });
  const [organization] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, user.id))
    .orderBy(asc(organizationMembers.id))
    .limit(1);
  const link = `${publicUrl}/user/invitation?token=${token}`;
  await enqueue(
    tx,
    'mail.send',
    {
      to: user.email,
      language: user.language,
      template: 'invitation',
      params: { name: user.name || user.email, organizationName: organization?.name ?? 'Kiwi', link, days: INVITATION_LIFETIME_DAYS },
    },
    { organizationId: organization?.id ?? null },
  );
  return token;
}

/** Invited and not accepted yet: at least one token, none used. */
export async function isInvitationPending(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({
      issued: sql<number>`count(*)::int`,
      used: sql<number>`count(${invitationTokens.usedAt})::int`,
    })
    .from(invitationTokens)
    .where(eq(invitationTokens.userId, userId));
  return (row?.issued ?? 0) > 0 && (row?.used ?? 0) === 0;
}

/** Resend for a user whose invitation is still pending; 409 member.alreadyAccepted otherwise. */
export async function resendInvitation(tx: Executor, userId: number, options: { publicUrl: string; now: Date }): Promise<void> {
  const [user] = await tx
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound();
  if (!(await isInvitationPending(tx, userId))) throw new ApiError(ErrorCode.memberAlreadyAccepted);
  await issueInvitation(tx, { ...user, language: user.language as 'ja' | 'en' }, options);
}

export type TokenHolder = {
  tokenId: number;
  userId: number;
  firebaseUid: string;
  email: string;
  name: string;
  organizationName: string | null;
  expiresAt: Date;
};

/** The invitation behind a token: 404 invitation.tokenInvalid when unknown or used, 410 invitation.tokenExpired when expired. */
export async function findEffectiveToken(tx: Executor, token: string, now: Date, { forUpdate = false } = {}): Promise<TokenHolder> {
  const query = tx
    .select({
      tokenId: invitationTokens.id,
      usedAt: invitationTokens.usedAt,
      expiresAt: invitationTokens.expiresAt,
      userId: users.id,
      firebaseUid: users.firebaseUid,
      email: users.email,
      name: users.name,
    })
    .from(invitationTokens)
    .innerJoin(users, eq(users.id, invitationTokens.userId))
    .where(eq(invitationTokens.tokenHash, hashToken(token)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: invitationTokens }) : await query;
  if (!row || row.usedAt) throw new ApiError(ErrorCode.invitationTokenInvalid);
  if (row.expiresAt <= now) throw new ApiError(ErrorCode.invitationTokenExpired);
  // A token of an already accepted invitation (an older, still unexpired one) is no use either.
  const [used] = await tx
    .select({ id: invitationTokens.id })
    .from(invitationTokens)
    .where(and(eq(invitationTokens.userId, row.userId), isNotNull(invitationTokens.usedAt)))
    .limit(1);
  if (used) throw new ApiError(ErrorCode.invitationTokenInvalid);
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, row.userId))
    .orderBy(asc(organizationMembers.id))
    .limit(1);
  return {
    tokenId: row.tokenId,
    userId: row.userId,
    firebaseUid: row.firebaseUid,
    email: row.email,
    name: row.name,
    organizationName: organization?.name ?? null,
    expiresAt: row.expiresAt,
  };
}

/** Marks the token used (single use): the claim that wins a race; the identity update follows after commit. */
export async function claimToken(tx: Executor, token: string, name: string, now: Date): Promise<TokenHolder> {
  const holder = await findEffectiveToken(tx, token, now, { forUpdate: true });
  await tx.update(invitationTokens).set({ usedAt: now }).where(eq(invitationTokens.id, holder.tokenId));
  await tx.update(users).set({ name }).where(eq(users.id, holder.userId));
  return holder;
}

/** Undoes a claim when the identity provider refused the password, so the link still works. */
export async function releaseToken(tx: Executor, tokenId: number, previousName: string, userId: number): Promise<void> {
  await tx.update(invitationTokens).set({ usedAt: null }).where(eq(invitationTokens.id, tokenId));
  await tx.update(users).set({ name: previousName }).where(eq(users.id, userId));
}

export async function findUserByEmail(tx: Executor, email: string) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .orderBy(asc(users.id))
    .limit(1);
  return user ?? null;
}
