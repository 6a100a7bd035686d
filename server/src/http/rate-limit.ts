import { ErrorCode } from '@kiwi/shared/api/error-codes';
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { ApiError } from '../jsonapi/errors';

export type RateLimitOptions = {
  /** Requests each client IP may make per window. */
  limit: number;
  windowMs?: number;
};

/**
 * Per-IP limit for calls anyone can make without signing in (shared events, guest uploads). Over the limit the answer
 * is the coded 429 `rateLimited` error document, with the standard RateLimit and Retry-After headers.
 * Counts are kept in this process's memory: with several replicas each one counts on its own.
 */
export function perIpRateLimit({ limit, windowMs = 60_000 }: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new ApiError(ErrorCode.rateLimited)),
  });
}
