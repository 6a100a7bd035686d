// Event routes x callers. Besides the six standard callers, rows with a `sample` put the acme member in another event
// role: not joined (the default rows), joined participant, co-host, author; and a private event they are not in.
import { eventMessages, type EventRow, pollItems, polls } from '../../db/schema/events';
import { type Caller, type Expected, FORBIDDEN, OK } from '../../test/authorization';
import { type BuiltUser, buildUser } from '../../test/factories';
import { ACME_MANAGERS, ACME_MEMBERS, type Fixture, type MatrixModule } from '../../test/matrix';
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
const PREFIX = '/api/organizations/:organizationId';
const EVENT = `${PREFIX}/events/:eventId`;
const rename = { event: { name: 'Renamed' } };
const post = { event_message: { body: 'hi' } };
const reaction = { message_reaction: { emoji: '👍' } };

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
    { route: `GET ${PREFIX}/events_summary`, params: (f) => ({ organizationId: f.acme.id }), expect: ACME_MANAGERS },
    { route: `GET ${PREFIX}/events_participation_rate`, params: (f) => ({ organizationId: f.acme.id }), expect: ACME_MANAGERS },
    { route: `GET ${PREFIX}/all_events`, params: (f) => ({ organizationId: f.acme.id }), expect: ACME_MANAGERS },
    { route: `GET ${PREFIX}/events`, params: (f) => ({ organizationId: f.acme.id }), expect: ACME_MEMBERS },
    {
      route: `POST ${PREFIX}/events`,
      params: (f) => ({ organizationId: f.acme.id }),
      body: { event: { name: 'Matrix', started_at: '2090-01-01T09:00:00.000Z', ended_at: '2090-01-01T10:00:00.000Z' } },
      // An event needs an author among the organisation's members.
      expect: { ...ACME_MEMBERS, admin: MEMBERSHIP_REQUIRED },
    },
    { route: `GET ${EVENT}`, params: (f, _c, w) => at(f, w.plain.event), expect: ACME_MEMBERS },
    {
      route: `GET ${EVENT}`,
      sample: 'private, member not in it',
      params: (f, _c, w) => at(f, w.secret.event),
      expect: { ...ACME_MEMBERS, member: NOT_FOUND },
    },
    // The stream ends at once with `Prefer: wait=0`, so the answer can be judged.
    {
      route: `GET ${EVENT}/stream`,
      params: (f, _c, w) => at(f, w.plain.event),
      headers: () => ({ prefer: 'wait=0' }),
      expect: ACME_MEMBERS,
    },
    {
      route: `GET ${EVENT}/stream`,
      sample: 'private, member not in it',
      params: (f, _c, w) => at(f, w.secret.event),
      headers: () => ({ prefer: 'wait=0' }),
      expect: { ...ACME_MEMBERS, member: NOT_FOUND },
    },
    { route: `PUT ${EVENT}`, sample: 'member not joined', params: (f, _c, w) => at(f, w.plain.event), body: rename, expect: ACME_MANAGERS },
    { route: `PUT ${EVENT}`, sample: 'member joined', params: (f, _c, w) => at(f, w.joined.event), body: rename, expect: ACME_MANAGERS },
    { route: `PUT ${EVENT}`, sample: 'member is co-host', params: (f, _c, w) => at(f, w.coHost.event), body: rename, expect: ACME_MEMBERS },
    {
      route: `PUT ${EVENT}`,
      sample: 'member is author',
      params: (f, _c, w) => at(f, w.authored.event),
      body: rename,
      expect: ACME_MEMBERS,
    },
    {
      route: `DELETE ${EVENT}`,
      sample: 'member not joined (a fresh event each)',
      params: async (f, _c, w) => at(f, await buildEvent(w.server, f.acme, f.bystander)),
      expect: ACME_MANAGERS,
    },
    {
      route: `DELETE ${EVENT}`,
      sample: 'member is author (a fresh event each)',
      params: async (f, _c, w) => at(f, await buildEvent(w.server, f.acme, f.users.member)),
      expect: ACME_MEMBERS,
    },
    {
      route: `POST ${EVENT}/members/join`,
      sample: 'yourself (admin: invites a colleague)',
      params: async (f, _c, w) => at(f, await buildEvent(w.server, f.acme, f.bystander)),
      body: async (f: Fixture, caller: Caller, w: World) => ({
        event_member: {
          organization_member_id: (memberOf(f, caller) ?? (await buildUser(w.server, { organization: f.acme }))).membership!.id,
        },
      }),
      expect: ACME_MEMBERS,
    },
    {
      route: `POST ${EVENT}/members/join`,
      sample: 'inviting a colleague as co-host',
      params: async (f, _c, w) => at(f, await buildEvent(w.server, f.acme, f.bystander)),
      body: (f: Fixture) => ({ event_member: { organization_member_id: f.bystander.membership!.id, role: 'manager' } }),
      // The bystander is the author already; organisers get past the guard and are told so.
      expect: { ...ACME_MANAGERS, manager: [409, 'event.alreadyJoined'], admin: [409, 'event.alreadyJoined'] },
    },
    {
      route: `PUT ${EVENT}/members/:memberId/accept_invitation`,
      sample: "the caller's own invitation (admin: someone else's)",
      params: async (f, caller, w) => {
        const event = await buildEvent(w.server, f.acme, f.bystander, { publicRange: 'private' });
        const invitee = memberOf(f, caller) ?? (await buildUser(w.server, { organization: f.acme }));
        const invitation = await addEventMember(w.server, event.id, invitee, { status: 'invited' });
        return at(f, event, { memberId: invitation.id });
      },
      expect: { ...ACME_MEMBERS, admin: FORBIDDEN },
    },
    {
      route: `DELETE ${EVENT}/members/:memberId`,
      sample: 'leaving (admin: removing a participant)',
      params: async (f, caller, w) => {
        const event = await buildEvent(w.server, f.acme, f.bystander);
        const person = memberOf(f, caller) ?? (await buildUser(w.server, { organization: f.acme }));
        const row = await addEventMember(w.server, event.id, person);
        return at(f, event, { memberId: row.id });
      },
      expect: ACME_MEMBERS,
    },
    {
      route: `DELETE ${EVENT}/members/:memberId`,
      sample: "removing someone else's membership",
      params: async (f, _c, w) => {
        const event = await buildEvent(w.server, f.acme, f.bystander);
        const other = await buildUser(w.server, { organization: f.acme });
        return at(f, event, { memberId: (await addEventMember(w.server, event.id, other)).id });
      },
      expect: ACME_MANAGERS,
    },
    { route: `GET ${EVENT}/messages`, params: (f, _c, w) => at(f, w.plain.event), expect: ACME_MEMBERS },
    {
      route: `POST ${EVENT}/messages`,
      sample: 'member not joined',
      params: (f, _c, w) => at(f, w.plain.event),
      body: post,
      expect: PARTICIPANTS_ONLY,
    },
    {
      route: `POST ${EVENT}/messages`,
      sample: 'member joined',
      params: (f, _c, w) => at(f, w.joined.event),
      body: post,
      expect: JOINED_MEMBER,
    },
    {
      route: `POST ${EVENT}/messages`,
      sample: 'member is co-host',
      params: (f, _c, w) => at(f, w.coHost.event),
      body: post,
      expect: JOINED_MEMBER,
    },
    {
      route: `POST ${EVENT}/messages`,
      sample: 'member is author',
      params: (f, _c, w) => at(f, w.authored.event),
      body: post,
      expect: JOINED_MEMBER,
    },
    {
      route: `GET ${EVENT}/messages/:messageId`,
      params: (f, _c, w) => at(f, w.plain.event, { messageId: w.plain.messageId }),
      expect: ACME_MEMBERS,
    },
    {
      route: `PUT ${EVENT}/messages/:messageId`,
      sample: "someone else's message",
      params: (f, _c, w) => at(f, w.plain.event, { messageId: w.plain.messageId }),
      body: post,
      expect: { ...ACME_MEMBERS, member: FORBIDDEN, manager: FORBIDDEN, admin: FORBIDDEN },
    },
    {
      route: `PUT ${EVENT}/messages/:messageId`,
      sample: "the member's own message",
      params: (f, _c, w) => at(f, w.authored.event, { messageId: w.authored.messageId }),
      body: post,
      expect: { ...ACME_MEMBERS, manager: FORBIDDEN, admin: FORBIDDEN },
    },
    {
      route: `DELETE ${EVENT}/messages/:messageId`,
      sample: "someone else's message (a fresh one each)",
      params: async (f, _c, w) => at(f, w.plain.event, { messageId: (await sample(w.server, f, f.bystander)).messageId }),
      // The message belongs to another event than the path's: everyone allowed past the guard gets 404.
      expect: { ...ACME_MEMBERS, member: NOT_FOUND, manager: NOT_FOUND, admin: NOT_FOUND },
    },
    {
      route: `DELETE ${EVENT}/messages/:messageId`,
      sample: "a participant's message, by an organiser",
      params: async (f, _c, w) => {
        const fresh = await sample(w.server, f, f.bystander);
        return at(f, fresh.event, { messageId: fresh.messageId });
      },
      expect: ACME_MANAGERS,
    },
    {
      route: `DELETE ${EVENT}/messages/:messageId`,
      sample: "the member's own message",
      params: async (f, _c, w) => {
        const fresh = await sample(w.server, f, f.users.member);
        return at(f, fresh.event, { messageId: fresh.messageId });
      },
      expect: ACME_MEMBERS,
    },
    {
      route: 'POST /api/event_messages/:id/reactions',
      sample: 'member not joined',
      params: (_f, _c, w) => ({ id: w.plain.messageId }),
      body: reaction,
      expect: PARTICIPANTS_ONLY,
    },
    {
      route: 'POST /api/event_messages/:id/reactions',
      sample: 'member joined',
      params: (_f, _c, w) => ({ id: w.joined.messageId }),
      body: reaction,
      expect: JOINED_MEMBER,
    },
    {
      route: 'DELETE /api/event_messages/:id/reactions',
      sample: 'member not joined',
      params: (_f, _c, w) => ({ id: w.plain.messageId }),
      body: reaction,
      expect: PARTICIPANTS_ONLY,
    },
    {
      route: 'DELETE /api/event_messages/:id/reactions',
      sample: 'member joined',
      params: (_f, _c, w) => ({ id: w.joined.messageId }),
      body: reaction,
      expect: JOINED_MEMBER,
    },
    { route: 'GET /api/polls/:id', params: (_f, _c, w) => ({ id: w.plain.pollId }), expect: ACME_MEMBERS },
    {
      route: 'GET /api/polls/:id',
      sample: 'private, member not in it',
      params: (_f, _c, w) => ({ id: w.secret.pollId }),
      expect: { ...ACME_MEMBERS, member: NOT_FOUND },
    },
    {
      route: 'POST /api/polls/:id/items/:itemId/members',
      sample: 'member not joined',
      params: (_f, _c, w) => ({ id: w.plain.pollId, itemId: w.plain.itemId }),
      expect: PARTICIPANTS_ONLY,
    },
    {
      route: 'POST /api/polls/:id/items/:itemId/members',
      sample: 'member is co-host',
      params: (_f, _c, w) => ({ id: w.coHost.pollId, itemId: w.coHost.itemId }),
      expect: JOINED_MEMBER,
    },
    {
      route: 'DELETE /api/polls/:id/items/:itemId/members',
      sample: 'member not joined',
      params: (_f, _c, w) => ({ id: w.plain.pollId, itemId: w.plain.itemId }),
      expect: PARTICIPANTS_ONLY,
    },
    {
      route: 'DELETE /api/polls/:id/items/:itemId/members',
      sample: 'member joined',
      params: (_f, _c, w) => ({ id: w.joined.pollId, itemId: w.joined.itemId }),
      expect: JOINED_MEMBER,
    },
  ],
};
