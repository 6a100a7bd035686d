import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../../db/schema/organizations';
import type { WalkingEventRow } from '../../db/schema/walking-events';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { insertTeams, insertWalkingEvent } from './test-support';

type Message = {
  id: string;
  attributes: {
    body: string;
    'author-name': string;
    mine: boolean;
    reactions: { emoji: string; count: number; 'reacted-by-me': boolean; names: string[] }[];
  };
};

describe('walking events: the team cheer board', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let manager: BuiltUser;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let carol: BuiltUser;
  let loner: BuiltUser;
  let outsider: BuiltUser;
  let event: WalkingEventRow;
  let teams: Record<string, number>;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { numberOfMembers: 20 });
    const globex = await buildOrganization(server);
    [manager, alice, bob, carol, loner, outsider] = await Promise.all([
      buildUser(server, { organization: acme, memberRole: 'manager' }),
      buildUser(server, { organization: acme, name: 'Alice' }),
      buildUser(server, { organization: acme, name: 'Bob' }),
      buildUser(server, { organization: acme, name: 'Carol' }),
      buildUser(server, { organization: acme }),
      buildUser(server, { organization: globex, memberRole: 'manager' }),
    ]);
    event = await insertWalkingEvent(server, acme.id);
    teams = await insertTeams(server, event, { Red: [alice.membership!.id, bob.membership!.id], Blue: [carol.membership!.id] });
  });
  afterAll(() => server.close());

  const board = (user: BuiltUser, query = '') => server.request(`/api/walking_events/${event.id}/messages${query}`, { token: user.token });
  const post = (user: BuiltUser, body: unknown) =>
    server.request(`/api/walking_events/${event.id}/messages`, {
      method: 'POST',
      token: user.token,
      json: { walking_event_message: { body } },
    });
  const react = (user: BuiltUser, id: string, method: 'POST' | 'DELETE', emoji = '👍') =>
    server.request(`/api/walking_event_messages/${id}/reactions`, { method, token: user.token, json: { message_reaction: { emoji } } });

  it('a member writes to their team; teammates read it with reactions; other teams and other organisations do not', async () => {
    const posted = await post(alice, '  今日も一万歩!  ');
    expect(posted.status).toBe(201);
    const id = posted.body.data[0].id as string;
    expect(posted.body.data[0].attributes).toMatchObject({ body: '今日も一万歩!', 'author-name': 'Alice', mine: true });

    expect((await react(bob, id, 'POST')).status).toBe(204);
    expect((await react(bob, id, 'POST')).status).toBe(204);
    expect((await react(alice, id, 'POST', '🎉')).status).toBe(204);
    const seen = (await board(bob)).body.data as Message[];
    expect(seen.map((message) => message.attributes.body)).toEqual(['今日も一万歩!']);
    expect(seen[0]!.attributes).toMatchObject({
      mine: false,
      reactions: [
        { emoji: '👍', count: 1, 'reacted-by-me': true, names: ['Bob'] },
        { emoji: '🎉', count: 1, 'reacted-by-me': false, names: ['Alice'] },
      ],
    });
    expect((await react(bob, id, 'DELETE')).status).toBe(204);
    expect(((await board(bob)).body.data as Message[])[0]!.attributes.reactions.map((r) => r.emoji)).toEqual(['🎉']);

    // Carol is in Blue: her board is empty; Red's board and reacting there are not hers.
    expect((await board(carol)).body.data).toEqual([]);
    expect((await board(carol, `?team_id=${teams.Red}`)).status).toBe(403);
    expect((await react(carol, id, 'POST')).status).toBe(403);
    // No team, no board; another organisation sees nothing at all.
    expect((await board(loner)).status).toBe(403);
    expect((await post(loner, 'hi')).status).toBe(403);
    expect((await board(outsider)).status).toBe(404);
    expect((await react(outsider, id, 'POST')).status).toBe(404);
    // A manager reads any team's board.
    expect(((await board(manager, `?team_id=${teams.Red}`)).body.data as Message[]).map((m) => m.attributes.body)).toEqual([
      '今日も一万歩!',
    ]);
    expect((await board(manager, `?team_id=${teams.Blue}`)).body.data).toEqual([]);
    expect((await board(manager, '?team_id=abc')).status).toBe(400);
  });

  it('refuses empty and overlong messages and bad emoji; the author or a manager deletes, a teammate does not', async () => {
    expect((await post(alice, '   ')).body.errors[0]).toMatchObject({
      code: 'validation.required',
      source: { pointer: '/walking_event_message/body' },
    });
    expect((await post(alice, 'x'.repeat(501))).body.errors[0].code).toBe('validation.tooLong');
    const id = (await post(alice, 'delete me')).body.data[0].id as string;
    expect((await react(bob, id, 'POST', 'abc')).body.errors[0].code).toBe('validation.invalidFormat');
    const remove = (user: BuiltUser, messageId: string) =>
      server.request(`/api/walking_events/${event.id}/messages/${messageId}`, { method: 'DELETE', token: user.token });
    expect((await remove(bob, id)).status).toBe(403);
    expect((await remove(alice, id)).status).toBe(204);
    const other = (await post(bob, 'a manager removes this')).body.data[0].id as string;
    expect((await remove(manager, other)).status).toBe(204);
    expect((await remove(manager, other)).status).toBe(404);
  });
});
