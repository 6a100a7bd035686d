import { serialize } from '../../jsonapi/serialize';
import type { StaffActionItem } from './service';

/** The changed fields as a list (nested keys are not renamed by serialize, and a list keeps the order written). */
const presentChanges = (changes: Record<string, [unknown, unknown]>) =>
  Object.entries(changes ?? {}).map(([field, [before, after]]) => ({ field, before: before ?? null, after: after ?? null }));

const attributes = (item: StaffActionItem) => ({
  actorUserId: item.actorUserId === null ? null : String(item.actorUserId),
  actorLabel: item.actorLabel,
  actorRole: item.actorRole,
  organizationId: item.organizationId === null ? null : String(item.organizationId),
  organizationIdentifier: item.organizationIdentifier,
  organizationName: item.organizationName,
  kind: item.kind,
  method: item.method,
  route: item.route,
  targetType: item.targetType,
  targetId: item.targetId,
  changes: presentChanges(item.changes),
  statusCode: item.statusCode,
  createdAt: item.createdAt,
});

/** `staff-actions`: a page of the log. */
export function presentStaffActions(items: StaffActionItem[], pagination: { page: number; per: number; total: number; url?: string }) {
  return serialize('staff-actions', items, { attributes, pagination });
}
