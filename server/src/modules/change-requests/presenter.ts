import type { OrganizationChangeRequestRow } from '../../db/schema/admin-console';
import { serialize } from '../../jsonapi/serialize';
import type { ChangeRequestListRow } from './service';

const TYPE = 'organization-change-requests';

const requestAttributes = (request: OrganizationChangeRequestRow) => ({
  organizationId: request.organizationId,
  requestedPlan: request.requestedPlan,
  requestedNumberOfMembers: request.requestedNumberOfMembers,
  requestedUnlimitedSeats: request.requestedUnlimitedSeats,
  requestedName: request.requestedName,
  reason: request.reason,
  status: request.status,
  decisionNote: request.decisionNote,
  decidedAt: request.decidedAt,
  createdAt: request.createdAt,
});

export const presentChangeRequest = (request: OrganizationChangeRequestRow) => serialize(TYPE, request, { attributes: requestAttributes });

/**
 * The lists: each request with its organisation's terms as they are now (the admin's before -> after of a pending one)
 * and the seats in use, who asked and who decided. `meta.pending-count` counts the scope's pending requests.
 */
export const presentChangeRequests = (
  rows: ChangeRequestListRow[],
  { page, per, total, pending, url }: { page: number; per: number; total: number; pending: number; url: string },
) =>
  serialize(TYPE, rows, {
    id: (row) => row.request.id,
    attributes: (row) => ({
      ...requestAttributes(row.request),
      organizationName: row.organization.name,
      organizationIdentifier: row.organization.identifier,
      currentPlan: row.organization.plan,
      currentNumberOfMembers: row.organization.numberOfMembers,
      membersInUse: row.membersInUse,
      requestedByName: row.requestedByName,
      decidedByName: row.decidedByName,
    }),
    meta: { pendingCount: pending },
    pagination: { page, per, total, url },
  });
