import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { joinRefusal } from '@kiwi/shared/domain/event-rules';
import {
  CreateEventGuestSchema,
  CreateEventMessageSchema,
  EventMessageReactionSchema,
  GuestSearchQuerySchema,
  SharedEventQuerySchema,
} from '@kiwi/shared/schemas/event';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Request, type Response, Router } from 'express';
import type { Executor } from '../../db/client';
import { type EventGuestRow, type EventRow, eventGuests, events } from '../../db/schema/events';
import { perIpRateLimit } from '../../http/rate-limit';
import { ApiError, notFound } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import { serialize } from '../../jsonapi/serialize';
import type { ModuleDependencies } from '../deps';
import { publicRateLimit } from '../system-settings/cache';
import {
  createMessage,
  deleteMessage,
  findMessage,
  findPoll,
  isOwnMessage,
  listMessages,
  pollView,
  setReaction,
  setVote,
} from '../events/content';
import { eventAttributes, presentMessage, presentMessages, presentPoll } from '../events/presenter';
import { eventChangeBroker, signalEventChange, streamEventChanges } from '../events/changes';
import { joinedCount } from '../events/service';
import { visibleTo } from '../violation-reports/visibility';
import { findGuest, newGuestToken } from './guest-auth';

const SHARED = '/shared_events/:id';

/** An externally published event, or 404: unpublishing hides the page and every call under it. */
export async function publishedEvent(tx: Executor, eventId: number, { lock = false } = {}): Promise<EventRow> {
  const query = tx
    .select()
    .from(events)
    // Private events are never public, even one published before publishing a private event was refused.
    .where(and(eq(events.id, eventId), eq(events.externallyPublished, true), eq(events.publicRange, 'public')));
  const [event] = lock ? await query.for('update') : await query;
  if (!event) throw notFound();
  return event;
}

/** The caller's guest when the bearer is a guest of THIS event; a guest of another event is refused. */
async function guestOf(tx: Executor, req: Request, event: EventRow): Promise<EventGuestRow | null> {
  const guest = await findGuest(tx, req);
  if (guest && guest.eventId !== event.id) throw new ApiError(ErrorCode.authForbidden);
  return guest;
}

export async function requireGuest(tx: Executor, req: Request, event: EventRow): Promise<EventGuestRow> {
  const guest = await guestOf(tx, req, event);
  if (!guest) throw new ApiError(ErrorCode.authUnauthenticated);
  return guest;
}

/** A guest hidden while reported is left out for everyone but that guest (the shared page has no managers). */
async function guestsVisibleTo(tx: Executor, req: Request) {
  const me = await findGuest(tx, req).catch(() => null);
  return visibleTo({ memberId: null, guestId: me?.id ?? null, manages: false }, 'EventGuest', eventGuests.id, { guest: eventGuests.id });
}

const guestResource = (withToken: boolean) => ({
  attributes: (row: EventGuestRow & { token?: string }) => ({
    eventId: row.eventId,
    nickname: row.nickname,
    createdAt: row.createdAt,
    ...(withToken ? { token: row.token } : {}),
  }),
});

/** Spec §7 "Shared events (public)": no sign-in; a guest acts with the token it got when joining as bearer. */
export function sharedEventsRoutes(deps: ModuleDependencies): Router {
  const { db, logger } = deps;
  const router = Router();
  const transaction = <T>(work: Parameters<typeof db.db.transaction<T>>[0]) => db.db.transaction(work);
  router.use('/shared_events', perIpRateLimit(deps, { name: 'shared-events', limit: publicRateLimit(deps) }));

  router.get(SHARED, async (req, res) => {
    const eventId = parseId(req);
    const { optional } = parseQuery(SharedEventQuerySchema, req);
    const answer = await transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId).catch((error: unknown) => {
        if (optional && error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
      if (!event) return null;
      const guest = await guestOf(tx, req, event);
      const [counts] = await tx
        .select({
          guests: sql<number>`(select count(*) from event_guests eg where eg.event_id = ${event.id})::int`,
          pollId: sql<number | null>`(select p.id from polls p where p.event_id = ${event.id})`,
        })
        .from(events)
        .where(eq(events.id, event.id));
      return { event, guest, joined: await joinedCount(tx, event.id), guests: counts?.guests ?? 0, pollId: counts?.pollId ?? null };
    });
    // Not published, asked optionally: nothing to show, and no 404 in the visitor's console.
    if (!answer) {
      res.json({ data: null });
      return;
    }
    const { sendNotification: _private, organizationId: _organization, ...publicAttributes } = eventAttributes(answer.event, answer.joined);
    res.json(
      serialize('shared-events', answer, {
        id: (row) => row.event.id,
        attributes: (row) => ({ ...publicAttributes, guestsCount: row.guests, pollId: row.pollId, myGuestId: row.guest?.id ?? null }),
      }),
    );
  });

  // Live refresh of the shared page (see events/changes.ts).
  router.get(`${SHARED}/stream`, async (req, res) => {
    const eventId = parseId(req);
    await transaction((tx) => publishedEvent(tx, eventId));
    const stillPublished = () =>
      transaction((tx) => publishedEvent(tx, eventId)).then(
        () => true,
        () => false,
      );
    await streamEventChanges(eventChangeBroker(db, logger), req, res, eventId, stillPublished);
  });

  router.get(`${SHARED}/messages`, async (req, res) => {
    const eventId = parseId(req);
    const messages = await transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId);
      const guest = await guestOf(tx, req, event);
      return listMessages(tx, event.id, guest ? { kind: 'guest', guestId: guest.id } : null);
    });
    res.json(presentMessages(messages, { shared: true }));
  });

  router.post(`${SHARED}/messages`, async (req, res) => {
    const eventId = parseId(req);
    const message = await transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId);
      const guest = await requireGuest(tx, req, event);
      const { event_message: input } = parseBody(CreateEventMessageSchema, req);
      return createMessage(tx, event, { kind: 'guest', guestId: guest.id }, input, new Date());
    });
    res.status(201).json(presentMessage(message, { shared: true }));
  });

  router.delete(`${SHARED}/messages/:messageId`, async (req, res) => {
    const eventId = parseId(req);
    const messageId = parseId(req, 'messageId');
    await transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId);
      const guest = await requireGuest(tx, req, event);
      const message = await findMessage(tx, messageId, event.id);
      if (!isOwnMessage(message, { kind: 'guest', guestId: guest.id })) throw new ApiError(ErrorCode.authForbidden);
      await deleteMessage(tx, message);
    });
    res.status(204).end();
  });

  router.post(`${SHARED}/guests`, async (req, res) => {
    const eventId = parseId(req);
    const { event_guest: input } = parseBody(CreateEventGuestSchema, req);
    const guest = await transaction(async (tx) => {
      // Locked like a member's join: guests count against applyMaximum.
      const event = await publishedEvent(tx, eventId, { lock: true });
      const refusal = joinRefusal(
        {
          cancel: event.cancel,
          startedAt: event.startsAt,
          endedAt: event.endsAt,
          recruitmentDeadline: event.recruitmentDeadline,
          applyMaximum: event.applyMaximum,
          joinedCount: await joinedCount(tx, event.id),
        },
        new Date(),
      );
      if (refusal) throw new ApiError(`event.${refusal}`);
      const { token, tokenHash } = newGuestToken();
      const [row] = await tx
        .insert(eventGuests)
        .values({ eventId: event.id, nickname: input.nickname, tokenHash })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ApiError(ErrorCode.eventNicknameTaken, { pointer: '/event_guest/nickname' });
      await signalEventChange(tx, event.id);
      return { ...row, token };
    });
    res.status(201).json(serialize('event-guests', guest, guestResource(true)));
  });

  router.get(`${SHARED}/guests/search`, async (req, res) => {
    const eventId = parseId(req);
    const { nickname } = parseQuery(GuestSearchQuerySchema, req);
    const guests = await transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId);
      return tx
        .select()
        .from(eventGuests)
        .where(
          and(
            eq(eventGuests.eventId, event.id),
            sql`lower(${eventGuests.nickname}) = lower(${nickname.trim()})`,
            await guestsVisibleTo(tx, req),
          ),
        )
        .orderBy(asc(eventGuests.id));
    });
    res.json(serialize('event-guests', guests, guestResource(false)));
  });

  router.get(`${SHARED}/guests/:guestId`, async (req, res) => {
    const eventId = parseId(req);
    const guestId = parseId(req, 'guestId');
    const guest = await transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId);
      const [row] = await tx
        .select()
        .from(eventGuests)
        .where(and(eq(eventGuests.id, guestId), eq(eventGuests.eventId, event.id), await guestsVisibleTo(tx, req)));
      if (!row) throw notFound();
      return row;
    });
    res.json(serialize('event-guests', guest, guestResource(false)));
  });

  const reaction = (on: boolean) => async (req: Request, res: Response) => {
    const eventId = parseId(req);
    const messageId = parseId(req, 'messageId');
    const message = await transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId);
      const guest = await requireGuest(tx, req, event);
      const { message_reaction: input } = parseBody(EventMessageReactionSchema, req);
      const row = await findMessage(tx, messageId, event.id);
      return setReaction(tx, row.id, { kind: 'guest', guestId: guest.id }, input.emoji, on);
    });
    res.status(on ? 201 : 200).json(presentMessage(message, { shared: true }));
  };
  router.post(`${SHARED}/messages/:messageId/reactions`, reaction(true));
  router.delete(`${SHARED}/messages/:messageId/reactions`, reaction(false));

  router.get(`${SHARED}/polls/:pollId`, async (req, res) => {
    const eventId = parseId(req);
    const pollId = parseId(req, 'pollId');
    const poll = await transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId);
      const guest = await guestOf(tx, req, event);
      await findPoll(tx, pollId, event.id);
      return pollView(tx, pollId, guest ? { kind: 'guest', guestId: guest.id } : null);
    });
    res.json(presentPoll(poll));
  });

  const vote = (on: boolean) => async (req: Request, res: Response) => {
    const eventId = parseId(req);
    const pollId = parseId(req, 'pollId');
    const itemId = parseId(req, 'itemId');
    const poll = await transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId);
      const guest = await requireGuest(tx, req, event);
      await findPoll(tx, pollId, event.id);
      return setVote(tx, pollId, itemId, { kind: 'guest', guestId: guest.id }, on);
    });
    res.status(on ? 201 : 200).json(presentPoll(poll));
  };
  router.post(`${SHARED}/polls/:pollId/items/:itemId/members`, vote(true));
  router.delete(`${SHARED}/polls/:pollId/items/:itemId/members`, vote(false));

  return router;
}
