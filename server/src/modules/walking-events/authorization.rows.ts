// Issue 17. Organisation paths: members read, managers write, another organisation's manager 403 (the guard). Event
// and team paths: another organisation gets 404 (the event is not revealed), acme members 403 on writes.
import type { Caller, Expected } from '../../test/authorization';
import { FORBIDDEN } from '../../test/authorization';
import { ACME_MANAGERS, ACME_MEMBERS, type Fixture, type MatrixModule } from '../../test/matrix';
import { walkingEventMessages } from '../../db/schema/walking-events';
import type { TestServer } from '../../test/server';
import { insertTeams, insertWalkingEvent } from './test-support';

const NOT_FOUND = [404, 'resource.notFound'] as const;
const EVENT_READERS: Record<Caller, Expected> = { ...ACME_MEMBERS, otherOrganization: NOT_FOUND };
const EVENT_MANAGERS: Record<Caller, Expected> = { ...ACME_MANAGERS, otherOrganization: NOT_FOUND };

const freshEvent = async (server: TestServer, { acme }: Fixture, overrides: Parameters<typeof insertWalkingEvent>[2] = {}) => {
  const event = await insertWalkingEvent(server, acme.id, overrides);
  return { organizationId: acme.id, eventId: event.id, id: event.id };
};
const freshTeam = async (server: TestServer, { acme }: Fixture, members: number[] = []) => {
  const event = await insertWalkingEvent(server, acme.id);
  const { Team: teamId } = await insertTeams(server, event, { Team: members });
  return { id: event.id, teamId: teamId as number };
};

/** An event whose one team holds acme's member and manager, with a message by the member. */
const boardWorld = async (server: TestServer, { acme, users }: Fixture) => {
  const event = await insertWalkingEvent(server, acme.id);
  const { Team: teamId } = await insertTeams(server, event, { Team: [users.member.membership!.id, users.manager.membership!.id] });
  const [message] = await server.db.db
    .insert(walkingEventMessages)
    .values({ walkingEventId: event.id, teamId: teamId!, organizationMemberId: users.member.membership!.id, body: 'Go team' })
    .returning();
  return { id: event.id, messageId: message!.id };
};
/** Writing on a board and reacting is for the team's members: the admin, in no team, is refused. */
const TEAM_MEMBERS: Record<Caller, Expected> = { ...EVENT_READERS, admin: FORBIDDEN };

const eventBody = {
  walking_event: {
    title: 'Matrix walk',
    started_at: '2099-01-01',
    ended_at: '2099-01-10',
    final_result_published_at: '2099-01-12T09:00:00+09:00',
    random_type: 'balanced',
    team_limit: 5,
    member_limit: 10,
    show_team_member_data: true,
    show_personal_statistics: true,
  },
};

export const matrix: MatrixModule<TestServer> = {
  setup: async (server) => server,
  rows: [
    {
      route: 'GET /api/organizations/:organizationId/walking_events',
      params: ({ acme }) => ({ organizationId: acme.id }),
      expect: ACME_MEMBERS,
    },
    {
      route: 'POST /api/organizations/:organizationId/walking_events',
      params: ({ acme }) => ({ organizationId: acme.id }),
      body: eventBody,
      expect: ACME_MANAGERS,
    },
    {
      route: 'GET /api/organizations/:organizationId/walking_events/:eventId',
      params: (fixture, _caller, server) => freshEvent(server, fixture),
      expect: ACME_MEMBERS,
    },
    {
      route: 'PUT /api/organizations/:organizationId/walking_events/:eventId',
      params: (fixture, _caller, server) => freshEvent(server, fixture),
      body: { walking_event: { title: 'Renamed' } },
      expect: ACME_MANAGERS,
    },
    {
      route: 'DELETE /api/organizations/:organizationId/walking_events/:eventId',
      params: (fixture, _caller, server) => freshEvent(server, fixture),
      expect: ACME_MANAGERS,
    },
    {
      route: 'GET /api/walking_events/:id/team_summary',
      params: (fixture, _caller, server) => freshEvent(server, fixture),
      expect: EVENT_READERS,
    },
    {
      route: 'GET /api/walking_events/:id/personal_summary',
      params: (fixture, _caller, server) => freshEvent(server, fixture),
      expect: EVENT_READERS,
    },
    {
      route: 'GET /api/walking_events/:id/daily_summary',
      params: (fixture, _caller, server) => freshEvent(server, fixture),
      expect: EVENT_MANAGERS,
    },
    {
      route: 'GET /api/walking_events/:id/messages',
      params: (fixture, _caller, server) => boardWorld(server, fixture),
      expect: EVENT_READERS,
    },
    {
      route: 'POST /api/walking_events/:id/messages',
      params: (fixture, _caller, server) => boardWorld(server, fixture),
      body: { walking_event_message: { body: 'ファイト!' } },
      expect: TEAM_MEMBERS,
    },
    {
      route: 'DELETE /api/walking_events/:id/messages/:messageId',
      params: (fixture, _caller, server) => boardWorld(server, fixture),
      expect: EVENT_READERS,
    },
    {
      route: 'POST /api/walking_event_messages/:id/reactions',
      params: async (fixture, _caller, server) => ({ id: (await boardWorld(server, fixture)).messageId }),
      body: { message_reaction: { emoji: '👍' } },
      expect: TEAM_MEMBERS,
    },
    {
      route: 'DELETE /api/walking_event_messages/:id/reactions',
      params: async (fixture, _caller, server) => ({ id: (await boardWorld(server, fixture)).messageId }),
      body: { message_reaction: { emoji: '👍' } },
      expect: TEAM_MEMBERS,
    },
    {
      route: 'POST /api/walking_events/:id/teams',
      params: (fixture, _caller, server) => freshEvent(server, fixture),
      body: { walking_event_team: { team_name: 'Matrix team' } },
      expect: EVENT_MANAGERS,
    },
    {
      route: 'PUT /api/walking_events/:id/teams/:teamId',
      params: (fixture, _caller, server) => freshTeam(server, fixture),
      body: { walking_event_team: { team_name: 'Renamed team' } },
      expect: EVENT_MANAGERS,
    },
    {
      route: 'DELETE /api/walking_events/:id/teams/:teamId',
      params: (fixture, _caller, server) => freshTeam(server, fixture),
      expect: EVENT_MANAGERS,
    },
    {
      route: 'POST /api/walking_events/:id/random_teams',
      params: (fixture, _caller, server) => freshEvent(server, fixture, { randomType: 'balanced' }),
      body: { random_teams: { seed: 'matrix', apply: false } },
      expect: EVENT_MANAGERS,
    },
    {
      route: 'POST /api/walking_event_teams/:id/members',
      params: async (fixture, _caller, server) => ({ id: (await freshTeam(server, fixture)).teamId }),
      body: ({ bystander }: Fixture) => ({ walking_event_team_member: { organization_member_id: bystander.membership!.id } }),
      expect: EVENT_MANAGERS,
    },
    {
      route: 'DELETE /api/walking_event_teams/:id/members/:memberId',
      params: async (fixture, _caller, server) => ({
        id: (await freshTeam(server, fixture, [fixture.bystander.membership!.id])).teamId,
        memberId: fixture.bystander.membership!.id,
      }),
      expect: EVENT_MANAGERS,
    },
  ],
};
