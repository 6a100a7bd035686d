import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { membershipState } from '@kiwi/shared/domain/membership';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Session } from '../auth/session-cache';
import { ApiError } from '../jsonapi/errors';

const CORS_ALLOW_METHODS = 'GET, POST, PUT, DELETE';
const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language, Last-Event-ID';
const CORS_EXPOSE_HEADERS = 'x-request-id, Content-Disposition';
/** Seconds a browser may reuse a preflight answer. */
const CORS_MAX_AGE = 600;

/** The organisations (ids) that registered an origin as an embed origin, or null when none did. */
export type EmbedOriginLookup = (origin: string) => Promise<ReadonlySet<number> | null>;

type EmbedRequest = { origin: string; organizations: ReadonlySet<number>; lookup: EmbedOriginLookup };
/** The embed origin of a cross-origin request that was let through, with its organisations (for the user check). */
const embedRequests = new WeakMap<Request, EmbedRequest>();

/**
 * CORS for /api (issue 8, widgets). No Origin header, or the server's own origin (PUBLIC_URL's scheme and host; see
 * `ownOrigin`): nothing to do. An origin some organisation registered as an embed origin (`organizationsFor`, handed in
 * by app.ts: this layer knows no feature module): Access-Control-Allow-Origin with that origin, and a preflight
 * answered 204 here. Any other origin: 403 originNotAllowed without CORS headers, so the browser shows the page
 * nothing. Bearer tokens only: never Access-Control-Allow-Credentials.
 */
export function apiCors({ publicUrl, organizationsFor }: { publicUrl: string; organizationsFor: EmbedOriginLookup }): RequestHandler {
  const isOwn = ownOrigin(publicUrl);

  const foreign = async (req: Request, res: Response, next: NextFunction, origin: string) => {
    const organizations = await organizationsFor(origin);
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
    embedRequests.set(req, { origin, organizations, lookup: organizationsFor });
    next();
  };

  return (req, res, next) => {
    // Every answer depends on Origin, so no cache may hand one origin's answer to another.
    res.vary('Origin');
    const origin = req.get('origin');
    // Nearly every call (the portal's own, server to server): passed on at once, no promise and no registry.
    if (origin === undefined || isOwn(origin, req.get('host'))) {
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
  const embed = embedRequests.get(req);
  if (embed && !originAdmits(embed.organizations, session, now)) throw new ApiError(ErrorCode.originNotAllowed);
}

function originAdmits(organizations: ReadonlySet<number>, session: Session, now: Date): boolean {
  if (session.user.role === 'admin') return true;
  const mine = (membership: Session['memberships'][number]) =>
    organizations.has(membership.organizationId) && membershipState(membership, now) !== 'expired';
  return session.memberships.some(mine);
}

/**
 * For a request let through from an embed origin: asks again whether that origin (as registered now) admits the
 * session, for event streams that outlive a change to the registered origins. Null for any other request.
 */
export function embedOriginRecheck(req: Request): ((session: Session, now: Date) => Promise<boolean>) | null {
  const embed = embedRequests.get(req);
  if (!embed) return null;
  return async (session, now) => {
    const organizations = await embed.lookup(embed.origin);
    return organizations !== null && originAdmits(organizations, session, now);
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Issue 22: an Origin is the server's own when its scheme and host are PUBLIC_URL's. The Host header alone never makes
 * it so (a DNS-rebinding page at http://evil.example:8080 that resolves to this server sends a matching Host). One
 * allowance for development: with a loopback PUBLIC_URL, a loopback Origin naming the very host:port the browser
 * connected to (http://127.0.0.1:8080 for http://localhost:8080, or a replica behind a local balancer); no page on
 * another site can send such an Origin.
 */
export function ownOrigin(publicUrl: string): (origin: string, host: string | undefined) => boolean {
  const configured = new URL(publicUrl);
  const publicOrigin = configured.origin;
  const loopbackPublic = LOOPBACK_HOSTS.has(configured.hostname);
  return (origin, host) => {
    if (origin === publicOrigin) return true;
    if (!loopbackPublic || !host) return false;
    const authority = origin.indexOf('://');
    if (authority === -1 || origin.slice(0, authority + 1) !== configured.protocol) return false;
    const originHost = origin.slice(authority + 3);
    if (originHost !== host.toLowerCase()) return false;
    const colon = originHost.lastIndexOf(':');
    const hostname = colon > originHost.lastIndexOf(']') ? originHost.slice(0, colon) : originHost;
    return LOOPBACK_HOSTS.has(hostname);
  };
}
