import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { kiwiCoinTransfers } from '../../db/schema/coins';
import { groupMemberships } from '../../db/schema/groups';
import { guildEvents, guildMembers, guilds } from '../../db/schema/guilds';
import { contentReads } from '../../db/schema/home';
import { invitationTokens } from '../../db/schema/invitations';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { userDevices, users } from '../../db/schema/users';
import { cancelJob } from '../../jobs/schedule';
import { ApiError } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';
import { moveCoins } from '../coins/ledger';
import { grantJobKey } from '../coins/grants';

/** How old the caller's sign-in may be for a cancellation: they re-enter their password on the page just before. */
export const REAUTHENTICATION_MAX_AGE_SECONDS = 5 * 60;

/** Refuses (403 auth.recentLoginRequired, SPEC §8 "authentication information expired (redo)") a sign-in older than the bound. */
export function assertRecentSignIn(authTime: number, now: Date): void {
  if (!Number.isFinite(authTime) || now.getTime() / 1000 - authTime > REAUTHENTICATION_MAX_AGE_SECONDS) {
    throw new ApiError(ErrorCode.authRecentLoginRequired);
  }
}

export type CancellationSummary = {
  userId: number;
  cancelledAt: Date | null;
  coinBalance: number;
  guilds: { id: number; name: string }[];
  pendingGrants: { count: number; amount: number };
  /** Organisations where the user is the only active manager: cancelling is refused until another is appointed. */
  lastManagerOf: { id: number; name: string }[];
};

/** What a cancellation would take away, in one read (GET /api/user/cancellation), or what it took (after it). */
export async function cancellationSummary(tx: Executor, userId: number, now: Date): Promise<CancellationSummary> {
  const [user] = await tx.select({ cancelledAt: users.cancelledAt }).from(users).where(eq(users.id, userId));
  const memberships = await tx
    .select({
      id: organizationMembers.id,
      organizationId: organizationMembers.organizationId,
      organizationName: organizations.name,
      role: organizationMembers.role,
      activeFrom: organizationMembers.activeFrom,
      activeTo: organizationMembers.activeTo,
      coinBalance: organizationMembers.coinBalance,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.id));
  const memberIds = memberships.map((membership) => membership.id);
  const memberGuilds =
    memberIds.length === 0
      ? []
      : await tx
          .select({ id: guilds.id, name: guilds.name })
          .from(guildMembers)
          .innerJoin(guilds, eq(guilds.id, guildMembers.guildId))
          .where(inArray(guildMembers.organizationMemberId, memberIds))
          .orderBy(asc(guilds.name), asc(guilds.id));
  const [grants] =
    memberIds.length === 0
      ? [{ count: 0, amount: 0 }]
      : await tx
          .select({ count: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${kiwiCoinTransfers.amount}), 0)::bigint` })
          .from(kiwiCoinTransfers)
          .where(and(inArray(kiwiCoinTransfers.organizationMemberId, memberIds), eq(kiwiCoinTransfers.status, 'pending')));
  return {
    userId,
    cancelledAt: user?.cancelledAt ?? null,
    coinBalance: memberships.reduce((sum, membership) => sum + membership.coinBalance, 0),
    guilds: memberGuilds,
    pendingGrants: { count: Number(grants?.count ?? 0), amount: Number(grants?.amount ?? 0) },
    lastManagerOf: await organizationsLeftWithoutManager(tx, userId, memberships, now),
  };
}

type ManagedMembership = { organizationId: number; organizationName: string; role: string } & Parameters<typeof isMembershipActive>[0];

/** The organisations where this user is an active manager and no other member is. */
async function organizationsLeftWithoutManager(
  tx: Executor,
  userId: number,
  memberships: ManagedMembership[],
  now: Date,
): Promise<{ id: number; name: string }[]> {
  const managed = memberships.filter((membership) => membership.role === 'manager' && isMembershipActive(membership, now));
  if (managed.length === 0) return [];
  const others = await tx
    .select({
      organizationId: organizationMembers.organizationId,
      activeFrom: organizationMembers.activeFrom,
      activeTo: organizationMembers.activeTo,
    })
    .from(organizationMembers)
    .where(
      and(
        inArray(
          organizationMembers.organizationId,
          managed.map((membership) => membership.organizationId),
        ),
        eq(organizationMembers.role, 'manager'),
        ne(organizationMembers.userId, userId),
      ),
    );
  const covered = new Set(others.filter((other) => isMembershipActive(other, now)).map((other) => other.organizationId));
  return managed
    .filter((membership) => !covered.has(membership.organizationId))
    .map((membership) => ({ id: membership.organizationId, name: membership.organizationName }));
}

/** Outbox topic: the identity account of a cancelled user is deleted (and its refresh tokens revoked) after commit. */
export const IDENTITY_DELETE_TOPIC = 'identity.delete_account';

/**
 * Ends the user's membership now, as one transaction (docs/decisions.md "Issue 16, cancellation"): memberships end,
 * the coin balance is retired through the ledger, pending grants to them are canceled, personal data is erased, and
 * the identity account's deletion is queued in the outbox. Refused (409) while they are an organisation's last
 * manager. A user already cancelled is left as is: the call answers the same final state.
 */
export async function cancelAccount(tx: Executor, { userId, now }: { userId: number; now: Date }): Promise<CancellationSummary> {
  // The user row first: two cancellations of one account queue here, and the second sees the first's result.
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new Error(`user ${userId} vanished`);
  if (user.cancelledAt) return cancellationSummary(tx, userId, now);

  const before = await cancellationSummary(tx, userId, now);
  if (before.lastManagerOf.length > 0) {
    throw new ApiError(ErrorCode.cancellationLastManager, {
      params: { organizations: before.lastManagerOf.map((organization) => organization.name).join(', ') },
    });
  }
  const memberships = await tx
    .select({ id: organizationMembers.id, coinBalance: organizationMembers.coinBalance, activeTo: organizationMembers.activeTo })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.id));
  const memberIds = memberships.map((membership) => membership.id);

  // Coins move only through the ledger: each membership's balance goes back to issuance (retired), conserving the sum.
  for (const membership of memberships) {
    if (membership.coinBalance <= 0) continue;
    await moveCoins(tx, {
      from: { kind: 'member', organizationMemberId: membership.id },
      legs: [{ to: { kind: 'issuance' }, amount: membership.coinBalance }],
      reason: 'forfeit',
    });
  }

  if (memberIds.length > 0) {
    // Scheduled grants to them would land on a former member: canceled now, job first (the coins module's lock order).
    const pending = await tx
      .select({ id: kiwiCoinTransfers.id })
      .from(kiwiCoinTransfers)
      .where(and(inArray(kiwiCoinTransfers.organizationMemberId, memberIds), eq(kiwiCoinTransfers.status, 'pending')))
      .orderBy(asc(kiwiCoinTransfers.id));
    for (const transfer of pending) await cancelJob(tx, grantJobKey(transfer.id));
    if (pending.length > 0) {
      await tx
        .update(kiwiCoinTransfers)
        .set({ status: 'canceled', canceledAt: now, cancelReason: 'recipientInactive' })
        .where(
          and(
            inArray(
              kiwiCoinTransfers.id,
              pending.map((transfer) => transfer.id),
            ),
            eq(kiwiCoinTransfers.status, 'pending'),
          ),
        );
    }

    // Memberships end now (an end already past stays) and lose what identifies the person in the organisation.
    await tx
      .update(organizationMembers)
      .set({ activeTo: now, updatedAt: now })
      .where(
        and(
          eq(organizationMembers.userId, userId),
          or(isNull(organizationMembers.activeTo), sql`${organizationMembers.activeTo} > ${now}`),
        ),
      );
    await tx
      .update(organizationMembers)
      .set({ nickname: null, icon: null, belongings: [], occupations: [], appInstalled: false, updatedAt: now })
      .where(eq(organizationMembers.userId, userId));
    await tx.delete(guildMembers).where(inArray(guildMembers.organizationMemberId, memberIds));
    await tx.delete(groupMemberships).where(inArray(groupMemberships.organizationMemberId, memberIds));
    // The chat's realtime log keeps copies of message authors: those copies lose the name and icon too.
    await tx
      .update(guildEvents)
      .set({ payload: sql`jsonb_set(jsonb_set(${guildEvents.payload}, '{author,name}', '""'::jsonb), '{author,icon}', 'null'::jsonb)` })
      .where(
        sql`${guildEvents.payload} -> 'author' ->> 'organizationMemberId' in (${sql.join(
          memberIds.map((id) => sql`${String(id)}`),
          sql`, `,
        )})`,
      );
  }

  await tx.delete(userDevices).where(eq(userDevices.userId, userId));
  await tx.delete(invitationTokens).where(eq(invitationTokens.userId, userId));
  await tx.delete(contentReads).where(eq(contentReads.userId, userId));
  await tx
    .update(users)
    .set({
      name: '',
      // The column is required and unique: an address that names nobody and can never receive mail (RFC 2606 .invalid).
      email: `cancelled-${userId}@cancelled.invalid`,
      nickname: null,
      nicknameKey: null,
      birthday: null,
      restingHeartRate: null,
      heightCm: null,
      weightKg: null,
      icon: null,
      notificationPreferences: {},
      cancelledAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await enqueue(tx, IDENTITY_DELETE_TOPIC, { uid: user.firebaseUid });
  return cancellationSummary(tx, userId, now);
}
