import { ErrorCode } from '@kiwi/shared/api/error-codes';
import type { CreateGroup, UpdateGroup } from '@kiwi/shared/schemas/group';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groupMemberships, type GroupRow, groups } from '../../db/schema/groups';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError, notFound, notFoundInOrganization } from '../../jsonapi/errors';

export type GroupView = GroupRow & { memberCount: number };
export type GroupMemberView = { id: number; name: string; email: string };

export async function listGroups(tx: Executor, organizationId: number): Promise<GroupView[]> {
  const rows = await tx
    .select({ group: groups, memberCount: sql<number>`count(${groupMemberships.id})::int` })
    .from(groups)
    .leftJoin(groupMemberships, eq(groupMemberships.groupId, groups.id))
    .where(eq(groups.organizationId, organizationId))
    .groupBy(groups.id)
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map(({ group, memberCount }) => ({ ...group, memberCount }));
}

export async function findGroup(
  tx: Executor,
  organizationId: number,
  groupId: number,
): Promise<GroupView & { members: GroupMemberView[] }> {
  const [group] = await tx
    .select()
    .from(groups)
    .where(and(eq(groups.organizationId, organizationId), eq(groups.id, groupId)));
  if (!group) throw notFound();
  const members = await tx
    .select({ id: organizationMembers.id, name: users.name, email: users.email })
    .from(groupMemberships)
    .innerJoin(organizationMembers, eq(organizationMembers.id, groupMemberships.organizationMemberId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(groupMemberships.groupId, groupId))
    .orderBy(asc(users.name), asc(organizationMembers.id));
  return { ...group, memberCount: members.length, members };
}

/** A parent must be a group of the same organisation and neither the group itself nor one of its descendants. */
async function assertParent(tx: Executor, organizationId: number, parentId: number | null | undefined, groupId?: number): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  const all = await tx.select({ id: groups.id, parentId: groups.parentId }).from(groups).where(eq(groups.organizationId, organizationId));
  const parentOf = new Map(all.map((group) => [group.id, group.parentId]));
  if (!parentOf.has(parentId)) throw notFoundInOrganization('/group/parent_id');
  // Walk up from the new parent: meeting the group itself would make a cycle.
  for (
    let current: number | null | undefined = parentId, steps = 0;
    current != null && steps <= all.length;
    current = parentOf.get(current), steps += 1
  ) {
    if (current === groupId) throw new ApiError(ErrorCode.groupInvalidParent, { pointer: '/group/parent_id' });
  }
}

async function replaceMembers(tx: Executor, organizationId: number, groupId: number, memberIds: number[]): Promise<void> {
  const unique = [...new Set(memberIds)];
  if (unique.length > 0) {
    const rows = await tx
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.id, unique)));
    const found = new Set(rows.map((row) => row.id));
    const missing = memberIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw notFoundInOrganization(`/group/member_ids/${missing}`);
  }
  await tx.delete(groupMemberships).where(eq(groupMemberships.groupId, groupId));
  if (unique.length > 0)
    await tx.insert(groupMemberships).values(unique.map((organizationMemberId) => ({ groupId, organizationMemberId })));
}

export async function createGroup(tx: Executor, organizationId: number, input: CreateGroup): Promise<number> {
  await assertParent(tx, organizationId, input.parent_id);
  const [group] = await tx
    .insert(groups)
    .values({ organizationId, name: input.name, parentId: input.parent_id ?? null })
    .returning({ id: groups.id });
  if (!group) throw new Error('group not inserted');
  if (input.member_ids) await replaceMembers(tx, organizationId, group.id, input.member_ids);
  return group.id;
}

export async function updateGroup(tx: Executor, organizationId: number, groupId: number, input: UpdateGroup): Promise<void> {
  const [group] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.organizationId, organizationId), eq(groups.id, groupId)))
    .for('update');
  if (!group) throw notFound();
  await assertParent(tx, organizationId, input.parent_id, groupId);
  const changes: Partial<typeof groups.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.parent_id !== undefined) changes.parentId = input.parent_id;
  if (Object.keys(changes).length > 0) await tx.update(groups).set(changes).where(eq(groups.id, groupId));
  if (input.member_ids !== undefined) await replaceMembers(tx, organizationId, groupId, input.member_ids);
}

/** Deletes the group with its sub-groups (the foreign key cascades) and their memberships. */
export async function deleteGroup(tx: Executor, organizationId: number, groupId: number): Promise<void> {
  const deleted = await tx
    .delete(groups)
    .where(and(eq(groups.organizationId, organizationId), eq(groups.id, groupId)))
    .returning({ id: groups.id });
  if (deleted.length === 0) throw notFound();
}
