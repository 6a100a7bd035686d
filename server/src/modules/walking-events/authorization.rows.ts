// Issue 17. Organisation paths: members read, managers write, another organisation's manager 403 (the guard). Event
// and team paths: another organisation gets 404 (the event is not revealed), acme members 403 on writes.
import type { Caller, Expected } from '../../test/authorization';
import { FORBIDDEN } from '../../test/authorization';
import { ACME_MANAGERS, ACME_MEMBERS, type Fixture, managersRow, type MatrixModule, membersRow, row } from '../../test/matrix';
import { walkingEventMessages } from '../../db/schema/walking-events';
import type { TestServer } from '../../test/server';
import { insertTeams, insertWalkingEvent } from './test-support';

const NOT_FOUND = [404, 'resource.notFound'] as const;
const EVENT_READERS: Record<Caller, Expected> = { ...ACME_MEMBERS, otherOrganization: NOT_FOUND };
const EVENT_MANAGERS: Record<Caller, Expected> = { ...ACME_MANAGERS, otherOrganization: NOT_FOUND };

/** The params of a fresh event, with `overrides`. */
const freshEvent =
  (overrides: Parameters<typeof insertWalkingEvent>[2] = {}) =>
  async ({ acme }: Fixture, _caller: Caller, server: TestServer) => {
    const event = await insertWalkingEvent(server, acme.id, overrides);
    return { organizationId: acme.id, eventId: event.id, id: event.id };
  };
const freshTeam = async ({ acme }: Fixture, members: number[], server: TestServer) => {
  const event = await insertWalkingEvent(server, acme.id);
  const { Team: teamId } = await insertTeams(server, event, { Team: members });
  return { id: event.id, teamId: teamId as number };
};
const emptyTeam = (fixture: Fixture, _caller: Caller, server: TestServer) => freshTeam(fixture, [], server);

/** An event whose one team holds acme's member and manager, with a message by the member. */
const boardWorld = async ({ acme, users }: Fixture, _caller: Caller, server: TestServer) => {
  const event = await insertWalkingEvent(server, acme.id);
  const { Team: teamId } = await insertTeams(server, event, { Team: [users.member.membership!.id, users.manager.membership!.id] });
  const [message] = await server.db.db
    .insert(walkingEventMessages)
    .values({ walkingEventId: event.id, teamId: teamId!, organizationMemberId: users.member.membership!.id, body: 'Go team' })
    .returning();
  return { id: event.id, messageId: message!.id };
};
const boardMessage = async (fixture: Fixture, caller: Caller, server: TestServer) => ({
  id: (await boardWorld(fixture, caller, server)).messageId,
});
/** Writing on a board and reacting is for the team's members: the admin, in no team, is refused. */
const TEAM_MEMBERS: Record<Caller, Expected> = { ...EVENT_READERS, admin: FORBIDDEN };

const reaction = { message_reaction: { emoji: '👍' } };
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
    membersRow('GET /api/organizations/:organizationId/walking_events'),
    managersRow('POST /api/organizations/:organizationId/walking_events', { body: eventBody }),
    membersRow('GET /api/organizations/:organizationId/walking_events/:eventId', { params: freshEvent() }),
    managersRow('PUT /api/organizations/:organizationId/walking_events/:eventId', {
      params: freshEvent(),
      body: { walking_event: { title: 'Renamed' } },
    }),
    managersRow('DELETE /api/organizations/:organizationId/walking_events/:eventId', { params: freshEvent() }),
    row('GET /api/walking_events/:id/team_summary', EVENT_READERS, { params: freshEvent() }),
    row('GET /api/walking_events/:id/personal_summary', EVENT_READERS, { params: freshEvent() }),
    row('GET /api/walking_events/:id/daily_summary', EVENT_MANAGERS, { params: freshEvent() }),
    row('GET /api/walking_events/:id/messages', EVENT_READERS, { params: boardWorld }),
    row('POST /api/walking_events/:id/messages', TEAM_MEMBERS, {
      params: boardWorld,
      body: { walking_event_message: { body: 'ファイト!' } },
    }),
    row('DELETE /api/walking_events/:id/messages/:messageId', EVENT_READERS, { params: boardWorld }),
    row('POST /api/walking_event_messages/:id/reactions', TEAM_MEMBERS, {
      params: boardMessage,
      body: reaction,
    }),
    row('DELETE /api/walking_event_messages/:id/reactions', TEAM_MEMBERS, {
      params: boardMessage,
      body: reaction,
    }),
    row('POST /api/walking_events/:id/teams', EVENT_MANAGERS, {
      params: freshEvent(),
      body: { walking_event_team: { team_name: 'Matrix team' } },
    }),
    row('PUT /api/walking_events/:id/teams/:teamId', EVENT_MANAGERS, {
      params: emptyTeam,
      body: { walking_event_team: { team_name: 'Renamed team' } },
    }),
    row('DELETE /api/walking_events/:id/teams/:teamId', EVENT_MANAGERS, { params: emptyTeam }),
    row('POST /api/walking_events/:id/random_teams', EVENT_MANAGERS, {
      params: freshEvent({ randomType: 'balanced' }),
      body: { random_teams: { seed: 'matrix', apply: false } },
    }),
    row('POST /api/walking_event_teams/:id/members', EVENT_MANAGERS, {
      params: async (fixture, caller, server) => ({ id: (await emptyTeam(fixture, caller, server)).teamId }),
      body: ({ bystander }: Fixture) => ({ walking_event_team_member: { organization_member_id: bystander.membership!.id } }),
    }),
    row('DELETE /api/walking_event_teams/:id/members/:memberId', EVENT_MANAGERS, {
      params: async (fixture, _caller, server) => ({
        id: (await freshTeam(fixture, [fixture.bystander.membership!.id], server)).teamId,
        memberId: fixture.bystander.membership!.id,
      }),
    }),
  ],
};
