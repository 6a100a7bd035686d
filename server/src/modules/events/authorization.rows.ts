// Event routes x callers. Besides the six standard callers, rows with a `sample` put the acme member in another event
// role: not joined (the default rows), joined participant, co-host, author; and a private event they are not in.
import { eventMessages, type EventRow, pollItems, polls } from '../../db/schema/events';
import { type Caller, type Expected, FORBIDDEN, OK } from '../../test/authorization';
import { type BuiltUser, buildUser } from '../../test/factories';
import {
  ACME_MANAGERS,
  ACME_MEMBERS,
  acmeOrganization,
  type Fixture,
  managersRow,
  type MatrixModule,
  membersRow,
  row,
} from '../../test/matrix';
import type { TestServer } from '../../test/server';
import { addEventMember, buildEvent } from './test-support';

type Sample = { event: EventRow; pollId: number; itemId: number; messageId: number };
type World = {
  server: TestServer;
  plain: Sample;
  joined: Sample;
  coHost: Sample;
  authored: Sample;
  secret: Sample;
};

const NOT_PARTICIPANT = [403, 'event.notParticipant'] as const;
const MEMBERSHIP_REQUIRED = [403, 'event.membershipRequired'] as const;
const NOT_FOUND = [404, 'resource.notFound'] as const;
/** Posting, reacting, voting on an event the member has not joined: nobody but participants. */
const PARTICIPANTS_ONLY = { ...ACME_MEMBERS, member: NOT_PARTICIPANT, manager: NOT_PARTICIPANT, admin: MEMBERSHIP_REQUIRED };
/** The same where the acme member has joined (or organises). */
const JOINED_MEMBER: Record<Caller, Expected> = { ...PARTICIPANTS_ONLY, member: OK };

async function sample(server: TestServer, fixture: Fixture, author: BuiltUser, overrides: Partial<EventRow> = {}): Promise<Sample> {
  const event = await buildEvent(server, fixture.acme, author, overrides);
  const [poll] = await server.db.db.insert(polls).values({ eventId: event.id }).returning();
  const [item] = await server.db.db.insert(pollItems).values({ pollId: poll!.id, text: 'Yes' }).returning();
  const [message] = await server.db.db
    .insert(eventMessages)
    .values({ eventId: event.id, organizationMemberId: author.membership!.id, body: 'hello' })
    .returning();
  return { event, pollId: poll!.id, itemId: item!.id, messageId: message!.id };
}

const memberOf = (fixture: Fixture, caller: Caller): BuiltUser | null => {
  if (caller === 'anonymous' || caller === 'admin' || caller === 'otherOrganization') return null;
  return fixture.users[caller];
};

const at = (fixture: Fixture, event: EventRow, extra: Record<string, number> = {}) => ({
  organizationId: fixture.acme.id,
  eventId: event.id,
  ...extra,
});
type Role = Exclude<keyof World, 'server'>;
/** The params of the world's event where the member has `role`: its path, its message, its poll's item. */
const eventOf = (role: Role) => (f: Fixture, _c: Caller, w: World) => at(f, w[role].event);
const messageOf = (role: Role) => (_f: Fixture, _c: Caller, w: World) => ({ id: w[role].messageId });
const pollItemOf = (role: Role) => (_f: Fixture, _c: Caller, w: World) => ({ id: w[role].pollId, itemId: w[role].itemId });
/** A fresh event of the bystander's, one per caller. */
const freshEvent = async (f: Fixture, _c: Caller, w: World) => at(f, await buildEvent(w.server, f.acme, f.bystander));
const PREFIX = '/api/organizations/:organizationId';
const EVENT = `${PREFIX}/events/:eventId`;
const rename = { event: { name: 'Renamed' } };
const post = { event_message: { body: 'hi' } };
const reaction = { message_reaction: { emoji: '👍' } };
const stream = () => ({ prefer: 'wait=0' });

export const matrix: MatrixModule<World> = {
  async setup(server, fixture) {
    const { bystander } = fixture;
    const member = fixture.users.member;
    const plain = await sample(server, fixture, bystander);
    const joined = await sample(server, fixture, bystander);
    await addEventMember(server, joined.event.id, member);
    const coHost = await sample(server, fixture, bystander);
    await addEventMember(server, coHost.event.id, member, { role: 'manager' });
    const authored = await sample(server, fixture, member);
    const secret = await sample(server, fixture, bystander, { publicRange: 'private' });
    return { server, plain, joined, coHost, authored, secret };
  },
  rows: [
    managersRow(`GET ${PREFIX}/events_summary`),
    managersRow(`GET ${PREFIX}/events_participation_rate`),
    managersRow(`GET ${PREFIX}/all_events`),
    membersRow(`GET ${PREFIX}/events`),
    // An event needs an author among the organisation's members.
    row(
      `POST ${PREFIX}/events`,
      { ...ACME_MEMBERS, admin: MEMBERSHIP_REQUIRED },
      {
        params: acmeOrganization,
        body: { event: { name: 'Matrix', started_at: '2090-01-01T09:00:00.000Z', ended_at: '2090-01-01T10:00:00.000Z' } },
      },
    ),
    membersRow(`GET ${EVENT}`, { params: eventOf('plain') }),
    row(`GET ${EVENT}`, { ...ACME_MEMBERS, member: NOT_FOUND }, { sample: 'private, member not in it', params: eventOf('secret') }),
    // The stream ends at once with `Prefer: wait=0`, so the answer can be judged.
    membersRow(`GET ${EVENT}/stream`, { params: eventOf('plain'), headers: stream }),
    row(
      `GET ${EVENT}/stream`,
      { ...ACME_MEMBERS, member: NOT_FOUND },
      {
        sample: 'private, member not in it',
        params: eventOf('secret'),
        headers: stream,
      },
    ),
    managersRow(`PUT ${EVENT}`, { sample: 'member not joined', params: eventOf('plain'), body: rename }),
    managersRow(`PUT ${EVENT}`, { sample: 'member joined', params: eventOf('joined'), body: rename }),
    membersRow(`PUT ${EVENT}`, { sample: 'member is co-host', params: eventOf('coHost'), body: rename }),
    membersRow(`PUT ${EVENT}`, { sample: 'member is author', params: eventOf('authored'), body: rename }),
    managersRow(`DELETE ${EVENT}`, { sample: 'member not joined (a fresh event each)', params: freshEvent }),
    membersRow(`DELETE ${EVENT}`, {
      sample: 'member is author (a fresh event each)',
      params: async (f, _c, w) => at(f, await buildEvent(w.server, f.acme, f.users.member)),
    }),
    membersRow(`POST ${EVENT}/members/join`, {
      sample: 'yourself (admin: invites a colleague)',
      params: freshEvent,
      body: async (f: Fixture, caller: Caller, w: World) => ({
        event_member: {
          organization_member_id: (memberOf(f, caller) ?? (await buildUser(w.server, { organization: f.acme }))).membership!.id,
        },
      }),
    }),
    // The bystander is the author already; organisers get past the guard and are told so.
    row(
      `POST ${EVENT}/members/join`,
      { ...ACME_MANAGERS, manager: [409, 'event.alreadyJoined'], admin: [409, 'event.alreadyJoined'] },
      {
        sample: 'inviting a colleague as co-host',
        params: freshEvent,
        body: (f: Fixture) => ({ event_member: { organization_member_id: f.bystander.membership!.id, role: 'manager' } }),
      },
    ),
    row(
      `PUT ${EVENT}/members/:memberId/accept_invitation`,
      { ...ACME_MEMBERS, admin: FORBIDDEN },
      {
        sample: "the caller's own invitation (admin: someone else's)",
        params: async (f, caller, w) => {
          const event = await buildEvent(w.server, f.acme, f.bystander, { publicRange: 'private' });
          const invitee = memberOf(f, caller) ?? (await buildUser(w.server, { organization: f.acme }));
          const invitation = await addEventMember(w.server, event.id, invitee, { status: 'invited' });
          return at(f, event, { memberId: invitation.id });
        },
      },
    ),
    membersRow(`DELETE ${EVENT}/members/:memberId`, {
      sample: 'leaving (admin: removing a participant)',
      params: async (f, caller, w) => {
        const event = await buildEvent(w.server, f.acme, f.bystander);
        const person = memberOf(f, caller) ?? (await buildUser(w.server, { organization: f.acme }));
        const participation = await addEventMember(w.server, event.id, person);
        return at(f, event, { memberId: participation.id });
      },
    }),
    managersRow(`DELETE ${EVENT}/members/:memberId`, {
      sample: "removing someone else's membership",
      params: async (f, _c, w) => {
        const event = await buildEvent(w.server, f.acme, f.bystander);
        const other = await buildUser(w.server, { organization: f.acme });
        return at(f, event, { memberId: (await addEventMember(w.server, event.id, other)).id });
      },
    }),
    membersRow(`GET ${EVENT}/messages`, { params: eventOf('plain') }),
    row(`POST ${EVENT}/messages`, PARTICIPANTS_ONLY, { sample: 'member not joined', params: eventOf('plain'), body: post }),
    row(`POST ${EVENT}/messages`, JOINED_MEMBER, { sample: 'member joined', params: eventOf('joined'), body: post }),
    row(`POST ${EVENT}/messages`, JOINED_MEMBER, { sample: 'member is co-host', params: eventOf('coHost'), body: post }),
    row(`POST ${EVENT}/messages`, JOINED_MEMBER, { sample: 'member is author', params: eventOf('authored'), body: post }),
    membersRow(`GET ${EVENT}/messages/:messageId`, { params: (f, _c, w) => at(f, w.plain.event, { messageId: w.plain.messageId }) }),
    row(
      `PUT ${EVENT}/messages/:messageId`,
      { ...ACME_MEMBERS, member: FORBIDDEN, manager: FORBIDDEN, admin: FORBIDDEN },
      {
        sample: "someone else's message",
        params: (f, _c, w) => at(f, w.plain.event, { messageId: w.plain.messageId }),
        body: post,
      },
    ),
    row(
      `PUT ${EVENT}/messages/:messageId`,
      { ...ACME_MEMBERS, manager: FORBIDDEN, admin: FORBIDDEN },
      {
        sample: "the member's own message",
        params: (f, _c, w) => at(f, w.authored.event, { messageId: w.authored.messageId }),
        body: post,
      },
    ),
    // The message belongs to another event than the path's: everyone allowed past the guard gets 404.
    row(
      `DELETE ${EVENT}/messages/:messageId`,
      { ...ACME_MEMBERS, member: NOT_FOUND, manager: NOT_FOUND, admin: NOT_FOUND },
      {
        sample: "someone else's message (a fresh one each)",
        params: async (f, _c, w) => at(f, w.plain.event, { messageId: (await sample(w.server, f, f.bystander)).messageId }),
      },
    ),
    managersRow(`DELETE ${EVENT}/messages/:messageId`, {
      sample: "a participant's message, by an organiser",
      params: async (f, _c, w) => {
        const fresh = await sample(w.server, f, f.bystander);
        return at(f, fresh.event, { messageId: fresh.messageId });
      },
    }),
    membersRow(`DELETE ${EVENT}/messages/:messageId`, {
      sample: "the member's own message",
      params: async (f, _c, w) => {
        const fresh = await sample(w.server, f, f.users.member);
        return at(f, fresh.event, { messageId: fresh.messageId });
      },
    }),
    row('POST /api/event_messages/:id/reactions', PARTICIPANTS_ONLY, {
      sample: 'member not joined',
      params: messageOf('plain'),
      body: reaction,
    }),
    row('POST /api/event_messages/:id/reactions', JOINED_MEMBER, { sample: 'member joined', params: messageOf('joined'), body: reaction }),
    row('DELETE /api/event_messages/:id/reactions', PARTICIPANTS_ONLY, {
      sample: 'member not joined',
      params: messageOf('plain'),
      body: reaction,
    }),
    row('DELETE /api/event_messages/:id/reactions', JOINED_MEMBER, {
      sample: 'member joined',
      params: messageOf('joined'),
      body: reaction,
    }),
    membersRow('GET /api/polls/:id', { params: (_f, _c, w) => ({ id: w.plain.pollId }) }),
    row(
      'GET /api/polls/:id',
      { ...ACME_MEMBERS, member: NOT_FOUND },
      { sample: 'private, member not in it', params: (_f, _c, w) => ({ id: w.secret.pollId }) },
    ),
    row('POST /api/polls/:id/items/:itemId/members', PARTICIPANTS_ONLY, { sample: 'member not joined', params: pollItemOf('plain') }),
    row('POST /api/polls/:id/items/:itemId/members', JOINED_MEMBER, { sample: 'member is co-host', params: pollItemOf('coHost') }),
    row('DELETE /api/polls/:id/items/:itemId/members', PARTICIPANTS_ONLY, { sample: 'member not joined', params: pollItemOf('plain') }),
    row('DELETE /api/polls/:id/items/:itemId/members', JOINED_MEMBER, { sample: 'member joined', params: pollItemOf('joined') }),
  ],
};
