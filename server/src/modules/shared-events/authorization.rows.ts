// Shared events need no sign-in (spec §6). A guest acts with its token as bearer: the anonymous caller carries it in
// the rows with a `sample` (a signed-in caller's own ID token wins, and is no guest token, so it is 401 there).
import { randomBytes } from 'node:crypto';
import { eventMessages, type EventRow, pollItems, polls } from '../../db/schema/events';
import { type Caller, type Expected, OK, UNAUTHENTICATED } from '../../test/authorization';
import { EVERYONE, type Fixture, GUEST_CALL, type MatrixModule, type Row, type RowParts, row } from '../../test/matrix';
import type { TestServer } from '../../test/server';
import { buildEvent, buildGuest } from '../events/test-support';

type World = {
  server: TestServer;
  event: EventRow;
  hidden: EventRow;
  pollId: number;
  itemId: number;
  messageId: number;
  guestId: number;
  guestToken: string;
  otherEventGuestToken: string;
};

const everyCaller = (expected: Expected) =>
  Object.fromEntries(Object.keys(EVERYONE).map((caller) => [caller, expected])) as Record<Caller, Expected>;
const ALL_UNAUTHENTICATED = everyCaller(UNAUTHENTICATED);
const GUEST_OF_THIS_EVENT: Record<Caller, Expected> = { ...ALL_UNAUTHENTICATED, anonymous: OK };
const GUEST_OF_ANOTHER_EVENT: Record<Caller, Expected> = { ...ALL_UNAUTHENTICATED, anonymous: [403, 'auth.forbidden'] };
const NOT_FOUND = everyCaller([404, 'resource.notFound']);

const BAD_QUERY = everyCaller([400, 'request.invalidParameter']);

const guest = (_f: Fixture, _c: Caller, w: World) => ({ authorization: `Bearer ${w.guestToken}` });
const otherGuest = (_f: Fixture, _c: Caller, w: World) => ({ authorization: `Bearer ${w.otherEventGuestToken}` });
const reaction = { message_reaction: { emoji: '👍' } };
const SHARED = '/api/shared_events/:id';

const event = (_f: Fixture, _c: Caller, w: World) => ({ id: w.event.id });
const message = (_f: Fixture, _c: Caller, w: World) => ({ id: w.event.id, messageId: w.messageId });
const pollItem = (_f: Fixture, _c: Caller, w: World) => ({ id: w.event.id, pollId: w.pollId, itemId: w.itemId });

/**
 * A guest's call three ways: with no token (everyone 401), with a guest token of this event (the anonymous caller
 * passes: `ownSample` names it) and, unless `otherEvent` is false, with a guest token of another event (403).
 */
function guestRows(
  route: string,
  { ownSample = 'guest token of this event', otherEvent = true, ...rest }: RowParts<World> & { ownSample?: string; otherEvent?: boolean },
): Row<World>[] {
  return [
    row(route, ALL_UNAUTHENTICATED, rest),
    row(route, GUEST_OF_THIS_EVENT, { ...rest, sample: ownSample, headers: guest, openTo: GUEST_CALL }),
    ...(otherEvent ? [row(route, GUEST_OF_ANOTHER_EVENT, { ...rest, sample: 'guest token of another event', headers: otherGuest })] : []),
  ];
}

/** A message of the world's guest, fresh per caller (deleting one leaves nothing for the next). */
async function guestMessage(w: World) {
  const [row] = await w.server.db.db
    .insert(eventMessages)
    .values({ eventId: w.event.id, eventGuestId: w.guestId, body: 'mine' })
    .returning();
  return { id: w.event.id, messageId: row!.id };
}

export const matrix: MatrixModule<World> = {
  async setup(server, fixture) {
    const event = await buildEvent(server, fixture.acme, fixture.bystander, { externallyPublished: true });
    const hidden = await buildEvent(server, fixture.acme, fixture.bystander, { externallyPublished: false });
    const other = await buildEvent(server, fixture.acme, fixture.bystander, { externallyPublished: true });
    const [poll] = await server.db.db.insert(polls).values({ eventId: event.id }).returning();
    const [item] = await server.db.db.insert(pollItems).values({ pollId: poll!.id, text: 'Yes' }).returning();
    const { guest: row, token } = await buildGuest(server, event.id);
    const [message] = await server.db.db
      .insert(eventMessages)
      .values({ eventId: event.id, eventGuestId: row.id, body: 'hello' })
      .returning();
    return {
      server,
      event,
      hidden,
      pollId: poll!.id,
      itemId: item!.id,
      messageId: message!.id,
      guestId: row.id,
      guestToken: token,
      otherEventGuestToken: (await buildGuest(server, other.id)).token,
    };
  },
  rows: [
    row(`GET ${SHARED}`, EVERYONE, { params: event }),
    row(`GET ${SHARED}`, NOT_FOUND, { sample: 'not published', params: (_f, _c, w) => ({ id: w.hidden.id }) }),
    row(`GET ${SHARED}/stream`, EVERYONE, { params: event, headers: () => ({ prefer: 'wait=0' }) }),
    row(`GET ${SHARED}/stream`, NOT_FOUND, {
      sample: 'not published',
      params: (_f, _c, w) => ({ id: w.hidden.id }),
      headers: () => ({ prefer: 'wait=0' }),
    }),
    row(`GET ${SHARED}/messages`, EVERYONE, { params: event }),
    ...guestRows(`POST ${SHARED}/messages`, { params: event, body: { event_message: { body: 'hi' } } }),
    ...guestRows(`DELETE ${SHARED}/messages/:messageId`, { params: (_f, _c, w) => guestMessage(w), ownSample: "the guest's own message" }),
    row(`POST ${SHARED}/guests`, EVERYONE, {
      params: event,
      body: () => ({ event_guest: { nickname: `guest-${randomBytes(4).toString('hex')}` } }),
      openTo: {
        anonymous: 'spec §6: anyone joins a shared event as a guest',
        otherOrganization: 'spec §6: anyone joins a shared event as a guest',
      },
    }),
    // Without ?nickname= every caller gets the same 400: the call is public, nothing refuses who asks.
    row(`GET ${SHARED}/guests/search`, BAD_QUERY, { params: event }),
    row(`GET ${SHARED}/guests/:guestId`, EVERYONE, { params: (_f, _c, w) => ({ id: w.event.id, guestId: w.guestId }) }),
    ...guestRows(`POST ${SHARED}/messages/:messageId/reactions`, { params: message, body: reaction }),
    ...guestRows(`DELETE ${SHARED}/messages/:messageId/reactions`, { params: message, body: reaction, otherEvent: false }),
    row(`GET ${SHARED}/polls/:pollId`, EVERYONE, { params: (_f, _c, w) => ({ id: w.event.id, pollId: w.pollId }) }),
    ...guestRows(`POST ${SHARED}/polls/:pollId/items/:itemId/members`, { params: pollItem }),
    ...guestRows(`DELETE ${SHARED}/polls/:pollId/items/:itemId/members`, { params: pollItem, otherEvent: false }),
  ],
};
