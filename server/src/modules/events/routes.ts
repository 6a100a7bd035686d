import { ErrorCode } from '@kiwi/shared/api/error-codes';
import {
  CreateEventMessageSchema,
  CreateEventSchema,
  EventListQuerySchema,
  EventMessageReactionSchema,
  EventStatisticsQuerySchema,
  JoinEventSchema,
  UpdateEventMessageSchema,
  UpdateEventSchema,
} from '@kiwi/shared/schemas/event';
import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { currentSession, requireOrganizationMember, requireSignedIn } from '../../auth/guards';
import { ApiError, invalidParameter } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import { serialize } from '../../jsonapi/serialize';
import { streamOwner } from '../../realtime/stream-owners';
import type { ModuleDependencies } from '../deps';
import { assertParticipant, canManage, type EventContext, loadEventContext } from './access';
import { eventChangeBroker, streamEventChanges } from './changes';
import {
  type Actor,
  createMessage,
  deleteMessage,
  findMessage,
  findPoll,
  isOwnMessage,
  listMessages,
  messageView,
  pollView,
  setReaction,
  setVote,
  updateMessage,
} from './content';
import { presentEvent, presentEventList, presentEventMember, presentMessage, presentMessages, presentPoll } from './presenter';
import { eventTags, listEvents } from './listing';
import { acceptEventInvitation, joinOrInvite, removeEventMember } from './members';
import { createEvent, deleteEvent, eventDetail, updateEvent } from './service';
import { can } from '../../auth/authorize';
import { eventsParticipationRate, eventsSummary } from './statistics';

const ORG = '/organizations/:organizationId';
const EVENT = `${ORG}/events/:eventId`;
const member = requireOrganizationMember({ managerOnly: false });
const manager = requireOrganizationMember();
const MessageListQuerySchema = z.object({
  kind: z.enum(['chat', 'retrospection'], { error: ErrorCode.requestInvalidParameter }).optional(),
});

const eventIds = (req: Request) => ({ organizationId: parseId(req, 'organizationId'), eventId: parseId(req, 'eventId') });
const actorOf = (context: EventContext): Actor | null =>
  context.viewer.organizationMemberId === null ? null : { kind: 'member', organizationMemberId: context.viewer.organizationMemberId };

/** from/to default to the twelve months up to today (UTC). */
function statisticsQuery(req: Request) {
  const query = parseQuery(EventStatisticsQuerySchema, req);
  const today = new Date().toISOString().slice(0, 10);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const yearBefore = new Date(`${to}T00:00:00.000Z`);
  yearBefore.setUTCFullYear(yearBefore.getUTCFullYear() - 1);
  const from = query.from ?? new Date(yearBefore.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  if (from > to) throw invalidParameter('to');
  return { from, to, type: query.type };
}

export function eventsRoutes({ db, logger, identity, sessions }: ModuleDependencies): Router {
  const router = Router();
  const transaction = <T>(work: Parameters<typeof db.db.transaction<T>>[0]) => db.db.transaction(work);

  // ---- dashboards (managers) ----
  router.get(`${ORG}/events_summary`, manager, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const query = statisticsQuery(req);
    const summary = await transaction((tx) => eventsSummary(tx, organizationId, query));
    res.json(serialize('events-summaries', summary, { id: () => organizationId, attributes: (row) => ({ ...row }) }));
  });

  router.get(`${ORG}/events_participation_rate`, manager, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const query = statisticsQuery(req);
    const rate = await transaction((tx) => eventsParticipationRate(tx, organizationId, query));
    res.json(serialize('events-participation-rates', rate, { id: () => organizationId, attributes: (row) => ({ ...row }) }));
  });

  router.get(`${ORG}/all_events`, manager, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { page, per } = parseQuery(PaginationSchema, req);
    const session = await currentSession(req);
    const { items, total } = await transaction((tx) => listEvents(tx, session, organizationId, { page, per, all: true }, new Date()));
    res.json(presentEventList(items, { page, per, total, url: req.originalUrl }));
  });

  // ---- events ----
  router.get(`${ORG}/events`, member, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { page, per } = parseQuery(PaginationSchema, req);
    const { period, tag } = parseQuery(EventListQuerySchema, req);
    const session = await currentSession(req);
    const { items, total, tags } = await transaction(async (tx) => ({
      ...(await listEvents(tx, session, organizationId, { period, tag, page, per }, new Date())),
      tags: await eventTags(tx, session, organizationId),
    }));
    res.json(presentEventList(items, { page, per, total, url: req.originalUrl }, { tags }));
  });

  router.post(`${ORG}/events`, member, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { event: input } = parseBody(CreateEventSchema, req);
    const session = await currentSession(req);
    const detail = await transaction((tx) => createEvent(tx, session, organizationId, input));
    res.status(201).json(presentEvent(detail));
  });

  router.get(EVENT, member, async (req, res) => {
    const ids = eventIds(req);
    const session = await currentSession(req);
    const detail = await transaction(async (tx) => eventDetail(tx, await loadEventContext(tx, session, ids)));
    res.json(presentEvent(detail));
  });

  // Live refresh of the event page: `event: changed` whenever its messages, reactions, poll or members change.
  router.get(`${EVENT}/stream`, member, async (req, res) => {
    const ids = eventIds(req);
    const session = await currentSession(req);
    const context = await transaction((tx) => loadEventContext(tx, session, ids));
    const stillVisible = () =>
      transaction((tx) => loadEventContext(tx, session, ids)).then(
        () => true,
        () => false,
      );
    // The bearer token's expiry and the session bound the stream, as for guild chat (the client reconnects).
    const owner = await streamOwner(req, { db, identity, sessions, logger });
    await streamEventChanges(eventChangeBroker(db, logger), req, res, context.event.id, stillVisible, owner);
  });

  router.put(EVENT, member, async (req, res) => {
    const ids = eventIds(req);
    const { event: input } = parseBody(UpdateEventSchema, req);
    const session = await currentSession(req);
    res.json(presentEvent(await transaction((tx) => updateEvent(tx, session, ids, input))));
  });

  router.delete(EVENT, member, async (req, res) => {
    const ids = eventIds(req);
    const session = await currentSession(req);
    await transaction((tx) => deleteEvent(tx, session, ids));
    res.status(204).end();
  });

  // ---- members ----
  router.post(`${EVENT}/members/join`, member, async (req, res) => {
    const ids = eventIds(req);
    const { event_member: input } = parseBody(JoinEventSchema, req);
    const session = await currentSession(req);
    const { member: joined } = await transaction((tx) => joinOrInvite(tx, session, ids, input, new Date()));
    res.status(201).json(presentEventMember(joined));
  });

  router.put(`${EVENT}/members/:memberId/accept_invitation`, member, async (req, res) => {
    const ids = { ...eventIds(req), memberId: parseId(req, 'memberId') };
    const session = await currentSession(req);
    res.json(presentEventMember(await transaction((tx) => acceptEventInvitation(tx, session, ids, new Date()))));
  });

  router.delete(`${EVENT}/members/:memberId`, member, async (req, res) => {
    const ids = { ...eventIds(req), memberId: parseId(req, 'memberId') };
    const session = await currentSession(req);
    await transaction((tx) => removeEventMember(tx, session, ids));
    res.status(204).end();
  });

  // ---- messages ----
  router.get(`${EVENT}/messages`, member, async (req, res) => {
    const ids = eventIds(req);
    const { kind } = parseQuery(MessageListQuerySchema, req);
    const session = await currentSession(req);
    const messages = await transaction(async (tx) => {
      const context = await loadEventContext(tx, session, ids);
      const manages = can(session, 'organization.manage', { kind: 'organization', id: context.event.organizationId });
      return listMessages(tx, context.event.id, actorOf(context), kind, { manages });
    });
    res.json(presentMessages(messages));
  });

  router.post(`${EVENT}/messages`, member, async (req, res) => {
    const ids = eventIds(req);
    const { event_message: input } = parseBody(CreateEventMessageSchema, req);
    const session = await currentSession(req);
    const message = await transaction(async (tx) => {
      const context = await loadEventContext(tx, session, ids);
      const organizationMemberId = assertParticipant(context);
      return createMessage(tx, context.event, { kind: 'member', organizationMemberId }, input, new Date());
    });
    res.status(201).json(presentMessage(message));
  });

  router.get(`${EVENT}/messages/:messageId`, member, async (req, res) => {
    const ids = eventIds(req);
    const messageId = parseId(req, 'messageId');
    const session = await currentSession(req);
    const message = await transaction(async (tx) => {
      const context = await loadEventContext(tx, session, ids);
      await findMessage(tx, messageId, context.event.id);
      return messageView(tx, messageId, actorOf(context));
    });
    res.json(presentMessage(message));
  });

  router.put(`${EVENT}/messages/:messageId`, member, async (req, res) => {
    const ids = eventIds(req);
    const messageId = parseId(req, 'messageId');
    const { event_message: input } = parseBody(UpdateEventMessageSchema, req);
    const session = await currentSession(req);
    const message = await transaction(async (tx) => {
      const context = await loadEventContext(tx, session, ids);
      const row = await findMessage(tx, messageId, context.event.id);
      const actor = actorOf(context);
      if (!actor) throw new ApiError(ErrorCode.authForbidden);
      return updateMessage(tx, row, actor, input);
    });
    res.json(presentMessage(message));
  });

  router.delete(`${EVENT}/messages/:messageId`, member, async (req, res) => {
    const ids = eventIds(req);
    const messageId = parseId(req, 'messageId');
    const session = await currentSession(req);
    await transaction(async (tx) => {
      const context = await loadEventContext(tx, session, ids);
      const row = await findMessage(tx, messageId, context.event.id);
      if (!isOwnMessage(row, actorOf(context)) && !canManage(context)) throw new ApiError(ErrorCode.authForbidden);
      await deleteMessage(tx, row);
    });
    res.status(204).end();
  });

  // ---- reactions and polls (paths without the organisation: the event is found through the message or poll) ----
  const reaction = (on: boolean) => async (req: Request, res: import('express').Response) => {
    const messageId = parseId(req);
    const { message_reaction: input } = parseBody(EventMessageReactionSchema, req);
    const session = await currentSession(req);
    const message = await transaction(async (tx) => {
      const row = await findMessage(tx, messageId);
      const context = await loadEventContext(tx, session, { eventId: row.eventId });
      const organizationMemberId = assertParticipant(context);
      return setReaction(tx, row.id, { kind: 'member', organizationMemberId }, input.emoji, on);
    });
    res.status(on ? 201 : 200).json(presentMessage(message));
  };
  router.post('/event_messages/:id/reactions', requireSignedIn, reaction(true));
  router.delete('/event_messages/:id/reactions', requireSignedIn, reaction(false));

  router.get('/polls/:id', requireSignedIn, async (req, res) => {
    const pollId = parseId(req);
    const session = await currentSession(req);
    const poll = await transaction(async (tx) => {
      const row = await findPoll(tx, pollId);
      const context = await loadEventContext(tx, session, { eventId: row.eventId });
      return pollView(tx, row.id, actorOf(context));
    });
    res.json(presentPoll(poll));
  });

  const vote = (on: boolean) => async (req: Request, res: import('express').Response) => {
    const pollId = parseId(req);
    const itemId = parseId(req, 'itemId');
    const session = await currentSession(req);
    const poll = await transaction(async (tx) => {
      const row = await findPoll(tx, pollId);
      const context = await loadEventContext(tx, session, { eventId: row.eventId });
      const organizationMemberId = assertParticipant(context);
      return setVote(tx, row.id, itemId, { kind: 'member', organizationMemberId }, on);
    });
    res.status(on ? 201 : 200).json(presentPoll(poll));
  };
  router.post('/polls/:id/items/:itemId/members', requireSignedIn, vote(true));
  router.delete('/polls/:id/items/:itemId/members', requireSignedIn, vote(false));

  return router;
}
