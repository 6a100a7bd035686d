import { ADMIN_ONLY, ACME_MANAGERS, ACME_MEMBERS, ANY_ACTIVE_USER, type Fixture, type MatrixModule } from '../../test/matrix';
import type { WellBeingSurveyRow } from '../../db/schema/surveys';
import type { TestServer } from '../../test/server';
import { answerBody, buildSurvey, inDays } from './test-support';

/** Issue 22 point 5: another organisation's survey id answers like a missing one (nothing tells that it exists). */
const NOT_FOUND = [404, 'resource.notFound'] as const;
const ACME_SURVEY = { ...ACME_MEMBERS, otherOrganization: NOT_FOUND };

type World = { server: TestServer; survey: WellBeingSurveyRow; answerable: WellBeingSurveyRow };

export const matrix: MatrixModule<World> = {
  async setup(server, { acme }) {
    return { server, survey: await buildSurvey(server, acme.id), answerable: await buildSurvey(server, acme.id) };
  },
  rows: [
    // Members see their organisation's surveys, admins all: the list answers everybody signed in.
    { route: 'GET /api/well_being_surveys', expect: ANY_ACTIVE_USER },
    {
      route: 'POST /api/well_being_surveys',
      body: ({ acme }: Fixture) => ({
        well_being_survey: { title: 'Matrix', expired_at: inDays(7).toISOString(), organization_ids: [acme.id] },
      }),
      expect: ADMIN_ONLY,
    },
    { route: 'GET /api/well_being_surveys/:id', params: (_f, _c, { survey }) => ({ id: survey.id }), expect: ACME_SURVEY },
    {
      route: 'PUT /api/well_being_surveys/:id',
      params: (_f, _c, { survey }) => ({ id: survey.id }),
      body: { well_being_survey: { title: 'Renamed by the matrix' } },
      expect: ADMIN_ONLY,
    },
    {
      route: 'POST /api/well_being_surveys/:id/reminder',
      // A fresh survey per caller: a reminder blocks the next one for 24 hours.
      params: async ({ acme }, _caller, { server }) => ({ id: (await buildSurvey(server, acme.id)).id }),
      expect: { ...ACME_MANAGERS, otherOrganization: NOT_FOUND },
    },
    {
      route: 'POST /api/well_being_surveys/:id/answers',
      params: (_f, _c, { answerable }) => ({ id: answerable.id }),
      body: answerBody(6),
      // Members and managers answer as members; an admin outside the organisation is told only members answer.
      expect: { ...ACME_MEMBERS, otherOrganization: [404, 'survey.expiredOrNotFound'], admin: [403, 'survey.notRespondent'] },
    },
    { route: 'GET /api/well_being_surveys/:id/result', params: (_f, _c, { survey }) => ({ id: survey.id }), expect: ACME_SURVEY },
  ],
};
