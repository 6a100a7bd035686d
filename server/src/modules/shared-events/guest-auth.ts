import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { and, eq } from 'drizzle-orm';
import type { Request } from 'express';
import type { Executor } from '../../db/client';
import { type EventGuestRow, eventGuests, events } from '../../db/schema/events';
import { ApiError } from '../../jsonapi/errors';

/** Guest tokens carry a prefix, so a bearer is told apart from a Firebase ID token without asking Firebase. */
export const GUEST_TOKEN_PREFIX = 'kgt_';

export const hashGuestToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newGuestToken(): { token: string; tokenHash: string } {
  const token = `${GUEST_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashGuestToken(token) };
}

/** The bearer token when it is a guest token, else null (no header, or a Firebase token). */
export function guestBearer(req: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  const token = match?.[1];
  return token?.startsWith(GUEST_TOKEN_PREFIX) ? token : null;
}

/**
 * The guest a guest bearer names, when that guest's event is still externally published. A guest-shaped token that
 * names nobody (or an event no longer shared) is 401 auth.invalidToken; no guest bearer at all gives null.
 */
export async function findGuest(executor: Executor, req: Request): Promise<EventGuestRow | null> {
  const token = guestBearer(req);
  if (!token) return null;
  const [row] = await executor
    .select({ guest: eventGuests })
    .from(eventGuests)
    .innerJoin(events, eq(events.id, eventGuests.eventId))
    .where(and(eq(eventGuests.tokenHash, hashGuestToken(token)), eq(events.externallyPublished, true)));
  if (!row) throw new ApiError(ErrorCode.authInvalidToken);
  return row.guest;
}
