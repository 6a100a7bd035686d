import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { MANAGER_EDITABLE_ORGANIZATION_FIELDS, type CreateOrganization, type UpdateOrganization } from '@kiwi/shared/schemas/organization';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type OrganizationRow, organizations } from '../../db/schema/organizations';
import { memberFiguresOf } from '../members/figures';
import { seatsInUse } from '../members/service';
import { ApiError, forbidden } from '../../jsonapi/errors';
import { likePattern } from './like-pattern';
import { findOrganization } from './access';

type OrganizationInput = UpdateOrganization['organization'];

function toColumns(input: OrganizationInput): Partial<typeof organizations.$inferInsert> {
  const changes: Partial<typeof organizations.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.identifier !== undefined) changes.identifier = input.identifier;
  if (input.icon !== undefined) changes.icon = input.icon;
  if (input.service_started_at !== undefined) changes.serviceStartedAt = input.service_started_at;
  if (input.number_of_members !== undefined) changes.numberOfMembers = input.number_of_members;
  if (input.plan !== undefined) changes.plan = input.plan;
  if (input.plan_started_at !== undefined) changes.planStartedAt = input.plan_started_at;
  if (input.plan_ended_at !== undefined) changes.planEndedAt = input.plan_ended_at;
  if (input.vine_connect_enabled !== undefined) changes.vineConnectEnabled = input.vine_connect_enabled;
  if (input.distribution_graph_group_filter !== undefined) changes.distributionGraphGroupFilter = input.distribution_graph_group_filter;
  if (input.mfa_enabled !== undefined) changes.mfaEnabled = input.mfa_enabled;
  return changes;
}

/** A manager changes only the fields of MANAGER_EDITABLE_ORGANIZATION_FIELDS; anything else is the platform admin's. */
export function assertManagerMayChange(input: OrganizationInput): void {
  const allowed = new Set<string>(MANAGER_EDITABLE_ORGANIZATION_FIELDS);
  if (Object.keys(input).some((key) => !allowed.has(key))) throw forbidden();
}

async function assertIdentifierFree(tx: Executor, identifier: string, exceptId?: number): Promise<void> {
  const [taken] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.identifier, identifier)).limit(1);
  if (taken && taken.id !== exceptId) {
    throw new ApiError(ErrorCode.organizationIdentifierTaken, { pointer: '/organization/identifier' });
  }
}

/** The plan ends after it starts (the dates as they will be stored: the input's, or the organisation's unchanged ones). */
function assertPlanEndsAfterStart(startedAt: string | null | undefined, endedAt: string | null | undefined): void {
  if (startedAt && endedAt && endedAt <= startedAt) {
    throw new ApiError(ErrorCode.validationEndAfterStart, { status: 422, pointer: '/organization/plan_ended_at' });
  }
}

export async function updateOrganization(tx: Executor, id: number, input: OrganizationInput): Promise<OrganizationRow> {
  const current = await findOrganization(tx, id, { forUpdate: true });
  assertPlanEndsAfterStart(
    input.plan_started_at === undefined ? current.planStartedAt : input.plan_started_at,
    input.plan_ended_at === undefined ? current.planEndedAt : input.plan_ended_at,
  );
  if (input.identifier !== undefined) await assertIdentifierFree(tx, input.identifier, id);
  const changes = toColumns(input);
  if (Object.keys(changes).length > 0) await tx.update(organizations).set(changes).where(eq(organizations.id, id));
  return findOrganization(tx, id);
}

export async function createOrganization(tx: Executor, input: CreateOrganization['organization']): Promise<OrganizationRow> {
  assertPlanEndsAfterStart(input.plan_started_at, input.plan_ended_at);
  await assertIdentifierFree(tx, input.identifier);
  const [row] = await tx
    .insert(organizations)
    .values({ ...toColumns(input), name: input.name, identifier: input.identifier })
    .returning();
  if (!row) throw new Error('organization not inserted');
  return row;
}

/** Archives (`archived` true) or unarchives an organisation; returns the row before and after. */
export async function setOrganizationArchived(
  tx: Executor,
  id: number,
  archived: boolean,
): Promise<{ before: OrganizationRow; after: OrganizationRow }> {
  const before = await findOrganization(tx, id, { forUpdate: true });
  if (before.archived !== archived) await tx.update(organizations).set({ archived }).where(eq(organizations.id, id));
  return { before, after: await findOrganization(tx, id) };
}

/**
 * Issue 20 point 3: a seat count below the seats in use is refused unless the admin confirmed it after the warning
 * (the members stay; no one new can join until seats free up).
 */
export async function assertSeatsCoverMembers(
  tx: Executor,
  id: number,
  numberOfMembers: number | null | undefined,
  { confirmed, now }: { confirmed: boolean; now: Date },
): Promise<void> {
  if (numberOfMembers == null || confirmed) return;
  const used = await seatsInUse(tx, id, now);
  if (numberOfMembers < used) {
    throw new ApiError(ErrorCode.adminOrganizationSeatsBelowMembers, {
      pointer: '/organization/number_of_members',
      params: { used: String(used) },
    });
  }
}

/** The admin list's figures of each organisation of `ids`: members and seats in use, both the one members figure. */
export async function memberFigures(tx: Executor, ids: number[], now: Date): Promise<Map<number, { members: number; seatsUsed: number }>> {
  const figures = await memberFiguresOf(tx, ids, now);
  return new Map([...figures].map(([id, { members }]) => [id, { members, seatsUsed: members }]));
}

export async function listOrganizations(
  tx: Executor,
  { name, archived, page, per }: { name?: string; archived?: boolean; page: number; per: number },
): Promise<{ rows: OrganizationRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (name) {
    const pattern = likePattern(name);
    conditions.push(or(ilike(organizations.name, pattern), ilike(organizations.identifier, pattern)) as SQL);
  }
  if (archived !== undefined) conditions.push(eq(organizations.archived, archived));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await tx
    .select()
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.id))
    .limit(per)
    .offset((page - 1) * per);
  const [total] = await tx.select({ value: count() }).from(organizations).where(where);
  return { rows, total: total?.value ?? 0 };
}
