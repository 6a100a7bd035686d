// Shared events need no sign-in (spec §6). A guest acts with its token as bearer: the anonymous caller carries it in
// the rows with a `sample` (a signed-in caller's own ID token wins, and is no guest token, so it is 401 there).
import { randomBytes } from 'node:crypto';
import { eventMessages, type EventRow, pollItems, polls } from '../../db/schema/events';
import { type Caller, type Expected, OK, UNAUTHENTICATED } from '../../test/authorization';
import { EVERYONE, type MatrixModule, GUEST_CALL } from '../../test/matrix';
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

const guest = (_f: unknown, _c: Caller, w: World) => ({ authorization: `Bearer ${w.guestToken}` });
const otherGuest = (_f: unknown, _c: Caller, w: World) => ({ authorization: `Bearer ${w.otherEventGuestToken}` });
const reaction = { message_reaction: { emoji: '👍' } };
const SHARED = '/api/shared_events/:id';

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
    { route: `GET ${SHARED}`, params: (_f, _c, w) => ({ id: w.event.id }), expect: EVERYONE },
    { route: `GET ${SHARED}`, sample: 'not published', params: (_f, _c, w) => ({ id: w.hidden.id }), expect: NOT_FOUND },
    { route: `GET ${SHARED}/stream`, params: (_f, _c, w) => ({ id: w.event.id }), headers: () => ({ prefer: 'wait=0' }), expect: EVERYONE },
    {
      route: `GET ${SHARED}/stream`,
      sample: 'not published',
      params: (_f, _c, w) => ({ id: w.hidden.id }),
      headers: () => ({ prefer: 'wait=0' }),
      expect: NOT_FOUND,
    },
    { route: `GET ${SHARED}/messages`, params: (_f, _c, w) => ({ id: w.event.id }), expect: EVERYONE },
    {
      route: `POST ${SHARED}/messages`,
      params: (_f, _c, w) => ({ id: w.event.id }),
      body: { event_message: { body: 'hi' } },
      expect: ALL_UNAUTHENTICATED,
    },
    {
      route: `POST ${SHARED}/messages`,
      sample: 'guest token of this event',
      params: (_f, _c, w) => ({ id: w.event.id }),
      headers: guest,
      body: { event_message: { body: 'hi' } },
      expect: GUEST_OF_THIS_EVENT,
      openTo: GUEST_CALL,
    },
    {
      route: `POST ${SHARED}/messages`,
      sample: 'guest token of another event',
      params: (_f, _c, w) => ({ id: w.event.id }),
      headers: otherGuest,
      body: { event_message: { body: 'hi' } },
      expect: GUEST_OF_ANOTHER_EVENT,
    },
    { route: `DELETE ${SHARED}/messages/:messageId`, params: (_f, _c, w) => guestMessage(w), expect: ALL_UNAUTHENTICATED },
    {
      route: `DELETE ${SHARED}/messages/:messageId`,
      sample: "the guest's own message",
      params: (_f, _c, w) => guestMessage(w),
      headers: guest,
      expect: GUEST_OF_THIS_EVENT,
      openTo: GUEST_CALL,
    },
    {
      route: `DELETE ${SHARED}/messages/:messageId`,
      sample: 'guest token of another event',
      params: (_f, _c, w) => guestMessage(w),
      headers: otherGuest,
      expect: GUEST_OF_ANOTHER_EVENT,
    },
    {
      route: `POST ${SHARED}/guests`,
      params: (_f, _c, w) => ({ id: w.event.id }),
      body: () => ({ event_guest: { nickname: `guest-${randomBytes(4).toString('hex')}` } }),
      expect: EVERYONE,
      openTo: {
        anonymous: 'spec §6: anyone joins a shared event as a guest',
        otherOrganization: 'spec §6: anyone joins a shared event as a guest',
      },
    },
    // Without ?nickname= every caller gets the same 400: the call is public, nothing refuses who asks.
    { route: `GET ${SHARED}/guests/search`, params: (_f, _c, w) => ({ id: w.event.id }), expect: BAD_QUERY },
    { route: `GET ${SHARED}/guests/:guestId`, params: (_f, _c, w) => ({ id: w.event.id, guestId: w.guestId }), expect: EVERYONE },
    {
      route: `POST ${SHARED}/messages/:messageId/reactions`,
      params: (_f, _c, w) => ({ id: w.event.id, messageId: w.messageId }),
      body: reaction,
      expect: ALL_UNAUTHENTICATED,
    },
    {
      route: `POST ${SHARED}/messages/:messageId/reactions`,
      sample: 'guest token of this event',
      params: (_f, _c, w) => ({ id: w.event.id, messageId: w.messageId }),
      headers: guest,
      body: reaction,
      expect: GUEST_OF_THIS_EVENT,
      openTo: GUEST_CALL,
    },
    {
      route: `POST ${SHARED}/messages/:messageId/reactions`,
      sample: 'guest token of another event',
      params: (_f, _c, w) => ({ id: w.event.id, messageId: w.messageId }),
      headers: otherGuest,
      body: reaction,
      expect: GUEST_OF_ANOTHER_EVENT,
    },
    {
      route: `DELETE ${SHARED}/messages/:messageId/reactions`,
      params: (_f, _c, w) => ({ id: w.event.id, messageId: w.messageId }),
      body: reaction,
      expect: ALL_UNAUTHENTICATED,
    },
    {
      route: `DELETE ${SHARED}/messages/:messageId/reactions`,
      sample: 'guest token of this event',
      params: (_f, _c, w) => ({ id: w.event.id, messageId: w.messageId }),
      headers: guest,
      body: reaction,
      expect: GUEST_OF_THIS_EVENT,
      openTo: GUEST_CALL,
    },
    { route: `GET ${SHARED}/polls/:pollId`, params: (_f, _c, w) => ({ id: w.event.id, pollId: w.pollId }), expect: EVERYONE },
    {
      route: `POST ${SHARED}/polls/:pollId/items/:itemId/members`,
      params: (_f, _c, w) => ({ id: w.event.id, pollId: w.pollId, itemId: w.itemId }),
      expect: ALL_UNAUTHENTICATED,
    },
    {
      route: `POST ${SHARED}/polls/:pollId/items/:itemId/members`,
      sample: 'guest token of this event',
      params: (_f, _c, w) => ({ id: w.event.id, pollId: w.pollId, itemId: w.itemId }),
      headers: guest,
      expect: GUEST_OF_THIS_EVENT,
      openTo: GUEST_CALL,
    },
    {
      route: `POST ${SHARED}/polls/:pollId/items/:itemId/members`,
      sample: 'guest token of another event',
      params: (_f, _c, w) => ({ id: w.event.id, pollId: w.pollId, itemId: w.itemId }),
      headers: otherGuest,
      expect: GUEST_OF_ANOTHER_EVENT,
    },
    {
      route: `DELETE ${SHARED}/polls/:pollId/items/:itemId/members`,
      params: (_f, _c, w) => ({ id: w.event.id, pollId: w.pollId, itemId: w.itemId }),
      expect: ALL_UNAUTHENTICATED,
    },
    {
      route: `DELETE ${SHARED}/polls/:pollId/items/:itemId/members`,
      sample: 'guest token of this event',
      params: (_f, _c, w) => ({ id: w.event.id, pollId: w.pollId, itemId: w.itemId }),
      headers: guest,
      expect: GUEST_OF_THIS_EVENT,
      openTo: GUEST_CALL,
    },
  ],
};
