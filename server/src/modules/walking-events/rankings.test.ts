import { and, eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDays } from '../../db/schema/activity';
import { jobs } from '../../db/schema/jobs';
import type { OrganizationRow } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { userDevices } from '../../db/schema/users';
import { type WalkingEventRow, walkingEvents } from '../../db/schema/walking-events';
import { createJobWorker } from '../../jobs/worker';
import { scheduleJob } from '../../jobs/schedule';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { jobHandlers } from '../../workers';
import { FINAL_RESULT_JOB } from './service';
import { day, insertSteps, insertTeams, insertWalkingEvent } from './test-support';

type TeamRow = { id: string; attributes: Record<string, any> };

describe('walking events: rankings from activity_days and the frozen final result', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let manager: BuiltUser;
  let m: BuiltUser[];
  let event: WalkingEventRow;
  let teams: Record<string, number>;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { numberOfMembers: 20 });
    manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
    m = [];
    for (let index = 1; index <= 6; index += 1) m.push(await buildUser(server, { organization: acme, name: `Walker ${index}` }));
    const id = (index: number) => m[index - 1]!.membership!.id;
    // Started four days ago: five event days so far (the daily average's divisor).
    event = await insertWalkingEvent(server, acme.id, {
      startedAt: day(-4),
      endedAt: day(3),
      showTeamMemberData: false,
      showPersonalStatistics: false,
    });
    teams = await insertTeams(server, event, { A: [id(1), id(2)], B: [id(3), id(4)], C: [id(5)], D: [] });
    // m1: 1,000 + 2,000 on event days, 50,000 the day before the start (not counted); m2 never synced; m6 is in no team.
    await insertSteps(server, id(1), { [day(-5)]: 50_000, [day(-4)]: 1000, [day(-3)]: 2000 });
    await insertSteps(server, id(3), { [day(-1)]: 1500 });
    await insertSteps(server, id(4), { [day(0)]: 1500 });
    await insertSteps(server, id(6), { [day(0)]: 90_000 });
  });
  afterAll(() => server.close());

  const summary = (kind: 'team_summary' | 'personal_summary', user: BuiltUser, query = '') =>
    server.request(`/api/walking_events/${event.id}/${kind}${query}`, { token: user.token });
  const figures = (rows: TeamRow[]) => rows.map((row) => [row.attributes['team-name'], row.attributes.rank, row.attributes.score]);
  const figures5Day = (rows: TeamRow[]) =>
    rows.map((row) => [row.attributes.name, row.attributes.rank, row.attributes['total-steps'], row.attributes['daily-average']]);

  it('m5 logs a day by hand and a second device syncs the same day: it counts once, and shows at once', async () => {
    const m5 = m[4]!;
    const figuresOf = (steps: number) => ({ steps, workout_minutes: 0, calories: 0, distance_meters: 0 });
    const logged = await server.request(`/api/user/activities/${day(-2)}`, {
      method: 'PUT',
      token: m5.token,
      json: { activity: figuresOf(1000) },
    });
    expect(logged.status).toBeLessThan(300);
    const synced = await server.request('/api/user/activities/sync', {
      method: 'POST',
      token: m5.token,
      json: { activity_sync: { days: [{ day: day(-2), ...figuresOf(1000) }] } },
    });
    expect(synced.status).toBeLessThan(300);
    const ranking = await summary('team_summary', manager);
    expect(ranking.body.data.find((row: TeamRow) => row.attributes['team-name'] === 'C').attributes['total-steps']).toBe(1000);
  });

  it('team ranking: total ÷ member count (never-synced count as zero), ties share the rank, an empty team scores 0', async () => {
    const ranking = await summary('team_summary', manager);
    expect(ranking.status).toBe(200);
    expect(figures(ranking.body.data)).toEqual([
      ['A', 1, 1500],
      ['B', 1, 1500],
      ['C', 3, 1000],
      ['D', 4, 0],
    ]);
    expect(ranking.body.meta).toMatchObject({ frozen: false, days: 5, 'my-team-id': null });
    // Managers see every team's members and steps.
    expect(ranking.body.data[0].attributes.members).toEqual([
      { 'organization-member-id': m[0]!.membership!.id, name: 'Walker 1', 'total-steps': 3000 },
      { 'organization-member-id': m[1]!.membership!.id, name: 'Walker 2', 'total-steps': 0 },
    ]);
  });

  it('personal ranking: total steps, daily average over the days so far, shared ranks; managers see all', async () => {
    const ranking = await summary('personal_summary', manager);
    expect(figures5Day(ranking.body.data)).toEqual([
      ['Walker 1', 1, 3000, 600],
      ['Walker 3', 2, 1500, 300],
      ['Walker 4', 2, 1500, 300],
      ['Walker 5', 4, 1000, 200],
      ['Walker 2', 5, 0, 0],
    ]);
    expect(ranking.body.meta).toMatchObject({ 'participant-count': 5, 'statistics-visible': true });
    expect(figures5Day((await summary('personal_summary', manager, '?per=1')).body.data)).toEqual([['Walker 1', 1, 3000, 600]]);
    expect((await summary('personal_summary', manager, '?per=0')).body.errors[0]).toMatchObject({ code: 'request.invalidParameter' });
  });

  it('dashboard: the leading teams daily averages and the daily participation (managers only)', async () => {
    const daily = await server.request(`/api/walking_events/${event.id}/daily_summary`, { token: manager.token });
    expect(daily.status).toBe(200);
    const figures = daily.body.data.attributes;
    expect(figures.days).toEqual([day(-4), day(-3), day(-2), day(-1), day(0)]);
    expect(figures.teams.map((team: { 'team-name': string }) => team['team-name'])).toEqual(['A', 'B', 'C', 'D']);
    expect(figures.teams[0]['daily-average']).toEqual([500, 1000, 0, 0, 0]);
    expect(figures.teams[2]['daily-average']).toEqual([0, 0, 1000, 0, 0]);
    expect(figures.participation).toEqual([0.2, 0.2, 0.2, 0.2, 0.2]);
    expect(figures).toMatchObject({ participants: 5, 'ever-synced': 4 });
    expect((await server.request(`/api/walking_events/${event.id}/daily_summary`, { token: m[0]!.token })).status).toBe(403);
  });

  it('exports both rankings as CSV (UTF-8 with BOM, or Shift_JIS), as the caller may see them', async () => {
    const teamsCsv = await summary('team_summary', manager, '?format=csv');
    expect(teamsCsv.headers.get('content-type')).toContain('text/csv; charset=utf-8');
    expect(teamsCsv.headers.get('content-disposition')).toContain(`walking-event-${event.id}-teams.csv`);
    // fetch's text() drops the BOM: the bytes show it.
    const raw = await fetch(`${server.url}/api/walking_events/${event.id}/team_summary?format=csv`, {
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(teamsCsv.body).toBe(
      '順位,チーム,人数,合計歩数,スコア\r\n1,A,2,3000,1500\r\n1,B,2,3000,1500\r\n3,C,1,1000,1000\r\n4,D,0,0,0\r\n',
    );
    // showPersonalStatistics is off: a member's export holds their own row only.
    const mine = await summary('personal_summary', m[2]!, '?format=csv');
    expect(mine.body).toBe('順位,名前,チーム,合計歩数,1日平均\r\n2,Walker 3,B,1500,300\r\n');
    const sjis = await fetch(`${server.url}/api/walking_events/${event.id}/personal_summary?format=csv&encoding=shift_jis`, {
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(sjis.headers.get('content-type')).toContain('shift_jis');
    const text = iconv.decode(Buffer.from(await sjis.arrayBuffer()), 'CP932');
    expect(text.split('\r\n').slice(0, 2)).toEqual(['順位,名前,チーム,合計歩数,1日平均', '1,Walker 1,A,3000,600']);
    expect(text.split('\r\n')).toHaveLength(7);
    expect((await summary('team_summary', manager, '?format=xml')).status).toBe(400);
  });

  it('members: their own row and team always; other teams members and the personal list only as the flags allow', async () => {
    const m3 = m[2]!;
    const teamView = await summary('team_summary', m3);
    expect(teamView.body.meta['my-team-id']).toBe(teams.B);
    const byName = Object.fromEntries(teamView.body.data.map((row: TeamRow) => [row.attributes['team-name'], row.attributes]));
    expect(byName.A.members).toBeNull();
    expect(byName.B).toMatchObject({
      mine: true,
      members: [expect.objectContaining({ name: 'Walker 3' }), expect.objectContaining({ name: 'Walker 4' })],
    });

    const personal = await summary('personal_summary', m3);
    expect(figures5Day(personal.body.data)).toEqual([['Walker 3', 2, 1500, 300]]);
    expect(personal.body.data[0].attributes.mine).toBe(true);
    expect(personal.body.meta['statistics-visible']).toBe(false);

    await server.db.db
      .update(walkingEvents)
      .set({ showPersonalStatistics: true, showTeamMemberData: true })
      .where(eq(walkingEvents.id, event.id));
    const m5 = m[4]!;
    const open = await summary('personal_summary', m5, '?per=2');
    // The top two, then m5's own row although it is outside them.
    expect(figures5Day(open.body.data)).toEqual([
      ['Walker 1', 1, 3000, 600],
      ['Walker 3', 2, 1500, 300],
      ['Walker 5', 4, 1000, 200],
    ]);
    expect(open.body.data.map((row: TeamRow) => row.attributes.mine)).toEqual([false, false, true]);
    const openTeams = await summary('team_summary', m5);
    expect(openTeams.body.data[0].attributes.members).toHaveLength(2);
    // Not a participant: no own row, the list as allowed.
    expect((await summary('personal_summary', m[5]!)).body.data).toHaveLength(5);
  });
});

describe('walking events: the home card', () => {
  it("shows the running event the member is in a team of: team, days left, today's steps; nothing for others", async () => {
    const server = await startTestServer();
    try {
      const acme = await buildOrganization(server, { numberOfMembers: 20 });
      const [walker, bystander] = await Promise.all([buildUser(server, { organization: acme }), buildUser(server, { organization: acme })]);
      const event = await insertWalkingEvent(server, acme.id, { title: 'Home walk', startedAt: day(-2), endedAt: day(3) });
      await insertTeams(server, event, { Owls: [walker.membership!.id] });
      await insertSteps(server, walker.membership!.id, { [day(0)]: 4321 });
      const home = await server.request('/api/home', { token: walker.token });
      expect(home.status).toBe(200);
      const card = home.body.included.find((item: { type: string }) => item.type === 'walking-events');
      expect(card).toMatchObject({
        id: String(event.id),
        attributes: {
          title: 'Home walk',
          status: 'running',
          'team-name': 'Owls',
          'days-left': 4,
          'today-steps': 4321,
          'final-team-rank': null,
        },
      });
      const other = await server.request('/api/home', { token: bystander.token });
      expect(other.body.data.relationships['walking-event'].data).toBeNull();
    } finally {
      await server.close();
    }
  });
});

describe('walking events: the final-result job', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let manager: BuiltUser;
  let walkers: BuiltUser[];
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { numberOfMembers: 20 });
    manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
    walkers = await Promise.all([buildUser(server, { organization: acme }), buildUser(server, { organization: acme })]);
  });
  afterAll(() => server.close());

  const runJobs = (now = new Date()) => createJobWorker({ db: server.db, handlers: jobHandlers, now: () => now }).runOnce();
  const slackPosts = (eventId: number) =>
    server.db.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'slack.walking_event_final_result'), sql`(${outbox.payload}->>'walkingEventId')::int = ${eventId}`));

  it('freezes at finalResultPublishedAt: one Slack post, a push to participants, and later syncs change nothing', async () => {
    const [w1, w2] = walkers as [BuiltUser, BuiltUser];
    const finalAt = new Date(Date.now() - 60_000);
    const event = await insertWalkingEvent(server, acme.id, {
      title: 'Autumn walk',
      startedAt: day(-10),
      endedAt: day(-3),
      finalResultPublishedAt: finalAt,
    });
    const teams = await insertTeams(server, event, { Hares: [w1.membership!.id], Tortoises: [w2.membership!.id] });
    await insertSteps(server, w1.membership!.id, { [day(-5)]: 8000 });
    await insertSteps(server, w2.membership!.id, { [day(-5)]: 5000 });
    await server.db.db.insert(userDevices).values({ userId: w1.user.id, uuid: 'w1-phone', fcmToken: 'w1-token' });
    await scheduleJob(server.db.db, {
      kind: FINAL_RESULT_JOB,
      runAt: finalAt,
      payload: { walkingEventId: event.id },
      dedupeKey: `test-final:${event.id}`,
    });

    // A late sync of an event day before the final-result time counts.
    await server.db.db
      .update(activityDays)
      .set({ steps: 4000 })
      .where(and(eq(activityDays.organizationMemberId, w1.membership!.id), eq(activityDays.day, day(-5))));
    expect(await runJobs()).toBeGreaterThanOrEqual(1);

    const [frozen] = await server.db.db.select().from(walkingEvents).where(eq(walkingEvents.id, event.id));
    expect(frozen!.finalizedAt).not.toBeNull();
    expect(frozen!.finalResult!.teams.map((team) => [team.teamName, team.rank, team.totalSteps])).toEqual([
      ['Tortoises', 1, 5000],
      ['Hares', 2, 4000],
    ]);
    const posts = await slackPosts(event.id);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      organizationId: acme.id,
      payload: {
        title: 'Autumn walk',
        path: `/walking_events/${event.id}`,
        teams: [
          { rank: 1, teamName: 'Tortoises', score: 5000 },
          { rank: 2, teamName: 'Hares', score: 4000 },
        ],
      },
    });
    const pushes = await server.db.db.select().from(outbox).where(eq(outbox.topic, 'push.send'));
    expect(pushes.map((row) => row.payload)).toEqual([
      expect.objectContaining({
        kind: 'walking_event_result',
        path: `/walking_events/${event.id}`,
        messages: [expect.objectContaining({ tokens: ['w1-token'] })],
      }),
    ]);

    // After the freeze: a sync, the job run again, a second job: the result and the one post stay.
    await insertSteps(server, w1.membership!.id, { [day(-4)]: 50_000 });
    await scheduleJob(server.db.db, {
      kind: FINAL_RESULT_JOB,
      runAt: finalAt,
      payload: { walkingEventId: event.id },
      dedupeKey: `test-final-again:${event.id}`,
    });
    await runJobs();
    expect(await slackPosts(event.id)).toHaveLength(1);
    const ranking = await server.request(`/api/walking_events/${event.id}/team_summary`, { token: manager.token });
    expect(ranking.body.meta.frozen).toBe(true);
    expect(ranking.body.data.map((row: TeamRow) => [row.attributes['team-name'], row.attributes['total-steps']])).toEqual([
      ['Tortoises', 5000],
      ['Hares', 4000],
    ]);
    const detail = await server.request(`/api/organizations/${acme.id}/walking_events/${event.id}`, { token: manager.token });
    expect(detail.body.data.attributes).toMatchObject({ status: 'final', editable: 'none' });
    // The home shows the frozen rank.
    const home = await server.request('/api/home', { token: w2.token });
    expect(home.body.included.find((item: { type: string }) => item.type === 'walking-events').attributes).toMatchObject({
      status: 'final',
      'final-team-rank': 1,
    });
    expect(teams.Hares).toBeGreaterThan(0);
  });

  it('does nothing when the time moved later (the new job will run) ', async () => {
    const event = await insertWalkingEvent(server, acme.id, {
      startedAt: day(-10),
      endedAt: day(-3),
      finalResultPublishedAt: new Date(Date.now() + 3600_000),
    });
    await scheduleJob(server.db.db, {
      kind: FINAL_RESULT_JOB,
      runAt: new Date(Date.now() - 1000),
      payload: { walkingEventId: event.id },
      dedupeKey: `test-moved:${event.id}`,
    });
    await runJobs();
    const [row] = await server.db.db.select().from(walkingEvents).where(eq(walkingEvents.id, event.id));
    expect(row!.finalizedAt).toBeNull();
    expect(await slackPosts(event.id)).toHaveLength(0);
    const [job] = await server.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `test-moved:${event.id}`));
    expect(job!.status).toBe('done');
  });
});
