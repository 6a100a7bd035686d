// Issue 20 point 8: the staff action log's one writer. A module that changes something on an admin's or a manager's
// behalf calls recordStaffAction in the same transaction as the change, with the before/after of the changed fields;
// the log middleware (staff-actions/middleware.ts) records the other staff writes by route.
import { isDeepStrictEqual } from 'node:util';
import type { Request, Response } from 'express';
import { can, PLATFORM } from '../../auth/authorize';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { staffActions } from '../../db/schema/admin-console';
import { staffActionKind, staffActionTarget } from './kinds';

export type StaffActionEntry = {
  actor: Session;
  /** The organisation acted on, or null for platform-wide things (system settings, app informations, users). */
  organizationId: number | null;
  /** Dotted and stable, e.g. `organizations.update`; the log page translates it (locales staff-actions.json kinds). */
  kind: string;
  method: string;
  /** The route pattern, e.g. `/api/organizations/:id`. */
  route: string;
  targetType?: string | null;
  targetId?: string | number | null;
  changes?: Record<string, [unknown, unknown]>;
  statusCode?: number | null;
};

/** The fields whose value differs between `before` and `after` (only `fields` when given), as `{ field: [before, after] }`. */
export function changedFields<T extends Record<string, unknown>>(
  before: Partial<T> | null | undefined,
  after: Partial<T> | null | undefined,
  fields?: readonly (keyof T & string)[],
): Record<string, [unknown, unknown]> {
  const names = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: Record<string, [unknown, unknown]> = {};
  for (const name of names) {
    const was = before?.[name] ?? null;
    const now = after?.[name] ?? null;
    if (!isDeepStrictEqual(was, now)) changes[name] = [was, now];
  }
  return changes;
}

/** A logged text keeps this many characters, a logged list this many items: the log says what changed, not a copy. */
export const STAFF_ACTION_TEXT_MAX = 500;
export const STAFF_ACTION_LIST_MAX = 50;

function boundedValue(value: unknown): unknown {
  if (typeof value === 'string' && value.length > STAFF_ACTION_TEXT_MAX) return `${value.slice(0, STAFF_ACTION_TEXT_MAX)}…`;
  if (Array.isArray(value)) return value.slice(0, STAFF_ACTION_LIST_MAX).map(boundedValue);
  return value;
}

const boundedChanges = (changes: Record<string, [unknown, unknown]>): Record<string, [unknown, unknown]> =>
  Object.fromEntries(Object.entries(changes).map(([field, [before, after]]) => [field, [boundedValue(before), boundedValue(after)]]));

/** The actor's role for the log: admin for a platform admin, otherwise manager (only staff writes are logged). */
export const staffRoleOf = (actor: Session): 'admin' | 'manager' => (can(actor, 'platform.administer', PLATFORM) ? 'admin' : 'manager');

/** Writes one log row with `executor` (the change's own transaction, so the log and the change land together). */
export async function recordStaffAction(executor: Executor, entry: StaffActionEntry): Promise<void> {
  await executor.insert(staffActions).values({
    actorUserId: entry.actor.user.id,
    actorLabel: `${entry.actor.user.name} <${entry.actor.user.email}>`,
    actorRole: staffRoleOf(entry.actor),
    organizationId: entry.organizationId,
    kind: entry.kind,
    method: entry.method,
    route: entry.route,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    changes: boundedChanges(entry.changes ?? {}),
    statusCode: entry.statusCode ?? null,
  });
}

/** The route a handler is answering, as the log names it: method, pattern (`/api/organizations/:id`) and kind. */
export function requestRoute(req: Request): { method: string; route: string; kind: string } {
  const route = `${req.baseUrl}${String((req.route as { path?: unknown } | undefined)?.path ?? req.path)}`;
  return { method: req.method, route, kind: staffActionKind(req.method, route) };
}

/**
 * recordStaffAction for the route a handler is answering: method, route and kind from the request, the target from
 * its params unless given. Call it inside the change's transaction, then `markStaffActionRecorded(res)` after commit.
 */
export async function recordRequestAction(
  executor: Executor,
  req: Request,
  entry: Omit<StaffActionEntry, 'method' | 'route' | 'kind'> & { kind?: string },
): Promise<void> {
  const { method, route, kind } = requestRoute(req);
  const target = staffActionTarget(route, req.params as Record<string, string>);
  await recordStaffAction(executor, {
    ...entry,
    method,
    route,
    kind: entry.kind ?? kind,
    targetType: entry.targetType ?? target.type,
    targetId: entry.targetId ?? target.id,
    statusCode: entry.statusCode ?? 200,
  });
}

/** Tells the log middleware this request's staff action is recorded already (with its before/after). */
export function markStaffActionRecorded(res: Response): void {
  res.locals.staffActionRecorded = true;
}

type Row = Record<string, unknown>;

/**
 * recordRequestAction for one row created (`before` null: 201, the new row's id as target of `targetType`), changed
 * (200) or removed (`after` null: 204), with the before/after of `fields`.
 */
export async function recordRowChange(
  executor: Executor,
  req: Request,
  entry: Pick<StaffActionEntry, 'actor' | 'organizationId'> & {
    before: Row | null | undefined;
    after: Row | null | undefined;
    fields: readonly string[];
    targetType?: string;
  },
): Promise<void> {
  const { actor, organizationId, before, after, fields, targetType } = entry;
  const created = !before && after;
  await recordRequestAction(executor, req, {
    actor,
    organizationId,
    changes: changedFields(before, after, fields),
    statusCode: created ? 201 : after ? 200 : 204,
    ...(created && targetType ? { targetType, targetId: after.id as number | string } : {}),
  });
}
