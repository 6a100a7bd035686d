import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs';
import type { OrganizationRow } from '../../db/schema/organizations';
import { walkingEventTeamMembers } from '../../db/schema/walking-events';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { day, insertTeams, insertWalkingEvent } from './test-support';

describe('walking events: events, date rules and teams', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let manager: BuiltUser;
  let member: BuiltUser;
  let colleagues: BuiltUser[];
  let outsider: BuiltUser;
  let globexMember: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    [acme, globex] = await Promise.all([buildOrganization(server, { numberOfMembers: 50 }), buildOrganization(server)]);
    [manager, member, outsider, globexMember, ...colleagues] = await Promise.all([
      buildUser(server, { organization: acme, memberRole: 'manager' }),
      buildUser(server, { organization: acme }),
      buildUser(server, { organization: globex, memberRole: 'manager' }),
      buildUser(server, { organization: globex }),
      ...Array.from({ length: 5 }, () => buildUser(server, { organization: acme })),
    ]);
  });
  afterAll(() => server.close());

  const base = () => `/api/organizations/${acme.id}/walking_events`;
  const valid = () => ({
    title: '春のウォーキング',
    started_at: day(1),
    ended_at: day(10),
    final_result_published_at: `${day(12)}T00:00:00+09:00`,
    random_type: 'manual',
    team_limit: 2,
    member_limit: 2,
    show_team_member_data: true,
    show_personal_statistics: true,
  });
  const create = (fields: Record<string, unknown>, token = manager.token) =>
    server.request(base(), { method: 'POST', token, json: { walking_event: { ...valid(), ...fields } } });
  const memberId = (user: BuiltUser) => user.membership!.id;

  it('creates an event (tomorrow, final result two days after the end at Tokyo midnight) and schedules its final result', async () => {
    const created = await create({});
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      title: '春のウォーキング',
      'started-at': day(1),
      'ended-at': day(10),
      'random-type': 'manual',
      status: 'scheduled',
      editable: 'all',
      'can-manage': true,
    });
    const id = Number(created.body.data.id);
    const [job] = await server.db.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, `walking_event.final_result:${id}:%`));
    expect(job).toMatchObject({ kind: 'walking_event.final_result', status: 'pending', payload: { walkingEventId: id } });
    expect(job!.runAt.toISOString()).toBe(new Date(`${day(12)}T00:00:00+09:00`).toISOString());

    const list = await server.request(base(), { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: { id: string }) => row.id)).toContain(String(id));
    const detail = await server.request(`${base()}/${id}`, { token: member.token });
    expect(detail.body.data.attributes['can-manage']).toBe(false);
  });

  it.each([
    ['a start today (Tokyo)', { started_at: day(0) }, 'validation.nextDayOrLater', '/walking_event/started_at'],
    ['a start yesterday', { started_at: day(-1) }, 'validation.nextDayOrLater', '/walking_event/started_at'],
    ['an end on the start day', { ended_at: day(1) }, 'validation.endAfterStart', '/walking_event/ended_at'],
    ['an end the day before the start', { ended_at: day(0) }, 'validation.endAfterStart', '/walking_event/ended_at'],
    [
      'a final result the day after the end, last Tokyo minute',
      { final_result_published_at: `${day(11)}T23:59:00+09:00` },
      'validation.finalResultAfterEnd',
      '/walking_event/final_result_published_at',
    ],
    ['an unknown team formation', { random_type: 'snake' }, 'validation.oneOf', '/walking_event/random_type'],
    ['no team', { team_limit: 0 }, 'validation.tooSmall', '/walking_event/team_limit'],
    ['a blank title', { title: '  ' }, 'validation.required', '/walking_event/title'],
    ['a date out of the picker range', { ended_at: '2100-01-01' }, 'validation.dateOutOfRange', '/walking_event/ended_at'],
  ])('refuses %s with the rule named', async (_name, fields, code, pointer) => {
    const refused = await create(fields);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ code, source: { pointer } });
  });

  it('accepts the edges: the end the day after the start, the final result two days after the end', async () => {
    const created = await create({ ended_at: day(2), final_result_published_at: `${day(4)}T00:00:00+09:00` });
    expect(created.status).toBe(201);
  });

  it('lets only acme managers write, members read, and hides the event from another organisation', async () => {
    expect((await create({}, member.token)).status).toBe(403);
    expect((await create({}, outsider.token)).status).toBe(403);
    const event = await insertWalkingEvent(server, acme.id);
    expect((await server.request(`/api/organizations/${acme.id}/walking_events/${event.id}`, { token: outsider.token })).status).toBe(403);
    // A globex path with acme's event id: no such event there.
    expect((await server.request(`/api/organizations/${globex.id}/walking_events/${event.id}`, { token: outsider.token })).status).toBe(
      404,
    );
    for (const path of [`/api/walking_events/${event.id}/team_summary`, `/api/walking_events/${event.id}/personal_summary`]) {
      expect((await server.request(path, { token: globexMember.token })).status).toBe(404);
      expect((await server.request(path, { token: member.token })).status).toBe(200);
    }
    const teamByMember = await server.request(`/api/walking_events/${event.id}/teams`, {
      method: 'POST',
      token: member.token,
      json: { walking_event_team: { team_name: 'Mine' } },
    });
    expect(teamByMember.status).toBe(403);
    const teamByOutsider = await server.request(`/api/walking_events/${event.id}/teams`, {
      method: 'POST',
      token: outsider.token,
      json: { walking_event_team: { team_name: 'Theirs' } },
    });
    expect(teamByOutsider.status).toBe(404);
  });

  it('after the start day only the final-result time changes (and its job moves); from the final-result day nothing', async () => {
    const running = await insertWalkingEvent(server, acme.id, { startedAt: day(-1), endedAt: day(5) });
    const path = `${base()}/${running.id}`;
    const put = (fields: Record<string, unknown>) =>
      server.request(path, { method: 'PUT', token: manager.token, json: { walking_event: fields } });

    const retitled = await put({ title: 'Another' });
    expect(retitled.status).toBe(409);
    expect(retitled.body.errors[0]).toMatchObject({ code: 'walkingEvent.locked', source: { pointer: '/walking_event/title' } });
    // Sending the unchanged values is no change.
    expect((await put({ title: running.title, started_at: running.startedAt })).status).toBe(200);
    const tooEarly = await put({ final_result_published_at: `${day(6)}T12:00:00+09:00` });
    expect(tooEarly.body.errors[0].code).toBe('validation.finalResultAfterEnd');
    const moved = await put({ final_result_published_at: `${day(8)}T12:00:00+09:00` });
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes).toMatchObject({ status: 'running', editable: 'finalResultOnly' });
    const finalJobs = await server.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'walking_event.final_result'), like(jobs.dedupeKey, `walking_event.final_result:${running.id}:%`)));
    expect(finalJobs.filter((job) => job.status === 'pending').map((job) => job.runAt.toISOString())).toEqual([
      new Date(`${day(8)}T12:00:00+09:00`).toISOString(),
    ]);

    const teams = await server.request(`/api/walking_events/${running.id}/teams`, {
      method: 'POST',
      token: manager.token,
      json: { walking_event_team: { team_name: 'Late' } },
    });
    expect(teams.status).toBe(409);
    expect(teams.body.errors[0].code).toBe('walkingEvent.teamsLocked');
    // A late joiner is still placed in an existing team until the end day; not after it.
    const { Late: lateTeam } = await insertTeams(server, running, { Late: [] });
    const placeLate = (teamId: number, user: BuiltUser) =>
      server.request(`/api/walking_event_teams/${teamId}/members`, {
        method: 'POST',
        token: manager.token,
        json: { walking_event_team_member: { organization_member_id: memberId(user) } },
      });
    expect((await placeLate(lateTeam!, member)).status).toBe(201);
    const ended = await insertWalkingEvent(server, acme.id, {
      startedAt: day(-5),
      endedAt: day(-1),
      finalResultPublishedAt: new Date(`${day(2)}T09:00:00+09:00`),
    });
    const { Done: doneTeam } = await insertTeams(server, ended, { Done: [] });
    const tooLate = await placeLate(doneTeam!, member);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.errors[0].code).toBe('walkingEvent.teamsLocked');

    const finalDay = await insertWalkingEvent(server, acme.id, {
      startedAt: day(-10),
      endedAt: day(-2),
      finalResultPublishedAt: new Date(),
    });
    const locked = await server.request(`${base()}/${finalDay.id}`, {
      method: 'PUT',
      token: manager.token,
      json: { walking_event: { final_result_published_at: `${day(3)}T12:00:00+09:00` } },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.errors[0].code).toBe('walkingEvent.finalLocked');
    expect((await server.request(`${base()}/${finalDay.id}`, { method: 'DELETE', token: manager.token })).status).toBe(409);
  });

  it('teams by hand: create, rename, add and remove members, delete; limits and bad ids refused with reasons', async () => {
    const event = await insertWalkingEvent(server, acme.id, { teamLimit: 2, memberLimit: 2 });
    const addTeam = (name: string) =>
      server.request(`/api/walking_events/${event.id}/teams`, {
        method: 'POST',
        token: manager.token,
        json: { walking_event_team: { team_name: name } },
      });
    const red = await addTeam('Red');
    const blue = await addTeam('Blue');
    expect([red.status, blue.status]).toEqual([201, 201]);
    const third = await addTeam('Green');
    expect(third.status).toBe(409);
    expect(third.body.errors[0].code).toBe('walkingEvent.teamLimitReached');
    const redId = Number(red.body.data.id);
    const blueId = Number(blue.body.data.id);

    const renamed = await server.request(`/api/walking_events/${event.id}/teams/${redId}`, {
      method: 'PUT',
      token: manager.token,
      json: { walking_event_team: { team_name: 'Crimson' } },
    });
    expect(renamed.body.data.attributes['team-name']).toBe('Crimson');

    const add = (teamId: number, organizationMemberId: number) =>
      server.request(`/api/walking_event_teams/${teamId}/members`, {
        method: 'POST',
        token: manager.token,
        json: { walking_event_team_member: { organization_member_id: organizationMemberId } },
      });
    const added = await add(redId, memberId(member));
    expect(added.status).toBe(201);
    expect(added.body.data.attributes.members).toEqual([expect.objectContaining({ 'organization-member-id': memberId(member) })]);
    const twice = await add(blueId, memberId(member));
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({
      code: 'walkingEvent.alreadyInTeam',
      source: { pointer: '/walking_event_team_member/organization_member_id' },
    });
    const foreign = await add(redId, memberId(globexMember));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0]).toMatchObject({
      code: 'validation.notFoundInOrganization',
      source: { pointer: '/walking_event_team_member/organization_member_id' },
    });
    expect((await add(redId, 2_000_000_000)).body.errors[0].code).toBe('validation.notFoundInOrganization');
    expect((await add(redId, memberId(colleagues[0]!))).status).toBe(201);
    const full = await add(redId, memberId(colleagues[1]!));
    expect(full.status).toBe(409);
    expect(full.body.errors[0].code).toBe('walkingEvent.teamFull');

    // Another event's team id in the team path of this event: not found.
    const other = await insertWalkingEvent(server, acme.id);
    const [otherTeam] = Object.values(await insertTeams(server, other, { Other: [] }));
    expect(
      (await server.request(`/api/walking_events/${event.id}/teams/${otherTeam}`, { method: 'DELETE', token: manager.token })).status,
    ).toBe(404);

    const removed = await server.request(`/api/walking_event_teams/${redId}/members/${memberId(member)}`, {
      method: 'DELETE',
      token: manager.token,
    });
    expect(removed.status).toBe(204);
    expect((await add(blueId, memberId(member))).status).toBe(201);
    expect(
      (await server.request(`/api/walking_events/${event.id}/teams/${blueId}`, { method: 'DELETE', token: manager.token })).status,
    ).toBe(204);
    const rows = await server.db.db.select().from(walkingEventTeamMembers).where(eq(walkingEventTeamMembers.walkingEventId, event.id));
    expect(rows.map((row) => row.organizationMemberId)).toEqual([memberId(colleagues[0]!)]);
  });

  it('holds the limits under concurrency: a full team, and one member raced into two teams', async () => {
    const event = await insertWalkingEvent(server, acme.id, { teamLimit: 3, memberLimit: 2 });
    const ids = Object.values(await insertTeams(server, event, { A: [], B: [], C: [] }));
    const add = (teamId: number, organizationMemberId: number) =>
      server.request(`/api/walking_event_teams/${teamId}/members`, {
        method: 'POST',
        token: manager.token,
        json: { walking_event_team_member: { organization_member_id: organizationMemberId } },
      });
    const raced = await Promise.all(colleagues.map((colleague) => add(ids[0]!, memberId(colleague))));
    expect(raced.filter((response) => response.status === 201)).toHaveLength(2);
    expect(
      raced.filter((response) => response.status === 409).every((response) => response.body.errors[0].code === 'walkingEvent.teamFull'),
    ).toBe(true);
    const same = await Promise.all([add(ids[1]!, memberId(member)), add(ids[2]!, memberId(member))]);
    expect(same.map((response) => response.status).sort()).toEqual([201, 409]);
    const rows = await server.db.db.select().from(walkingEventTeamMembers).where(eq(walkingEventTeamMembers.walkingEventId, event.id));
    expect(rows).toHaveLength(3);
  });
});
