import { ErrorCode } from '@kiwi/shared/api/error-codes';
import type { CreateMember, UpdateMember } from '@kiwi/shared/schemas/member';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { authorize } from '../../auth/authorize';
import type { Session } from '../../auth/session-cache';
import { deleteMemberPosts } from '../violation-reports/objects';
import { signalMemberEventsChanged } from '../events/changes';
import { removeMemberReactions } from '../guilds/messages';
import type { Executor } from '../../db/client';
import { groupMemberships, groups } from '../../db/schema/groups';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError, notFound, notFoundInOrganization } from '../../jsonapi/errors';
import { issueInvitation } from '../invitations/service';
import { memberFiguresOfOrganization } from './figures';
import { stateCondition } from './queries';

/** Seats in use: memberships that have not expired (pending ones hold a seat already); the members figure (figures.ts). */
export async function seatsInUse(tx: Executor, organizationId: number, now: Date): Promise<number> {
  return (await memberFiguresOfOrganization(tx, organizationId, now)).members;
}

/** Locks the organisation row (one seat count at a time) and refuses when `adding` more would pass numberOfMembers; `adding` 0 only locks. */
export async function assertSeatsAvailable(tx: Executor, organizationId: number, adding: number, now: Date): Promise<void> {
  const [organization] = await tx
    .select({ numberOfMembers: organizations.numberOfMembers })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!organization) throw notFound();
  if (organization.numberOfMembers === null || adding <= 0) return;
  if ((await seatsInUse(tx, organizationId, now)) + adding > organization.numberOfMembers) {
    throw new ApiError(ErrorCode.organizationMemberLimitReached);
  }
}

export type ExistingUser = { id: number; firebaseUid: string; memberships: { organizationId: number }[] };

export async function findUserWithMemberships(tx: Executor, email: string): Promise<ExistingUser | null> {
  const [user] = await tx
    .select({ id: users.id, firebaseUid: users.firebaseUid, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!user) return null;
  const memberships = await tx
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, user.id));
  // A platform admin's address cannot become a member through an invitation.
  if (user.role === 'admin') throw new ApiError(ErrorCode.memberEmailNotAvailable, { pointer: '/organization_member/email' });
  return { id: user.id, firebaseUid: user.firebaseUid, memberships };
}

/** Who may be invited with this address: 409 when already here or in another organisation. */
export function assertInvitable(existing: ExistingUser | null, organizationId: number): void {
  if (!existing) return;
  if (existing.memberships.some((membership) => membership.organizationId === organizationId)) {
    throw new ApiError(ErrorCode.memberAlreadyMember, { pointer: '/organization_member/email' });
  }
  if (existing.memberships.length > 0) throw new ApiError(ErrorCode.memberEmailNotAvailable, { pointer: '/organization_member/email' });
}

export async function assertGroupsBelong(
  tx: Executor,
  organizationId: number,
  groupIds: number[],
  pointer = '/organization_member/group_ids',
): Promise<void> {
  if (groupIds.length === 0) return;
  const rows = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.organizationId, organizationId), inArray(groups.id, [...new Set(groupIds)])));
  const found = new Set(rows.map((row) => row.id));
  const missing = groupIds.findIndex((id) => !found.has(id));
  if (missing >= 0) throw notFoundInOrganization(`${pointer}/${missing}`);
}

export async function replaceGroups(tx: Executor, memberId: number, groupIds: number[]): Promise<void> {
  await tx.delete(groupMemberships).where(eq(groupMemberships.organizationMemberId, memberId));
  const unique = [...new Set(groupIds)];
  if (unique.length > 0) {
    await tx.insert(groupMemberships).values(unique.map((groupId) => ({ groupId, organizationMemberId: memberId })));
  }
}

export type InviteResult = { memberId: number; userId: number };

/** Managers whose membership is active now (pending and expired ones manage nothing). */
export async function activeManagerCount(tx: Executor, organizationId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'manager'), stateCondition('active', now)),
    );
  return row?.value ?? 0;
}

/**
 * Run after a change, in its transaction (the organisation row locked): an organisation that had an active manager
 * keeps one. Whoever asks, admins too: demoting, expiring or removing the last one is refused (422 member.lastManager).
 */
export async function assertManagerRemains(
  tx: Executor,
  organizationId: number,
  managersBefore: number,
  now: Date,
  pointer?: string,
): Promise<void> {
  if (managersBefore > 0 && (await activeManagerCount(tx, organizationId, now)) === 0) {
    throw new ApiError(ErrorCode.memberLastManager, { status: 422, pointer });
  }
}

/**
 * A membership held by a platform admin is the admins' to change: a manager may neither edit nor remove it (404 when
 * the member is not in this organisation at all).
 */
export async function assertMemberManageable(tx: Executor, session: Session, organizationId: number, memberId: number): Promise<void> {
  const [target] = await tx
    .select({ role: users.role })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)));
  if (!target) throw notFound();
  authorize(session, 'user.administer', { kind: 'user', role: target.role, organizationIds: [organizationId] });
}

/**
 * Product user (or the reused one), membership, groups and the invitation mail, in one transaction. The Firebase user
 * was created before (never inside a transaction); `firebaseUid` is it.
 */
export async function inviteMember(
  tx: Executor,
  organizationId: number,
  input: CreateMember & { language: 'ja' | 'en' },
  { firebaseUid, publicUrl, now }: { firebaseUid: string; publicUrl: string; now: Date },
): Promise<InviteResult> {
  await assertSeatsAvailable(tx, organizationId, 1, now);
  const existing = await findUserWithMemberships(tx, input.email);
  assertInvitable(existing, organizationId);
  await assertGroupsBelong(tx, organizationId, input.group_ids ?? []);

  let userId = existing?.id;
  if (userId === undefined) {
    const [user] = await tx
      .insert(users)
      .values({ firebaseUid, email: input.email, name: input.name ?? '', language: input.language })
      .returning({ id: users.id });
    if (!user) throw new Error('user not inserted');
    userId = user.id;
  }
  const [membership] = await tx
    .insert(organizationMembers)
    .values({
      userId,
      organizationId,
      role: input.role,
      activeFrom: input.active_from ? new Date(input.active_from) : null,
      activeTo: input.active_to ? new Date(input.active_to) : null,
      belongings: input.belongings ?? [],
      occupations: input.occupations ?? [],
    })
    .returning({ id: organizationMembers.id });
  if (!membership) throw new Error('membership not inserted');
  await replaceGroups(tx, membership.id, input.group_ids ?? []);
  await issueInvitation(tx, { id: userId, email: input.email, name: input.name ?? '', language: input.language }, { publicUrl, now });
  return { memberId: membership.id, userId };
}

export async function updateMember(
  tx: Executor,
  organizationId: number,
  memberId: number,
  input: UpdateMember,
  now: Date,
): Promise<number> {
  // The organisation row first, as invitations and CSV imports lock it: the same order everywhere, so no deadlock
  // when an edit that restores a seat meets an import.
  await assertSeatsAvailable(tx, organizationId, 0, now);
  const managersBefore = await activeManagerCount(tx, organizationId, now);
  const [member] = await tx
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)))
    .for('update');
  if (!member) throw notFound();
  const activeFrom = input.active_from === undefined ? member.activeFrom : input.active_from ? new Date(input.active_from) : null;
  const activeTo = input.active_to === undefined ? member.activeTo : input.active_to ? new Date(input.active_to) : null;
  if (activeFrom && activeTo && activeTo <= activeFrom) {
    throw new ApiError(ErrorCode.validationEndAfterStart, { status: 422, pointer: '/organization_member/active_to' });
  }
  // Bringing an expired membership back takes a seat again.
  const wasExpired = member.activeTo !== null && member.activeTo <= now;
  const staysExpired = activeTo !== null && activeTo <= now;
  if (wasExpired && !staysExpired) await assertSeatsAvailable(tx, organizationId, 1, now);
  if (input.group_ids) await assertGroupsBelong(tx, organizationId, input.group_ids);

  const changes: Partial<typeof organizationMembers.$inferInsert> = {};
  if (input.role !== undefined) changes.role = input.role;
  if (input.active_from !== undefined) changes.activeFrom = activeFrom;
  if (input.active_to !== undefined) changes.activeTo = activeTo;
  if (input.belongings !== undefined) changes.belongings = input.belongings;
  if (input.occupations !== undefined) changes.occupations = input.occupations;
  if (Object.keys(changes).length > 0) await tx.update(organizationMembers).set(changes).where(eq(organizationMembers.id, memberId));
  if (input.group_ids !== undefined) await replaceGroups(tx, memberId, input.group_ids);
  await assertManagerRemains(
    tx,
    organizationId,
    managersBefore,
    now,
    input.role === 'member' ? '/organization_member/role' : '/organization_member/active_to',
  );
  return member.userId;
}

/**
 * Removes the membership; a user left without any membership is removed too (the caller deletes the Firebase user
 * after commit). Returns what the caller needs for that and for the session cache.
 */
export async function deleteMember(
  tx: Executor,
  organizationId: number,
  memberId: number,
  now = new Date(),
): Promise<{ userId: number; firebaseUid: string | null }> {
  await assertSeatsAvailable(tx, organizationId, 0, now);
  const managersBefore = await activeManagerCount(tx, organizationId, now);
  const [existing] = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)));
  if (!existing) throw notFound();
  // Issue 22: the member's posts would go with the membership (foreign keys cascade) without a word to the open chats
  // and event pages; deleted first the way a moderator's delete does, each open stream hears its removals.
  await deleteMemberPosts(tx, memberId);
  // So are their reactions in guild chats (each chat hears the message's reactions as they now are) and their part in
  // events (each event's open pages are told to reload).
  await removeMemberReactions(tx, memberId);
  await signalMemberEventsChanged(tx, memberId);
  const [member] = await tx
    .delete(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)))
    .returning({ userId: organizationMembers.userId });
  if (!member) throw notFound();
  await assertManagerRemains(tx, organizationId, managersBefore, now);
  const [left] = await tx.select({ value: count() }).from(organizationMembers).where(eq(organizationMembers.userId, member.userId));
  if ((left?.value ?? 0) > 0) return { userId: member.userId, firebaseUid: null };
  const [user] = await tx
    .delete(users)
    .where(and(eq(users.id, member.userId), eq(users.role, 'member')))
    .returning({ firebaseUid: users.firebaseUid });
  return { userId: member.userId, firebaseUid: user?.firebaseUid ?? null };
}
