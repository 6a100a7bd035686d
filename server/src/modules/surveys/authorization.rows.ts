import { ADMIN_ONLY, ACME_MANAGERS, ACME_MEMBERS, ANY_ACTIVE_USER, type Fixture, type MatrixModule } from '../../test/matrix';
import { FORBIDDEN } from '../../test/authorization';
import type { WellBeingSurveyRow } from '../../db/schema/surveys';
import type { TestServer } from '../../test/server';
import { answerBody, buildSurvey, inDays } from './test-support';

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
    { route: 'GET /api/well_being_surveys/:id', params: (_f, _c, { survey }) => ({ id: survey.id }), expect: ACME_MEMBERS },
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
      expect: ACME_MANAGERS,
    },
    {
      route: 'POST /api/well_being_surveys/:id/answers',
      params: (_f, _c, { answerable }) => ({ id: answerable.id }),
      body: answerBody(6),
      // Members and managers answer as members; an admin outside the organisation is told only members answer.
      expect: { ...ACME_MEMBERS, otherOrganization: FORBIDDEN, admin: [403, 'survey.notRespondent'] },
    },
    { route: 'GET /api/well_being_surveys/:id/result', params: (_f, _c, { survey }) => ({ id: survey.id }), expect: ACME_MEMBERS },
  ],
};
