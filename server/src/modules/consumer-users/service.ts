import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { generateJoinCode, isConsumerPlan } from '@kiwi/shared/domain/join-code';
import { nicknameKey } from '@kiwi/shared/domain/nickname';
import type { Language } from '@kiwi/shared/i18n/languages';
import { CONFIRMATION_LIFETIME_HOURS } from '@kiwi/shared/schemas/consumer-user';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { consumerConfirmationTokens, organizationJoinCodes } from '../../db/schema/consumer-signups';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError, notFound } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';
import { assertSeatsAvailable } from '../members/service';
import { assertNicknameFreeIn } from '../users/service';

const HOUR_MS = 3600 * 1000;
const NICKNAME_POINTER = '/consumer_user/nickname';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type JoinableOrganization = { id: number; name: string };

/** The consumer-plan organisation a join code opens; 422 signup.joinCodeInvalid otherwise (unknown, rotated, plan changed, archived). */
export async function organizationForJoinCode(tx: Executor, code: string): Promise<JoinableOrganization> {
  const [row] = await tx
    .select({ id: organizations.id, name: organizations.name, plan: organizations.plan, archived: organizations.archived })
    .from(organizationJoinCodes)
    .innerJoin(organizations, eq(organizations.id, organizationJoinCodes.organizationId))
    .where(eq(organizationJoinCodes.code, code));
  if (!row || row.archived || !isConsumerPlan(row.plan)) {
    throw new ApiError(ErrorCode.signupJoinCodeInvalid, { pointer: '/consumer_user/join_code' });
  }
  return { id: row.id, name: row.name };
}

async function lockConsumerOrganization(tx: Executor, organizationId: number): Promise<void> {
  const [organization] = await tx
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!organization) throw notFound();
  if (!isConsumerPlan(organization.plan)) throw new ApiError(ErrorCode.signupNotConsumerPlan);
}

export type JoinCode = { organizationId: number; code: string; rotatedAt: Date };

/** The organisation's join code, made on first sight (a consumer-plan organisation always has one to show). */
export async function readJoinCode(tx: Executor, organizationId: number): Promise<JoinCode> {
  await lockConsumerOrganization(tx, organizationId);
  const [current] = await tx.select().from(organizationJoinCodes).where(eq(organizationJoinCodes.organizationId, organizationId));
  if (current) return current;
  const [created] = await tx.insert(organizationJoinCodes).values({ organizationId, code: generateJoinCode() }).returning();
  if (!created) throw new Error('join code not stored');
  return created;
}

/** A new code in place of the old one, which stops working in the same commit. */
export async function rotateJoinCode(tx: Executor, organizationId: number, now: Date): Promise<JoinCode> {
  await lockConsumerOrganization(tx, organizationId);
  const [rotated] = await tx
    .insert(organizationJoinCodes)
    .values({ organizationId, code: generateJoinCode(), rotatedAt: now })
    .onConflictDoUpdate({ target: organizationJoinCodes.organizationId, set: { code: sql`excluded.code`, rotatedAt: now } })
    .returning();
  if (!rotated) throw new Error('join code not stored');
  return rotated;
}

export type SignUpCheck = { organization: JoinableOrganization; existing: ExistingAccount | null };
type ExistingAccount = { id: number; email: string; name: string; language: string; confirmationPending: boolean };

/**
 * What a sign-up is checked against before anything is created: the code, a free seat and a free nickname. The same
 * checks run whether the address is known or not, so the answer never tells which.
 */
export async function checkSignUp(
  tx: Executor,
  input: { joinCode: string; email: string; nickname: string },
  now: Date,
): Promise<SignUpCheck> {
  const organization = await organizationForJoinCode(tx, input.joinCode);
  await assertSeatsAvailable(tx, organization.id, 1, now);
  const [existing] = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      confirmationPending: users.confirmationPending,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
    .limit(1);
  // The address's own nickname is no clash: signing up twice while unconfirmed resends the link.
  const key = nicknameKey(input.nickname);
  if (key) await assertNicknameFreeIn(tx, [organization.id], key, existing?.id ?? 0, NICKNAME_POINTER);
  return { organization, existing: existing ?? null };
}

type MailContext = { publicUrl: string; now: Date };

/**
 * The product user (waiting for confirmation), a membership that is not active yet (activeTo = now: it holds no seat
 * until confirmed, so unconfirmed sign-ups cannot fill an organisation) and the confirmation mail, in one transaction.
 */
export async function registerConsumer(
  tx: Executor,
  organization: JoinableOrganization,
  input: { firebaseUid: string; email: string; name: string; nickname: string; language: Language },
  context: MailContext,
): Promise<number> {
  await assertSeatsAvailable(tx, organization.id, 1, context.now);
  const key = nicknameKey(input.nickname);
  const [user] = await tx
    .insert(users)
    .values({
      firebaseUid: input.firebaseUid,
      email: input.email,
      name: input.name,
      nickname: input.nickname,
      nicknameKey: key,
      language: input.language,
      confirmationPending: true,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not inserted');
  await tx.insert(organizationMembers).values({ userId: user.id, organizationId: organization.id, role: 'member', activeTo: context.now });
  if (key) await assertNicknameFreeIn(tx, [organization.id], key, user.id, NICKNAME_POINTER);
  await issueConfirmation(tx, { id: user.id, email: input.email, name: input.name, language: input.language }, context);
  return user.id;
}

/** A fresh single-use link (older unused ones stop working) and its mail in the outbox. */
export async function issueConfirmation(
  tx: Executor,
  user: { id: number; email: string; name: string; language: string },
  { publicUrl, now }: MailContext,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(consumerConfirmationTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(consumerConfirmationTokens.userId, user.id),
        isNull(consumerConfirmationTokens.usedAt),
        gt(consumerConfirmationTokens.expiresAt, now),
      ),
    );
  await tx.insert(consumerConfirmationTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + CONFIRMATION_LIFETIME_HOURS * HOUR_MS),
    createdAt: now,
  });
  const organization = await firstOrganization(tx, user.id);
  await enqueue(
    tx,
    'mail.send',
    {
      to: user.email,
      language: user.language as Language,
      template: 'confirmation',
      params: {
        name: user.name || user.email,
        organizationName: organization?.name ?? 'Kiwi',
        link: `${publicUrl}/user/confirmation?confirmation_token=${token}`,
        hours: CONFIRMATION_LIFETIME_HOURS,
      },
    },
    { organizationId: organization?.id ?? null },
  );
  return token;
}

/** The mail an address that already has an account gets instead of a second account. */
export async function mailExistingAccount(
  tx: Executor,
  to: { email: string; language: string },
  { publicUrl }: MailContext,
): Promise<void> {
  await enqueue(
    tx,
    'mail.send',
    { to: to.email, language: to.language as Language, template: 'confirmation.existing', params: { link: `${publicUrl}/login` } },
    { organizationId: null },
  );
}

/**
 * Opens a confirmation link: single use, unexpired, and a seat must be free now. Activates the membership and lifts
 * the pending flag; 410 confirmation.expired for an unknown, used or expired token alike.
 */
export async function confirmConsumer(
  tx: Executor,
  token: string,
  now: Date,
): Promise<{ userId: number; firebaseUid: string; email: string }> {
  const [row] = await tx
    .select({
      tokenId: consumerConfirmationTokens.id,
      usedAt: consumerConfirmationTokens.usedAt,
      expiresAt: consumerConfirmationTokens.expiresAt,
      userId: users.id,
      firebaseUid: users.firebaseUid,
      email: users.email,
      pending: users.confirmationPending,
    })
    .from(consumerConfirmationTokens)
    .innerJoin(users, eq(users.id, consumerConfirmationTokens.userId))
    .where(eq(consumerConfirmationTokens.tokenHash, hashToken(token)))
    .for('update', { of: consumerConfirmationTokens });
  if (!row || row.usedAt || row.expiresAt <= now || !row.pending) throw new ApiError(ErrorCode.confirmationExpired);
  const membership = await firstOrganization(tx, row.userId);
  if (!membership) throw new ApiError(ErrorCode.confirmationExpired);
  await assertSeatsAvailable(tx, membership.id, 1, now);
  await tx
    .update(organizationMembers)
    .set({ activeFrom: now, activeTo: null })
    .where(and(eq(organizationMembers.userId, row.userId), eq(organizationMembers.organizationId, membership.id)));
  await tx.update(users).set({ confirmationPending: false }).where(eq(users.id, row.userId));
  await tx.update(consumerConfirmationTokens).set({ usedAt: now }).where(eq(consumerConfirmationTokens.id, row.tokenId));
  return { userId: row.userId, firebaseUid: row.firebaseUid, email: row.email };
}

/** A new link for an address still waiting for confirmation; nothing at all for any other address. */
export async function resendConfirmation(tx: Executor, email: string, context: MailContext): Promise<void> {
  const [user] = await tx
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.confirmationPending, true)))
    .for('update');
  if (user) await issueConfirmation(tx, user, context);
}

async function firstOrganization(tx: Executor, userId: number) {
  const [organization] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.id))
    .limit(1);
  return organization;
}
