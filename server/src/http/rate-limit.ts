import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { MEMBER_LIMITS } from '@kiwi/shared/schemas/member';
import type { Request, RequestHandler } from 'express';
import { type Options, rateLimit } from 'express-rate-limit';
import { ApiError } from '../jsonapi/errors';

export type RateLimitOptions = {
  /** Requests each client IP (or each key) may make per window; a function is asked per request (a system setting). */
  limit: number | (() => number | Promise<number>);
  windowMs?: number;
};

function codedRateLimit({ limit, windowMs = 60_000 }: RateLimitOptions, keyed: Partial<Options> = {}): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new ApiError(ErrorCode.rateLimited)),
    ...keyed,
  });
}

/**
 * Per-IP limit for calls anyone can make without signing in (shared events, guest uploads). Over the limit the answer
 * is the coded 429 `rateLimited` error document, with the standard RateLimit and Retry-After headers.
 * Counts are kept in this process's memory: with several replicas each one counts on its own.
 */
export function perIpRateLimit(options: RateLimitOptions): RequestHandler {
  return codedRateLimit(options);
}

/**
 * The same coded 429 counted per another key than the client IP (an email address in the body, say), so that many
 * clients together cannot do to one key what one client may not. A request without a key is let through uncounted:
 * the payload check that follows refuses it.
 */
export function keyedRateLimit(options: RateLimitOptions & { keyOf: (req: Request) => string | undefined }): RequestHandler {
  const { keyOf } = options;
  return codedRateLimit(options, { keyGenerator: (req) => keyOf(req) ?? '', skip: (req) => keyOf(req) === undefined });
}

/**
 * The key of a per-address limit: `body[resource].email`, normalised as the lookups compare it; none when the body has
 * no string there, or one longer than any address the schemas take (not counted, so not kept in memory; refused next).
 */
export function bodyEmailKey(resource: string): (req: Request) => string | undefined {
  return (req) => {
    const email: unknown = (req.body as Record<string, { email?: unknown } | undefined> | undefined)?.[resource]?.email;
    return typeof email === 'string' && email.length <= MEMBER_LIMITS.emailMax * 2 ? email.trim().toLowerCase() : undefined;
  };
}
