// The staff action log's generic half (issue 20 point 8): every write an admin makes, and every write a manager makes
// inside their own organisation, is recorded by route once its response has finished, unless the handler recorded it
// itself with before/after (res.locals.staffActionRecorded). No request body is ever read: bodies may hold secrets.
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { eq } from 'drizzle-orm';
import { can, PLATFORM } from '../../auth/authorize';
import { currentSession, firstMembership } from '../../auth/guards';
import type { Session } from '../../auth/session-cache';
import type { DatabaseHandle } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { staffActionKind, staffActionTarget } from './kinds';
import { recordStaffAction } from './record';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Log writes in flight at once per process; beyond it an entry is dropped with an error line rather than queued. */
export const STAFF_ACTION_MAX_PENDING = 100;

type MatchedRoute = { route: string; params: Record<string, string> };
type OrganizationKey = { id: number } | { identifier: string };

/** Writes in flight per database, so tests (and a graceful stop) can wait for them. */
const inFlight = new WeakMap<DatabaseHandle, Set<Promise<void>>>();

/** Resolves once every log write started so far on `db` has settled. */
export async function staffActionWritesSettled(db: DatabaseHandle): Promise<void> {
  const pending = inFlight.get(db);
  if (pending) await Promise.allSettled([...pending]);
}

/**
 * Keeps the route pattern and params the request matched: Express puts `req.params` back to its parent's when an
 * error leaves a router, so by the time a refused request's response finishes they would be gone.
 */
function rememberMatchedRoute(req: Request): () => MatchedRoute | null {
  let params = req.params;
  let lastRoute: unknown;
  let matched: MatchedRoute | null = null;
  Object.defineProperty(req, 'params', {
    configurable: true,
    enumerable: true,
    get: () => params,
    set(value: Record<string, string>) {
      params = value;
      const route = req.route as { path?: unknown } | undefined;
      if (route && route !== lastRoute) {
        lastRoute = route;
        matched = { route: `${req.baseUrl}${String(route.path)}`, params: value };
      }
    },
  });
  return () => matched;
}

const NUMERIC = /^[1-9]\d{0,9}$/;
const keyOf = (raw: string | undefined): OrganizationKey | null =>
  raw === undefined ? null : NUMERIC.test(raw) ? { id: Number(raw) } : { identifier: raw };

/** The organisation a route's params name: `:organizationId`, `:identifier`, or `:id` of `/organizations/:id...`. */
export function organizationKeyOf({ route, params }: MatchedRoute): OrganizationKey | null {
  if (params.organizationId !== undefined) return keyOf(params.organizationId);
  if (params.identifier !== undefined) return keyOf(params.identifier);
  if (/^\/api\/organizations\/:id(\/|$)/.test(route)) return keyOf(params.id);
  return null;
}

/**
 * Whose write this is for the log: an admin's anywhere (with the organisation the route names, if any), a manager's
 * only in the organisation of their first membership (SPEC §6, the one that counts), nobody else's.
 */
function staffScope(session: Session, key: OrganizationKey | null): { organizationId: number | null; identifier?: string } | null {
  if (can(session, 'platform.administer', PLATFORM)) {
    if (!key) return { organizationId: null };
    return 'id' in key ? { organizationId: key.id } : { organizationId: null, identifier: key.identifier };
  }
  if (!key || !can(session, 'organization.edit', { kind: 'organizationKey', key: 'id' in key ? key.id : key.identifier })) return null;
  // The organisation guard has matched the first membership (the one that counts) to the key.
  return { organizationId: firstMembership(session)!.organizationId };
}

/** Mounted on /api after authentication(): see the file's head. Writes never delay nor fail the response. */
export function staffActionLog({ db, logger }: { db: DatabaseHandle; logger: Logger }): RequestHandler {
  const pending = new Set<Promise<void>>();
  inFlight.set(db, pending);

  const write = async (req: Request, statusCode: number, matched: MatchedRoute) => {
    // A request no guard authenticated (public, or refused before: 401) has no actor to log.
    const session = await currentSession(req).catch(() => null);
    if (!session) return;
    const scope = staffScope(session, organizationKeyOf(matched));
    if (!scope) return;
    let organizationId = scope.organizationId;
    if (scope.identifier !== undefined) {
      const [row] = await db.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.identifier, scope.identifier))
        .limit(1);
      organizationId = row?.id ?? null;
    }
    const target = staffActionTarget(matched.route, matched.params);
    await recordStaffAction(db.db, {
      actor: session,
      organizationId,
      kind: staffActionKind(req.method, matched.route),
      method: req.method,
      route: matched.route,
      targetType: target.type,
      targetId: target.id,
      statusCode,
    });
  };

  return (req, res, next) => {
    if (READS.has(req.method)) return next();
    const matchedRoute = rememberMatchedRoute(req);
    res.once('finish', () => {
      if (res.locals.staffActionRecorded === true) return;
      const matched = matchedRoute();
      // No route answered (404 for an unknown path): nothing was acted on.
      if (!matched) return;
      if (pending.size >= STAFF_ACTION_MAX_PENDING) {
        logger.error({ method: req.method, route: matched.route, status: res.statusCode }, 'staff action log saturated: entry dropped');
        return;
      }
      const job = write(req, res.statusCode, matched)
        .catch((error: unknown) => logger.error({ err: error, method: req.method, route: matched.route }, 'staff action not logged'))
        .finally(() => pending.delete(job));
      pending.add(job);
    });
    next();
  };
}
