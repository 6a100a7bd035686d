import { membershipState, type MembershipState } from '@kiwi/shared/domain/membership';
import { and, asc, count, eq, exists, gt, ilike, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groupMemberships, groups } from '../../db/schema/groups';
import { invitationTokens } from '../../db/schema/invitations';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { notFound } from '../../jsonapi/errors';
import { likePattern } from '../organizations/like-pattern';
import { memberIcon, memberNickname } from './display';

export type MemberGroup = { id: number; name: string; parentId: number | null };
export type MemberView = {
  id: number;
  userId: number;
  organizationId: number;
  role: 'manager' | 'member';
  activeFrom: Date | null;
  activeTo: Date | null;
  state: MembershipState;
  name: string;
  email: string;
  nickname: string | null;
  icon: string | null;
  belongings: string[];
  occupations: string[];
  appInstalled: boolean;
  lastSyncAt: Date | null;
  /** Invited and the invitation not accepted yet (members created without an invitation count as accepted). */
  invitationPending: boolean;
  groups: MemberGroup[];
};

export type MemberFilter = { name?: string; groupId?: number; role?: 'manager' | 'member'; state?: MembershipState };

/** SQL for the spec's states, as membershipState() decides them (expired wins over pending). */
export function stateCondition(state: MembershipState, now: Date): SQL {
  const expired = and(isNotNull(organizationMembers.activeTo), lte(organizationMembers.activeTo, now)) as SQL;
  const pending = and(isNotNull(organizationMembers.activeFrom), gt(organizationMembers.activeFrom, now)) as SQL;
  if (state === 'expired') return expired;
  if (state === 'pending') return and(pending, sql`not (${expired})`) as SQL;
  return and(
    or(isNull(organizationMembers.activeFrom), lte(organizationMembers.activeFrom, now)),
    or(isNull(organizationMembers.activeTo), gt(organizationMembers.activeTo, now)),
  ) as SQL;
}

function filterConditions(organizationId: number, filter: MemberFilter, now: Date): SQL {
  const conditions: SQL[] = [eq(organizationMembers.organizationId, organizationId)];
  if (filter.name) {
    const pattern = likePattern(filter.name);
    // People with the same name (issue 21): found by name, nickname, email fragment or the name of one of their groups.
    const inGroup = exists(
      sql`(select 1 from ${groupMemberships} join ${groups} on ${groups.id} = ${groupMemberships.groupId}
        where ${groupMemberships.organizationMemberId} = ${organizationMembers.id} and ${groups.name} ilike ${pattern})`,
    );
    conditions.push(or(ilike(users.name, pattern), ilike(memberNickname, pattern), ilike(users.email, pattern), inGroup) as SQL);
  }
  if (filter.role) conditions.push(eq(organizationMembers.role, filter.role));
  if (filter.state) conditions.push(stateCondition(filter.state, now));
  if (filter.groupId !== undefined) {
    conditions.push(
      exists(
        sql`(select 1 from ${groupMemberships} where ${groupMemberships.organizationMemberId} = ${organizationMembers.id} and ${groupMemberships.groupId} = ${filter.groupId})`,
      ),
    );
  }
  return and(...conditions) as SQL;
}

const memberColumns = {
  id: organizationMembers.id,
  userId: organizationMembers.userId,
  organizationId: organizationMembers.organizationId,
  role: organizationMembers.role,
  activeFrom: organizationMembers.activeFrom,
  activeTo: organizationMembers.activeTo,
  name: users.name,
  email: users.email,
  nickname: memberNickname,
  icon: memberIcon,
  belongings: organizationMembers.belongings,
  occupations: organizationMembers.occupations,
  appInstalled: organizationMembers.appInstalled,
  lastSyncAt: organizationMembers.lastSyncAt,
  invitationPending: sql<boolean>`(exists (select 1 from ${invitationTokens} where ${invitationTokens.userId} = ${users.id})
    and not exists (select 1 from ${invitationTokens} where ${invitationTokens.userId} = ${users.id} and ${invitationTokens.usedAt} is not null))`,
};

type MemberBase = Omit<MemberView, 'state' | 'groups'>;

async function withGroups(tx: Executor, rows: MemberBase[], now: Date): Promise<MemberView[]> {
  const ids = rows.map((row) => row.id);
  const links =
    ids.length === 0
      ? []
      : await tx
          .select({ memberId: groupMemberships.organizationMemberId, id: groups.id, name: groups.name, parentId: groups.parentId })
          .from(groupMemberships)
          .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
          .where(inArray(groupMemberships.organizationMemberId, ids))
          .orderBy(asc(groups.name), asc(groups.id));
  const byMember = new Map<number, MemberGroup[]>();
  for (const { memberId, ...group } of links) {
    const list = byMember.get(memberId) ?? [];
    list.push(group);
    byMember.set(memberId, list);
  }
  return rows.map((row) => ({
    ...row,
    invitationPending: Boolean(row.invitationPending),
    state: membershipState(row, now),
    groups: byMember.get(row.id) ?? [],
  }));
}

export async function listMembers(
  tx: Executor,
  organizationId: number,
  { filter, page, per, now }: { filter: MemberFilter; page: number; per: number; now: Date },
): Promise<{ rows: MemberView[]; total: number }> {
  const where = filterConditions(organizationId, filter, now);
  const rows = await tx
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(where)
    .orderBy(asc(organizationMembers.id))
    .limit(per)
    .offset((page - 1) * per);
  const [total] = await tx
    .select({ value: count() })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(where);
  return { rows: await withGroups(tx, rows, now), total: total?.value ?? 0 };
}

export async function findMember(tx: Executor, organizationId: number, memberId: number, now: Date): Promise<MemberView> {
  const rows = await tx
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)));
  const [member] = await withGroups(tx, rows, now);
  if (!member) throw notFound();
  return member;
}
