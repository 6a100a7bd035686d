import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { membershipState } from '@kiwi/shared/domain/membership';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Session } from '../auth/session-cache';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { ApiError } from '../jsonapi/errors';
import { embedOriginRegistry } from '../modules/embed-origins/registry';

const CORS_ALLOW_METHODS = 'GET, POST, PUT, DELETE';
const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language, Last-Event-ID';
const CORS_EXPOSE_HEADERS = 'x-request-id, Content-Disposition';
/** Seconds a browser may reuse a preflight answer. */
const CORS_MAX_AGE = 600;

/** The organisations that registered the Origin of a cross-origin request that was let through (for the user check). */
const embedRequests = new WeakMap<Request, ReadonlySet<number>>();

/**
 * CORS for /api (issue 8, widgets). No Origin header, or the server's own origin (the request's Host, or PUBLIC_URL):
 * nothing to do. An origin some organisation registered as an embed origin: Access-Control-Allow-Origin with that
 * origin, and a preflight answered 204 here. Any other origin: 403 originNotAllowed without CORS headers, so the
 * browser shows the page nothing. Bearer tokens only: never Access-Control-Allow-Credentials.
 */
export function apiCors({ db, config }: { db: DatabaseHandle; config: Pick<Config, 'publicUrl'> }): RequestHandler {
  const registry = embedOriginRegistry(db);
  const publicOrigin = new URL(config.publicUrl).origin;

  const foreign = async (req: Request, res: Response, next: NextFunction, origin: string) => {
    const organizations = await registry.organizationsFor(origin);
    if (!organizations) throw new ApiError(ErrorCode.originNotAllowed);
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
      res.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      res.setHeader('Access-Control-Max-Age', String(CORS_MAX_AGE));
      res.status(204).end();
      return;
    }
    res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    embedRequests.set(req, organizations);
    next();
  };

  return (req, res, next) => {
    // Every answer depends on Origin, so no cache may hand one origin's answer to another.
    res.vary('Origin');
    const origin = req.get('origin');
    // Nearly every call (the portal's own, server to server): passed on at once, no promise and no registry.
    if (origin === undefined || origin === publicOrigin || isRequestHost(origin, req.get('host'))) {
      next();
      return undefined;
    }
    // Express 5 hands a rejection (originNotAllowed, or the registry's database failing) to the error handler.
    return foreign(req, res, next, origin);
  };
}

/**
 * Runs once a request's session is known (see `authentication()`): a signed-in call from an embed origin must come
 * from an origin that one of the user's organisations registered; platform admins may use any registered origin.
 * A membership that has ended does not count: a former member's organisation is no longer theirs (pending ones do,
 * as for the routes that let pending members through).
 */
export function checkEmbedOrigin(req: Request, session: Session, now: Date): void {
  const organizations = embedRequests.get(req);
  if (!organizations || session.user.role === 'admin') return;
  const mine = (membership: Session['memberships'][number]) =>
    organizations.has(membership.organizationId) && membershipState(membership, now) !== 'expired';
  if (session.memberships.some(mine)) return;
  throw new ApiError(ErrorCode.originNotAllowed);
}

/** Origin `http://kiwi.example:8080` against `Host: kiwi.example:8080` (default ports compared as the browser omits them). */
function isRequestHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  // As browsers write both (lower case, no default port): a string comparison, no URL parsing.
  const authority = origin.indexOf('://');
  if (authority !== -1 && origin.slice(authority + 3) === host) return true;
  try {
    const url = new URL(origin);
    return new URL(`${url.protocol}//${host}`).host === url.host;
  } catch {
    return false;
  }
}
