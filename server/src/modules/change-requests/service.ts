// Issue 20 point 4: organisation change requests. A manager asks, the platform admin approves (the change lands on the
// organisation in the same transaction) or rejects with a note, the manager may withdraw while pending. Every function
// runs inside the caller's transaction; the organisation's row lock orders everything done to one organisation's
// requests (and its seat count, which members/service.ts locks the same way).
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { type ChangeRequestStatus, changesToApply, type RequestedChange, seatsCoverMembers } from '@kiwi/shared/domain/change-request';
import type { CreateChangeRequestInput, DecideChangeRequestInput } from '@kiwi/shared/schemas/change-request';
import { aliasedTable, and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type OrganizationChangeRequestRow, organizationChangeRequests } from '../../db/schema/admin-console';
import { type OrganizationRow, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError, notFound } from '../../jsonapi/errors';
import { seatsInUse } from '../members/service';
import { findOrganization } from '../organizations/access';
import { changedFields, recordStaffAction } from '../staff-actions/record';
import { notifyDecision } from './notify';

export const COLLECTION_ROUTE = '/api/organization_change_requests';
export const MEMBER_ROUTE = '/api/organization_change_requests/:id';
const TARGET_TYPE = 'organization_change_request';

const requestedOf = (row: Pick<OrganizationChangeRequestRow, keyof RequestedChange>): RequestedChange => ({
  requestedPlan: row.requestedPlan,
  requestedNumberOfMembers: row.requestedNumberOfMembers,
  requestedUnlimitedSeats: row.requestedUnlimitedSeats,
  requestedName: row.requestedName,
});

/** 422 changeRequest.tooFewSeats when `seats` leaves fewer seats than members already hold (null = unlimited). */
async function assertSeatsCoverMembers(tx: Executor, organizationId: number, seats: number | null, now: Date): Promise<void> {
  if (seats === null) return;
  const inUse = await seatsInUse(tx, organizationId, now);
  if (!seatsCoverMembers(seats, inUse)) {
    throw new ApiError(ErrorCode.changeRequestTooFewSeats, {
      pointer: '/organization_change_request/number_of_members',
      params: { count: inUse },
    });
  }
}

/**
 * Files a request for the manager's organisation: something must differ from what it has now (422), the seats must
 * hold the members in use (422), and only one request may be pending per organisation (409): the organisation's row
 * lock makes two concurrent askers queue, so the second sees the first's pending request.
 */
export async function createChangeRequest(
  tx: Executor,
  { organizationId, input, actor, now }: { organizationId: number; input: CreateChangeRequestInput; actor: Session; now: Date },
): Promise<OrganizationChangeRequestRow> {
  const organization = await findOrganization(tx, organizationId, { forUpdate: true });
  const [pending] = await tx
    .select({ id: organizationChangeRequests.id })
    .from(organizationChangeRequests)
    .where(and(eq(organizationChangeRequests.organizationId, organizationId), eq(organizationChangeRequests.status, 'pending')))
    .limit(1);
  if (pending) throw new ApiError(ErrorCode.changeRequestPending);

  const requested: RequestedChange = {
    requestedPlan: input.plan ?? null,
    requestedNumberOfMembers: input.number_of_members ?? null,
    requestedUnlimitedSeats: input.number_of_members === null,
    requestedName: input.name ?? null,
  };
  const changes = changesToApply(requested, organization);
  if (Object.keys(changes).length === 0) {
    throw new ApiError(ErrorCode.changeRequestNoChange, { pointer: '/organization_change_request/plan' });
  }
  if (changes.numberOfMembers !== undefined) await assertSeatsCoverMembers(tx, organizationId, changes.numberOfMembers, now);

  const [row] = await tx
    .insert(organizationChangeRequests)
    .values({ organizationId, requestedByUserId: actor.user.id, ...requested, reason: input.reason, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('change request not inserted');
  await recordStaffAction(tx, {
    actor,
    organizationId,
    kind: 'organization_change_requests.create',
    method: 'POST',
    route: COLLECTION_ROUTE,
    targetType: TARGET_TYPE,
    targetId: row.id,
    changes: changedFields(null, { ...requested, reason: input.reason, status: 'pending' }),
    statusCode: 201,
  });
  return row;
}

/**
 * The request `id` with its organisation locked (organisation first, then the request: the order every writer here
 * takes, so approve and withdraw racing on one request queue instead of deadlocking). 404 when there is none.
 */
async function lockRequest(tx: Executor, id: number): Promise<{ request: OrganizationChangeRequestRow; organization: OrganizationRow }> {
  const organizationId = await organizationIdOfRequest(tx, id);
  if (organizationId === null) throw notFound();
  const organization = await findOrganization(tx, organizationId, { forUpdate: true });
  const [request] = await tx.select().from(organizationChangeRequests).where(eq(organizationChangeRequests.id, id)).for('update');
  if (!request) throw notFound();
  return { request, organization };
}

/** The organisation of request `id` (for the rights check before anything is locked), or null when there is none. */
export async function organizationIdOfRequest(tx: Executor, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ organizationId: organizationChangeRequests.organizationId })
    .from(organizationChangeRequests)
    .where(eq(organizationChangeRequests.id, id));
  return row?.organizationId ?? null;
}

export type Decision = { request: OrganizationChangeRequestRow; organizationChanged: boolean };

/**
 * The admin's decision on a pending request (409 once decided or withdrawn). Approving writes exactly the requested
 * fields that differ to the organisation, in this transaction, with their before/after in the staff log; the seat count
 * is checked again against the members in use now. The manager hears of it by mail (outbox) in their language.
 */
export async function decideChangeRequest(
  tx: Executor,
  { id, input, actor, now, publicUrl }: { id: number; input: DecideChangeRequestInput; actor: Session; now: Date; publicUrl: string },
): Promise<Decision> {
  const { request, organization } = await lockRequest(tx, id);
  if (request.status !== 'pending') throw new ApiError(ErrorCode.changeRequestDecided);

  let organizationChanged = false;
  let applied = organization;
  if (input.status === 'approved') {
    const changes = changesToApply(requestedOf(request), organization);
    if (changes.numberOfMembers !== undefined) await assertSeatsCoverMembers(tx, organization.id, changes.numberOfMembers, now);
    if (Object.keys(changes).length > 0) {
      const [updated] = await tx
        .update(organizations)
        .set({ ...changes, updatedAt: now })
        .where(eq(organizations.id, organization.id))
        .returning();
      if (!updated) throw notFound();
      applied = updated;
      organizationChanged = true;
      await recordStaffAction(tx, {
        actor,
        organizationId: organization.id,
        kind: 'organizations.update',
        method: 'PUT',
        route: MEMBER_ROUTE,
        targetType: 'organization',
        targetId: organization.id,
        changes: changedFields(organization, updated, ['name', 'plan', 'numberOfMembers']),
        statusCode: 200,
      });
    }
  }

  const decisionNote = input.decision_note ? input.decision_note : null;
  const [decided] = await tx
    .update(organizationChangeRequests)
    .set({ status: input.status, decisionNote, decidedByUserId: actor.user.id, decidedAt: now, updatedAt: now })
    .where(eq(organizationChangeRequests.id, request.id))
    .returning();
  if (!decided) throw notFound();
  await recordStaffAction(tx, {
    actor,
    organizationId: organization.id,
    kind: input.status === 'approved' ? 'organization_change_requests.approve' : 'organization_change_requests.reject',
    method: 'PUT',
    route: MEMBER_ROUTE,
    targetType: TARGET_TYPE,
    targetId: request.id,
    changes: changedFields(request, decided, ['status', 'decisionNote']),
    statusCode: 200,
  });
  await notifyDecision(tx, { request: decided, organization: applied, publicUrl });
  return { request: decided, organizationChanged };
}

/** The manager withdraws a pending request of their organisation (409 once decided); the row stays, as withdrawn. */
export async function withdrawChangeRequest(
  tx: Executor,
  { id, actor, now }: { id: number; actor: Session; now: Date },
): Promise<OrganizationChangeRequestRow> {
  const { request } = await lockRequest(tx, id);
  if (request.status !== 'pending') throw new ApiError(ErrorCode.changeRequestDecided);
  const [withdrawn] = await tx
    .update(organizationChangeRequests)
    .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
    .where(eq(organizationChangeRequests.id, request.id))
    .returning();
  if (!withdrawn) throw notFound();
  await recordStaffAction(tx, {
    actor,
    organizationId: request.organizationId,
    kind: 'organization_change_requests.delete',
    method: 'DELETE',
    route: MEMBER_ROUTE,
    targetType: TARGET_TYPE,
    targetId: request.id,
    changes: changedFields(request, withdrawn, ['status']),
    statusCode: 200,
  });
  return withdrawn;
}

/** A request as the lists show it: with its organisation's current terms and seats in use, and who asked and decided. */
export type ChangeRequestListRow = {
  request: OrganizationChangeRequestRow;
  organization: Pick<OrganizationRow, 'id' | 'name' | 'identifier' | 'plan' | 'numberOfMembers'>;
  membersInUse: number;
  requestedByName: string | null;
  decidedByName: string | null;
};

const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');

/** Pending first (the queue), then newest first; `organizationId` narrows to one organisation. */
export async function listChangeRequests(
  tx: Executor,
  {
    organizationId,
    status,
    page,
    per,
    now,
  }: { organizationId?: number; status?: ChangeRequestStatus; page: number; per: number; now: Date },
): Promise<{ rows: ChangeRequestListRow[]; total: number; pending: number }> {
  const conditions: SQL[] = [];
  if (organizationId !== undefined) conditions.push(eq(organizationChangeRequests.organizationId, organizationId));
  if (status !== undefined) conditions.push(eq(organizationChangeRequests.status, status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const scope = organizationId === undefined ? undefined : eq(organizationChangeRequests.organizationId, organizationId);

  const rows = await tx
    .select({
      request: organizationChangeRequests,
      organization: {
        id: organizations.id,
        name: organizations.name,
        identifier: organizations.identifier,
        plan: organizations.plan,
        numberOfMembers: organizations.numberOfMembers,
      },
      // Seats in use as members/service.ts seatsInUse counts them: memberships not expired.
      membersInUse: sql<number>`(select count(*)::int from organization_members m
        where m.organization_id = ${organizations.id} and (m.active_to is null or m.active_to > ${now.toISOString()}))`,
      requestedByName: requester.name,
      decidedByName: decider.name,
    })
    .from(organizationChangeRequests)
    .innerJoin(organizations, eq(organizations.id, organizationChangeRequests.organizationId))
    .leftJoin(requester, eq(requester.id, organizationChangeRequests.requestedByUserId))
    .leftJoin(decider, eq(decider.id, organizationChangeRequests.decidedByUserId))
    .where(where)
    .orderBy(
      sql`(${organizationChangeRequests.status} = 'pending') desc`,
      desc(organizationChangeRequests.createdAt),
      desc(organizationChangeRequests.id),
    )
    .limit(per)
    .offset((page - 1) * per);
  const [counts] = await tx
    .select({
      total: where ? sql<number>`count(*) filter (where ${where})::int` : sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${organizationChangeRequests.status} = 'pending')::int`,
    })
    .from(organizationChangeRequests)
    .where(scope);
  return {
    rows: rows.map((row) => ({ ...row, membersInUse: Number(row.membersInUse) })),
    total: counts?.total ?? 0,
    pending: counts?.pending ?? 0,
  };
}
