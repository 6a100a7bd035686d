import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMemberships, groups } from '../../db/schema/groups';
import { jobs } from '../../db/schema/jobs';
import type { OrganizationRow } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { wellBeingSurveyAnswers, wellBeingSurveys } from '../../db/schema/surveys';
import { createJobWorker } from '../../jobs/worker';
import { type MailPayload, renderMail } from '../../mail/render';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { expectFieldError, startTestServer, type TestServer } from '../../test/server';
import { surveyJobHandlers } from './jobs';
import { seedSurveys } from './seed';
import { answerBody, buildSurvey, inDays } from './test-support';

const DAY = 24 * 3600 * 1000;

let server: TestServer;
let acme: OrganizationRow;
let globex: OrganizationRow;
let admin: BuiltUser;
let manager: BuiltUser;
let member: BuiltUser;
let globexMember: BuiltUser;
/** Seven more acme members (answerers for the threshold tests). */
let others: BuiltUser[];
let inactive: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [acme, globex] = await Promise.all([buildOrganization(server), buildOrganization(server)]);
  [admin, manager, member, globexMember, inactive, ...others] = await Promise.all([
    buildUser(server, { role: 'admin' }),
    buildUser(server, { organization: acme, memberRole: 'manager' }),
    buildUser(server, { organization: acme }),
    buildUser(server, { organization: globex }),
    buildUser(server, { organization: acme, activeTo: new Date(Date.now() - DAY) }),
    ...Array.from({ length: 7 }, () => buildUser(server, { organization: acme })),
  ]);
});
afterAll(() => server?.close());

const post = (path: string, token: string, json: unknown) => server.request(path, { method: 'POST', token, json });
const put = (path: string, token: string, json: unknown) => server.request(path, { method: 'PUT', token, json });
const createBody = (organizationIds: unknown, overrides: Record<string, unknown> = {}) => ({
  well_being_survey: { title: 'Autumn survey', expired_at: inDays(14).toISOString(), organization_ids: organizationIds, ...overrides },
});
const answer = (surveyId: number, user: BuiltUser, value = 7, overrides: Record<string, unknown> = {}) =>
  post(`/api/well_being_surveys/${surveyId}/answers`, user.token, answerBody(value, overrides));

async function jobsOf(surveyId: number) {
  return server.db.db.select().from(jobs).where(sql`(${jobs.payload}->>'surveyId')::int = ${surveyId}`).orderBy(jobs.id);
}
async function outboxOf(organizationId: number, topic: string) {
  return server.db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.organizationId, organizationId), eq(outbox.topic, topic)))
    .orderBy(outbox.id);
}

describe('POST /api/well_being_surveys', () => {
  it.each(['9999-12-31T23:59:59Z', '2100-01-01T00:00:00+09:00'])(
    'refuses expired_at %s (spec §9 range) with the translated error at the field',
    async (expiredAt) => {
      const response = await server.request('/api/well_being_surveys', {
        method: 'POST',
        token: admin.token,
        json: createBody([acme.id], { expired_at: expiredAt }),
        headers: { 'accept-language': 'ja' },
      });
      expectFieldError(response, {
        code: 'validation.dateOutOfRange',
        pointer: '/well_being_survey/expired_at',
        detail: '1900年1月1日から2099年12月31日までの日付を入力してください',
      });
      const update = await put('/api/well_being_surveys/1', admin.token, { well_being_survey: { expired_at: expiredAt } });
      expect([update.status, update.body.errors[0].code]).toEqual([422, 'validation.dateOutOfRange']);
    },
  );

  it('takes a deadline on the last day of the range', async () => {
    const response = await post('/api/well_being_surveys', admin.token, createBody([acme.id], { expired_at: '2099-12-31T23:59:59+09:00' }));
    expect(response.status).toBe(201);
  });

  it('creates one survey per organisation with its opening notice and automatic reminder scheduled', async () => {
    const expiredAt = inDays(10);
    const response = await post(
      '/api/well_being_surveys',
      admin.token,
      createBody([acme.id, globex.id], { expired_at: expiredAt.toISOString() }),
    );
    expect(response.status).toBe(201);
    expect(response.body.data).toHaveLength(2);
    const organizations = response.body.data.map((survey: any) => survey.attributes['organization-id']).sort();
    expect(organizations).toEqual([acme.id, globex.id].sort());
    const surveyId = Number(response.body.data[0].id);
    expect(response.body.data[0].attributes).toMatchObject({ title: 'Autumn survey', open: true, 'answered-summary': { answered: 0 } });

    const scheduled = await jobsOf(surveyId);
    expect(scheduled.map((job) => job.kind).sort()).toEqual(['survey.opened', 'survey.reminder']);
    const reminder = scheduled.find((job) => job.kind === 'survey.reminder');
    expect(reminder?.runAt.getTime()).toBe(expiredAt.getTime() - 3 * DAY);
  });

  it('lists the organisations it could not create for, keeps the others, and a resubmit of those ids succeeds', async () => {
    const archived = await buildOrganization(server, { archived: true });
    const missing = 2_000_000_000;
    const before = await server.db.db.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.organizationId, globex.id));

    const response = await server.request('/api/well_being_surveys', {
      method: 'POST',
      token: admin.token,
      json: createBody([globex.id, archived.id, missing]),
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].code).toBe('survey.creationFailed');
    expect(response.body.errors[0].title).toContain(`${archived.id}, ${missing}`);
    expect(response.body.errors[0].detail).toContain('Please submit again');
    expect(response.body.meta['failed-organization-ids']).toEqual([archived.id, missing]);
    expect(response.body.meta.failures).toEqual([
      { 'organization-id': archived.id, reason: 'archived' },
      { 'organization-id': missing, reason: 'notFound' },
    ]);
    expect(response.body.meta['created-organization-ids']).toEqual([globex.id]);
    const after = await server.db.db.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.organizationId, globex.id));
    expect(after).toHaveLength(before.length + 1);

    // The admin fixes the organisation and resubmits only the failed one.
    await server.db.db.execute(sql`update organizations set archived = false where id = ${archived.id}`);
    const resubmitted = await post('/api/well_being_surveys', admin.token, createBody([archived.id]));
    expect(resubmitted.status).toBe(201);
    expect(resubmitted.body.data[0].attributes['organization-id']).toBe(archived.id);
  });

  it.each<[string, unknown, number, string, string]>([
    ['an empty organisation list', createBody([]), 422, 'survey.organizationsRequired', '/well_being_survey/organization_ids'],
    [
      'no organisation list',
      { well_being_survey: { title: 'x', expired_at: inDays(3).toISOString() } },
      422,
      'validation.required',
      '/well_being_survey/organization_ids',
    ],
    [
      'a deadline in the past',
      createBody([1], { expired_at: new Date(Date.now() - 60_000).toISOString() }),
      422,
      'survey.deadlineInPast',
      '/well_being_survey/expired_at',
    ],
    [
      'a deadline that is no date',
      createBody([1], { expired_at: 'next friday' }),
      422,
      'validation.invalidFormat',
      '/well_being_survey/expired_at',
    ],
    ['a blank title', createBody([1], { title: '  ' }), 422, 'validation.required', '/well_being_survey/title'],
    ['an organisation id that is no id', createBody(['acme']), 422, 'validation.invalidType', '/well_being_survey/organization_ids/0'],
  ])('refuses %s', async (_name, body, status, code, pointer) => {
    const response = await post('/api/well_being_surveys', admin.token, body);
    expect(response.status).toBe(status);
    expect(response.body.errors[0]).toMatchObject({ code, source: { pointer } });
  });
});

describe('GET /api/well_being_surveys', () => {
  it('shows members the surveys of their organisation only, and admins all', async () => {
    const own = await buildSurvey(server, acme.id, { title: 'Acme only' });
    const foreign = await buildSurvey(server, globex.id, { title: 'Globex only' });
    const ids = (body: any) => body.data.map((survey: any) => Number(survey.id));

    const forMember = await server.request('/api/well_being_surveys?per=100', { token: member.token });
    expect(forMember.status).toBe(200);
    expect(ids(forMember.body)).toContain(own.id);
    expect(ids(forMember.body)).not.toContain(foreign.id);
    const listed = forMember.body.data.find((survey: any) => Number(survey.id) === own.id);
    expect(listed.attributes['answered-by-me']).toBe(false);
    expect(forMember.body.included[0]).toMatchObject({ type: 'organizations', id: String(acme.id) });

    const forAdmin = await server.request('/api/well_being_surveys?per=100', { token: admin.token });
    expect(ids(forAdmin.body)).toEqual(expect.arrayContaining([own.id, foreign.id]));
    const globexOnly = await server.request(`/api/well_being_surveys?per=100&organization_id=${globex.id}`, { token: admin.token });
    expect(globexOnly.body.data.every((survey: any) => survey.attributes['organization-id'] === globex.id)).toBe(true);

    const elsewhere = await server.request(`/api/well_being_surveys?organization_id=${globex.id}`, { token: member.token });
    expect(elsewhere.status).toBe(403);

    for (const path of [
      '/api/well_being_surveys?organization_id=acme',
      '/api/well_being_surveys?per=0',
      '/api/well_being_surveys/abc',
      '/api/well_being_surveys/0/result',
    ]) {
      const response = await server.request(path, { token: admin.token });
      expect(response.status, path).toBe(400);
      expect(response.body.errors[0].code).toBe('request.invalidParameter');
    }
    const missing = await server.request('/api/well_being_surveys/2000000000', { token: admin.token });
    expect(missing.status).toBe(404);
  });
});

describe('POST /api/well_being_surveys/:id/answers', () => {
  it('stores the scores once; a second answer is refused with the spec message', async () => {
    const survey = await buildSurvey(server, acme.id);
    const first = await answer(survey.id, member, 7, { 'physical.energy': 10, 'physical.sleep': 10, 'physical.health': 10 });
    expect(first.status).toBe(201);
    expect(first.body.data.attributes.scores).toEqual({ physical: 100, relationship: 70, career: 70, community: 70, economically: 70 });

    const second = await server.request(`/api/well_being_surveys/${survey.id}/answers`, {
      method: 'POST',
      token: member.token,
      json: answerBody(3),
      headers: { 'accept-language': 'en' },
    });
    expect(second.status).toBe(409);
    expect(second.body.errors[0]).toMatchObject({ code: 'survey.alreadyAnswered', detail: 'You have already answered this survey' });

    const shown = await server.request(`/api/well_being_surveys/${survey.id}`, { token: member.token });
    expect(shown.body.data.attributes['answered-by-me']).toBe(true);
    expect(shown.body.data.attributes['answered-summary'].answered).toBe(1);
  });

  it('stores exactly one answer when the same member submits twice at the same moment', async () => {
    const survey = await buildSurvey(server, acme.id);
    const responses = await Promise.all([answer(survey.id, member, 4), answer(survey.id, member, 9)]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const stored = await server.db.db.select().from(wellBeingSurveyAnswers).where(eq(wellBeingSurveyAnswers.surveyId, survey.id));
    expect(stored).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing answer', { 'career.growth': undefined }, 'validation.required', '/well_being_survey_answer/answers/career.growth'],
    ['a value above 10', { 'community.pride': 11 }, 'validation.tooBig', '/well_being_survey_answer/answers/community.pride'],
    ['a value below 0', { 'physical.sleep': -1 }, 'validation.tooSmall', '/well_being_survey_answer/answers/physical.sleep'],
    ['a fraction', { 'economically.worry': 2.5 }, 'validation.integer', '/well_being_survey_answer/answers/economically.worry'],
    ['text', { 'relationship.time': 'five' }, 'validation.invalidType', '/well_being_survey_answer/answers/relationship.time'],
    ['an unknown question', { 'physical.height': 3 }, 'validation.unknownKey', '/well_being_survey_answer/answers/physical.height'],
  ])('refuses %s', async (_name, overrides, code, pointer) => {
    const survey = await buildSurvey(server, acme.id);
    const response = await answer(survey.id, member, 5, overrides);
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({ code, source: { pointer } });
    const stored = await server.db.db.select().from(wellBeingSurveyAnswers).where(eq(wellBeingSurveyAnswers.surveyId, survey.id));
    expect(stored).toHaveLength(0);
  });

  it('answers an answer to another organisation’s survey like one to a missing survey', async () => {
    const survey = await buildSurvey(server, globex.id);
    const response = await answer(survey.id, member);
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('survey.expiredOrNotFound');
  });

  it('refuses an answer after the deadline and to a survey that does not exist with the spec message', async () => {
    const closed = await buildSurvey(server, acme.id, { expiredAt: new Date(Date.now() - 1000) });
    for (const id of [closed.id, 2_000_000_000]) {
      const response = await server.request(`/api/well_being_surveys/${id}/answers`, {
        method: 'POST',
        token: member.token,
        json: answerBody(),
        headers: { 'accept-language': 'en' },
      });
      expect(response.status).toBe(404);
      expect(response.body.errors[0]).toMatchObject({
        code: 'survey.expiredOrNotFound',
        detail: 'The survey deadline has passed or the survey does not exist',
      });
    }
  });
});

describe('GET /api/well_being_surveys/:id/result', () => {
  const result = async (surveyId: number, user: BuiltUser) => {
    const response = await server.request(`/api/well_being_surveys/${surveyId}/result`, { token: user.token });
    expect(response.status).toBe(200);
    return response.body.data.attributes;
  };

  /** The result as published after the deadline; the survey then opens again for the next answers of the test. */
  const resultAfterDeadline = async (surveyId: number, user: BuiltUser) => {
    const [survey] = await server.db.db.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.id, surveyId));
    await server.db.db
      .update(wellBeingSurveys)
      .set({ expiredAt: new Date(Date.now() - 1000) })
      .where(eq(wellBeingSurveys.id, surveyId));
    try {
      return await result(surveyId, user);
    } finally {
      await server.db.db.update(wellBeingSurveys).set({ expiredAt: survey!.expiredAt }).where(eq(wellBeingSurveys.id, surveyId));
    }
  };

  it('publishes nothing while the survey is open: a reading before and after one more answer differ in the count only', async () => {
    const survey = await buildSurvey(server, acme.id);
    const [team] = await server.db.db.insert(groups).values({ organizationId: acme.id, name: 'Differencing team' }).returning();
    const answerers = [member, ...others.slice(0, 5)];
    await server.db.db
      .insert(groupMemberships)
      .values(answerers.map((user) => ({ groupId: team!.id, organizationMemberId: user.membership!.id })));
    for (const [index, user] of answerers.slice(0, 5).entries()) expect((await answer(survey.id, user, 3 + index)).status).toBe(201);
    const before = await result(survey.id, manager);
    // The sixth answer: if averages moved now, 6 * after - 5 * before would be this member's scores.
    expect((await answer(survey.id, answerers[5]!, 10)).status).toBe(201);
    const after = await result(survey.id, manager);
    for (const reading of [before, after]) {
      expect(reading.published).toBe(false);
      expect(Object.values(reading['organization-average']).every((value) => value === null)).toBe(true);
      expect(reading.groups.find((group: any) => group.id === team!.id)).toEqual({
        id: team!.id,
        name: 'Differencing team',
        answers: null,
        scores: null,
      });
    }
    const { 'answered-summary': beforeCount, ...beforeRest } = before;
    const { 'answered-summary': afterCount, ...afterRest } = after;
    expect(afterRest).toEqual(beforeRest);
    expect(afterCount.answered).toBe(beforeCount.answered + 1);
    // The answerer still sees their own scores at once.
    expect((await result(survey.id, answerers[5]!))['own-scores'].physical).toBe(100);

    // After the deadline, once: (30 + 40 + 50 + 60 + 70 + 100) / 6 = 58.3.
    const published = await resultAfterDeadline(survey.id, manager);
    expect(published.published).toBe(true);
    expect(published['organization-average'].physical).toBe(58.3);
    expect(published.groups.find((group: any) => group.id === team!.id)).toMatchObject({ answers: 6, scores: { physical: 58.3 } });
    await server.db.db.delete(groups).where(eq(groups.id, team!.id));
  });

  it('shows the organisation average only from 5 answers, and groups only with 5 answers that single nobody out', async () => {
    const survey = await buildSurvey(server, acme.id);
    const [large, small] = await server.db.db
      .insert(groups)
      .values([
        { organizationId: acme.id, name: 'Large team' },
        { organizationId: acme.id, name: 'Small team' },
      ])
      .returning();
    const [a, b, c, d, e, f] = others as [BuiltUser, BuiltUser, BuiltUser, BuiltUser, BuiltUser, BuiltUser];
    await server.db.db
      .insert(groupMemberships)
      .values([
        ...[member, a, b, c, d].map((user) => ({ groupId: large!.id, organizationMemberId: user.membership!.id })),
        ...[e, f].map((user) => ({ groupId: small!.id, organizationMemberId: user.membership!.id })),
      ]);

    // Four answers: the member sees their own scores, nobody sees an average.
    expect((await answer(survey.id, member, 8)).status).toBe(201);
    for (const user of [a, b, c]) expect((await answer(survey.id, user, 4)).status).toBe(201);
    const early = await resultAfterDeadline(survey.id, member);
    expect(early['own-scores']).toEqual({ physical: 80, relationship: 80, career: 80, community: 80, economically: 80 });
    expect(early['organization-average'].physical).toBeNull();
    expect(early.groups).toBeNull();
    const earlyManager = await resultAfterDeadline(survey.id, manager);
    expect(earlyManager['own-scores']).toBeNull();
    expect(earlyManager['organization-average'].career).toBeNull();
    expect(earlyManager.groups).toEqual([
      { id: large!.id, name: 'Large team', answers: null, scores: null },
      { id: small!.id, name: 'Small team', answers: null, scores: null },
    ]);

    // The fifth answer, all five in the large team: the organisation average and the large team show, (80 + 4*40) / 5 = 48.
    expect((await answer(survey.id, d, 4)).status).toBe(201);
    const five = await resultAfterDeadline(survey.id, manager);
    expect(five['organization-average'].physical).toBe(48);
    expect(five.groups).toEqual([
      {
        id: large!.id,
        name: 'Large team',
        answers: 5,
        scores: { physical: 48, relationship: 48, career: 48, community: 48, economically: 48 },
      },
      { id: small!.id, name: 'Small team', answers: null, scores: null },
    ]);
    const forAdmin = await resultAfterDeadline(survey.id, admin);
    expect(forAdmin.groups[0].answers).toBe(5);

    // The sixth answer comes from outside the large team: (80 + 4*40 + 100) / 6 = 56.7 for the organisation. The large
    // team now hides, or 6 * 56.7 - 5 * 48 would give away the sixth member's score.
    expect((await answer(survey.id, e, 10)).status).toBe(201);
    const later = await resultAfterDeadline(survey.id, member);
    expect(later['organization-average'].physical).toBe(56.7);
    expect(later.groups).toBeNull();
    const forManager = await resultAfterDeadline(survey.id, manager);
    expect(forManager['organization-average'].economically).toBe(56.7);
    expect(forManager['answered-summary']).toEqual({ answered: 6, invited: 9 });
    expect(forManager.groups).toEqual([
      { id: large!.id, name: 'Large team', answers: null, scores: null },
      { id: small!.id, name: 'Small team', answers: null, scores: null },
    ]);
  });

  it('counts a member for the groups above theirs, and keeps the groups of the moment of answering', async () => {
    const survey = await buildSurvey(server, acme.id);
    const [department] = await server.db.db.insert(groups).values({ organizationId: acme.id, name: 'Snapshot department' }).returning();
    const [team] = await server.db.db
      .insert(groups)
      .values({ organizationId: acme.id, name: 'Snapshot team', parentId: department!.id })
      .returning();
    const [a, b, c, d, e, f] = others as [BuiltUser, BuiltUser, BuiltUser, BuiltUser, BuiltUser, BuiltUser];
    await server.db.db
      .insert(groupMemberships)
      .values([a, b, c, d, e].map((user) => ({ groupId: team!.id, organizationMemberId: user.membership!.id })));
    for (const user of [a, b, c, d, e]) expect((await answer(survey.id, user, 5)).status).toBe(201);
    const shownOf = (groupsResult: any[], id: number) => groupsResult.find((group) => group.id === id);

    // The department has no direct members: its five come from the team below it.
    const five = await resultAfterDeadline(survey.id, manager);
    expect(shownOf(five.groups, department!.id)).toMatchObject({ answers: 5, scores: { physical: 50 } });
    expect(shownOf(five.groups, team!.id)).toMatchObject({ answers: 5, scores: { physical: 50 } });

    // f answers from outside the team: both hide (organisation minus team would be f).
    expect((await answer(survey.id, f, 9)).status).toBe(201);
    // Moving f into the team afterwards changes nothing: 6 vs 5 answers would give f away.
    await server.db.db.insert(groupMemberships).values({ groupId: team!.id, organizationMemberId: f.membership!.id });
    const moved = await resultAfterDeadline(survey.id, manager);
    expect(shownOf(moved.groups, team!.id)).toMatchObject({ answers: null, scores: null });
    expect(shownOf(moved.groups, department!.id)).toMatchObject({ answers: null, scores: null });
    await server.db.db.delete(groups).where(eq(groups.id, department!.id));
  });

  it('answers another organisation’s member as if the survey did not exist', async () => {
    const survey = await buildSurvey(server, acme.id);
    const response = await server.request(`/api/well_being_surveys/${survey.id}/result`, { token: globexMember.token });
    expect(response.status).toBe(404);
  });
});

describe('POST /api/well_being_surveys/:id/reminder', () => {
  it('reminds only active members who have not answered, once per 24 hours', async () => {
    const survey = await buildSurvey(server, acme.id, { title: 'Reminded survey' });
    const [a, b] = others as [BuiltUser, BuiltUser];
    for (const user of [member, a, b]) expect((await answer(survey.id, user)).status).toBe(201);

    const response = await post(`/api/well_being_surveys/${survey.id}/reminder`, manager.token, {});
    expect(response.status).toBe(200);
    // acme: manager, member, 7 others (inactive left out) = 9 active; 3 answered.
    expect(response.body.meta['reminded-count']).toBe(6);
    expect(response.body.data.attributes['last-reminded-at']).not.toBeNull();

    const mails = (await outboxOf(acme.id, 'mail.send')).filter((row) => (row.payload as any).params.title === 'Reminded survey');
    const recipients = mails.map((row) => (row.payload as any).to).sort();
    const expected = [manager, ...others.slice(2)].map((user) => user.email).sort();
    expect(recipients).toEqual(expected);
    expect(recipients).not.toContain(inactive.email);
    expect(mails[0]?.payload).toMatchObject({
      template: 'surveyReminder',
      language: 'ja',
      params: { path: `/org/${acme.identifier}/well_being_surveys/${survey.id}` },
    });
    // The template exists in both languages and carries the link to the answering page.
    for (const language of ['ja', 'en'] as const) {
      const mail = renderMail({ ...(mails[0]?.payload as MailPayload), language });
      expect(mail.subject).toContain('Reminded survey');
      expect(mail.text).toContain(`${server.config.publicUrl}/org/${acme.identifier}/well_being_surveys/${survey.id}`);
    }
    const slack = (await outboxOf(acme.id, 'slack.survey_reminder')).filter((row) => (row.payload as any).surveyId === survey.id);
    expect(slack).toHaveLength(1);
    expect(slack[0]?.payload).toMatchObject({ unansweredCount: 6, title: 'Reminded survey' });

    const again = await server.request(`/api/well_being_surveys/${survey.id}/reminder`, {
      method: 'POST',
      token: admin.token,
      json: {},
      headers: { 'accept-language': 'en' },
    });
    expect(again.status).toBe(429);
    expect(again.body.errors[0].code).toBe('survey.reminderTooSoon');
    expect(again.body.errors[0].detail).toContain('24 hours');

    // A day later the next reminder goes out.
    await server.db.db
      .update(wellBeingSurveys)
      .set({ lastRemindedAt: new Date(Date.now() - DAY - 1000) })
      .where(eq(wellBeingSurveys.id, survey.id));
    const nextDay = await post(`/api/well_being_surveys/${survey.id}/reminder`, manager.token, {});
    expect(nextDay.status).toBe(200);
  });

  it('sends one reminder when two arrive at the same moment', async () => {
    const survey = await buildSurvey(server, acme.id, { title: 'Raced reminder' });
    const responses = await Promise.all([
      post(`/api/well_being_surveys/${survey.id}/reminder`, manager.token, {}),
      post(`/api/well_being_surveys/${survey.id}/reminder`, admin.token, {}),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 429]);
    const slack = (await outboxOf(acme.id, 'slack.survey_reminder')).filter((row) => (row.payload as any).surveyId === survey.id);
    expect(slack).toHaveLength(1);
    const mails = (await outboxOf(acme.id, 'mail.send')).filter((row) => (row.payload as any).params.title === 'Raced reminder');
    expect(mails).toHaveLength(9);
  });

  it('refuses a closed survey', async () => {
    const survey = await buildSurvey(server, acme.id, { expiredAt: new Date(Date.now() - 1000) });
    const response = await post(`/api/well_being_surveys/${survey.id}/reminder`, manager.token, {});
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('survey.expiredOrNotFound');
  });
});

describe('PUT /api/well_being_surveys/:id', () => {
  it('changes title and deadline and moves the automatic reminder', async () => {
    const created = await post('/api/well_being_surveys', admin.token, createBody([globex.id], { expired_at: inDays(10).toISOString() }));
    const surveyId = Number(created.body.data[0].id);
    const deadline = inDays(20);
    const response = await put(`/api/well_being_surveys/${surveyId}`, admin.token, {
      well_being_survey: { title: 'Moved survey', expired_at: deadline.toISOString() },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({ title: 'Moved survey', 'expired-at': deadline.toISOString() });

    const reminders = (await jobsOf(surveyId)).filter((job) => job.kind === 'survey.reminder');
    expect(reminders.map((job) => job.status)).toEqual(['done', 'pending']);
    expect(reminders[1]?.runAt.getTime()).toBe(deadline.getTime() - 3 * DAY);
  });

  it('keeps the deadline of a closed survey (its results are published)', async () => {
    const survey = await buildSurvey(server, acme.id, { expiredAt: new Date(Date.now() - 1000) });
    const response = await put(`/api/well_being_surveys/${survey.id}`, admin.token, {
      well_being_survey: { expired_at: inDays(7).toISOString() },
    });
    expect(response.status).toBe(404);
    expect(response.body.errors[0]).toMatchObject({
      code: 'survey.expiredOrNotFound',
      source: { pointer: '/well_being_survey/expired_at' },
    });
    const [stored] = await server.db.db.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.id, survey.id));
    expect(stored?.expiredAt).toEqual(survey.expiredAt);
  });

  it('refuses a deadline in the past', async () => {
    const survey = await buildSurvey(server, acme.id);
    const response = await put(`/api/well_being_surveys/${survey.id}`, admin.token, {
      well_being_survey: { expired_at: new Date(Date.now() - DAY).toISOString() },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({ code: 'survey.deadlineInPast', source: { pointer: '/well_being_survey/expired_at' } });
  });
});

describe('survey jobs', () => {
  const workerAt = (at: Date) => createJobWorker({ db: server.db, handlers: surveyJobHandlers, now: () => at, batchSize: 100 });

  it('announces an opened survey on Slack through the outbox', async () => {
    const created = await post('/api/well_being_surveys', admin.token, createBody([globex.id], { title: 'Opening notice' }));
    const surveyId = Number(created.body.data[0].id);
    await workerAt(new Date(Date.now() + 1000)).runOnce();
    const opened = (await outboxOf(globex.id, 'slack.survey_opened')).filter((row) => (row.payload as any).surveyId === surveyId);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.payload).toMatchObject({ title: 'Opening notice', path: `/org/${globex.identifier}/well_being_surveys/${surveyId}` });
    expect((await jobsOf(surveyId)).find((job) => job.kind === 'survey.opened')?.status).toBe('done');
  });

  it('reminds non-responders 3 days before the deadline, and a job left from an earlier deadline does nothing', async () => {
    const created = await post(
      '/api/well_being_surveys',
      admin.token,
      createBody([globex.id], { title: 'Automatic', expired_at: inDays(10).toISOString() }),
    );
    const surveyId = Number(created.body.data[0].id);
    const [reminder] = (await jobsOf(surveyId)).filter((job) => job.kind === 'survey.reminder');
    // A stale job (scheduled for another deadline) is claimed first and changes nothing.
    await server.db.db
      .insert(jobs)
      .values({ kind: 'survey.reminder', runAt: inDays(1), payload: { surveyId, expiredAt: inDays(30).toISOString() } });
    await workerAt(inDays(2)).runOnce();
    expect((await outboxOf(globex.id, 'mail.send')).filter((row) => (row.payload as any).params.title === 'Automatic')).toHaveLength(0);

    await workerAt(new Date(reminder!.runAt.getTime() + 1000)).runOnce();
    const mails = (await outboxOf(globex.id, 'mail.send')).filter((row) => (row.payload as any).params.title === 'Automatic');
    expect(mails.map((row) => (row.payload as any).to)).toEqual([globexMember.email]);
    const [stored] = await server.db.db.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.id, surveyId));
    expect(stored?.lastRemindedAt).not.toBeNull();
  });
});

describe('automatic reminder limits', () => {
  const workerAt = (at: Date) => createJobWorker({ db: server.db, handlers: surveyJobHandlers, now: () => at, batchSize: 100 });
  const mailsTitled = async (title: string) =>
    (await outboxOf(acme.id, 'mail.send')).filter((row) => (row.payload as any).params.title === title);
  async function createdWithReminder(title: string) {
    const created = await post(
      '/api/well_being_surveys',
      admin.token,
      createBody([acme.id], { title, expired_at: inDays(10).toISOString() }),
    );
    const surveyId = Number(created.body.data[0].id);
    const reminder = (await jobsOf(surveyId)).find((job) => job.kind === 'survey.reminder');
    return { surveyId, runAt: reminder!.runAt };
  }

  it('sends nothing within 24 hours of a manual reminder', async () => {
    const { surveyId, runAt } = await createdWithReminder('Reminded by hand');
    // A manager reminded an hour before the automatic reminder is due.
    await server.db.db
      .update(wellBeingSurveys)
      .set({ lastRemindedAt: new Date(runAt.getTime() - 3_600_000) })
      .where(eq(wellBeingSurveys.id, surveyId));
    await workerAt(new Date(runAt.getTime() + 1000)).runOnce();
    expect(await mailsTitled('Reminded by hand')).toHaveLength(0);
    expect((await jobsOf(surveyId)).find((job) => job.kind === 'survey.reminder')?.status).toBe('done');
  });

  it('reminds once even when the job is run again or duplicated', async () => {
    const { surveyId, runAt } = await createdWithReminder('Reminded once');
    await workerAt(new Date(runAt.getTime() + 1000)).runOnce();
    const first = await mailsTitled('Reminded once');
    expect(first).toHaveLength(9);
    await server.db.db
      .insert(jobs)
      .values({ kind: 'survey.reminder', runAt, payload: (await jobsOf(surveyId)).find((job) => job.kind === 'survey.reminder')!.payload });
    await workerAt(new Date(runAt.getTime() + 2000)).runOnce();
    await workerAt(new Date(runAt.getTime() + 3000)).runOnce();
    expect(await mailsTitled('Reminded once')).toHaveLength(9);
  });
});

describe('demo data', () => {
  it('opens one survey for acme and one for globex, once, with the automatic reminder scheduled', async () => {
    const [demoAcme, demoGlobex] = await Promise.all([
      buildOrganization(server, { identifier: 'acme' }),
      buildOrganization(server, { identifier: 'globex' }),
    ]);
    const now = new Date();
    await server.db.db.transaction((tx) => seedSurveys(tx, now));
    await server.db.db.transaction((tx) => seedSurveys(tx, now));
    for (const organization of [demoAcme, demoGlobex]) {
      const surveys = await server.db.db.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.organizationId, organization.id));
      expect(surveys).toHaveLength(1);
      expect(surveys[0]!.expiredAt.getTime()).toBe(now.getTime() + 14 * DAY);
      expect((await jobsOf(surveys[0]!.id)).map((job) => job.kind)).toEqual(['survey.reminder']);
    }
  });
});

describe('another organisation’s survey id (issue 22 point 5)', () => {
  it('answers every survey route exactly as for an id that does not exist', async () => {
    const survey = await buildSurvey(server, acme.id);
    const globexManager = await buildUser(server, { organization: globex, memberRole: 'manager' });
    const missing = 2_000_000_000;
    const routes = [
      { method: 'GET', path: (id: number) => `/api/well_being_surveys/${id}` },
      { method: 'GET', path: (id: number) => `/api/well_being_surveys/${id}/result` },
      { method: 'POST', path: (id: number) => `/api/well_being_surveys/${id}/reminder`, json: {} },
      { method: 'POST', path: (id: number) => `/api/well_being_surveys/${id}/answers`, json: answerBody() },
    ];
    for (const caller of [globexMember, globexManager]) {
      for (const route of routes) {
        const ask = (id: number) =>
          server.request(route.path(id), {
            method: route.method,
            token: caller.token,
            json: route.json,
            headers: { 'accept-language': 'en' },
          });
        const [foreign, absent] = [await ask(survey.id), await ask(missing)];
        expect(foreign.status, `${route.method} ${route.path(0)}`).toBe(404);
        expect({ status: foreign.status, errors: foreign.body.errors }).toEqual({ status: absent.status, errors: absent.body.errors });
      }
    }
    const stored = await server.db.db.select().from(wellBeingSurveyAnswers).where(eq(wellBeingSurveyAnswers.surveyId, survey.id));
    expect(stored).toHaveLength(0);
    const [unchanged] = await server.db.db.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.id, survey.id));
    expect(unchanged?.lastRemindedAt).toBeNull();
  });
});
