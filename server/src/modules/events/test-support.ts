// Test worlds for events: rows straight through drizzle, for tests that need an event without going through the API.
import type { DatabaseHandle } from '../../db/client';
import { type EventRow, eventGuests, eventMembers, events } from '../../db/schema/events';
import type { OrganizationRow } from '../../db/schema/organizations';
import type { BuiltUser } from '../../test/factories';
import { newGuestToken } from '../shared-events/guest-auth';

const HOUR = 3600 * 1000;

/** An event of `organization` authored by `author`, starting in a day unless told otherwise. */
export async function buildEvent(
  { db }: { db: DatabaseHandle },
  organization: OrganizationRow,
  author: BuiltUser,
  overrides: Partial<typeof events.$inferInsert> = {},
): Promise<EventRow> {
  const startsAt = overrides.startsAt ?? new Date(Date.now() + 24 * HOUR);
  const [event] = await db.db
    .insert(events)
    .values({
      organizationId: organization.id,
      name: 'Test event',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * HOUR),
      ...overrides,
    })
    .returning();
  if (!event) throw new Error('event not inserted');
  if (author.membership) {
    await db.db
      .insert(eventMembers)
      .values({ eventId: event.id, organizationMemberId: author.membership.id, role: 'author', status: 'joined', joinedAt: new Date() });
  }
  return event;
}

/** A guest of an event with its bearer token. */
export async function buildGuest(
  { db }: { db: DatabaseHandle },
  eventId: number,
  nickname = `guest-${Math.random().toString(36).slice(2, 8)}`,
) {
  const { token, tokenHash } = newGuestToken();
  const [guest] = await db.db.insert(eventGuests).values({ eventId, nickname, tokenHash }).returning();
  if (!guest) throw new Error('guest not inserted');
  return { guest, token };
}

/** Adds an organisation member to an event (joined participant by default). */
export async function addEventMember(
  { db }: { db: DatabaseHandle },
  eventId: number,
  user: BuiltUser,
  { role = 'member', status = 'joined' }: { role?: 'author' | 'manager' | 'member'; status?: 'invited' | 'joined' } = {},
) {
  if (!user.membership) throw new Error('user has no membership');
  const [row] = await db.db
    .insert(eventMembers)
    .values({ eventId, organizationMemberId: user.membership.id, role, status, joinedAt: status === 'joined' ? new Date() : null })
    .returning();
  if (!row) throw new Error('event member not inserted');
  return row;
}
