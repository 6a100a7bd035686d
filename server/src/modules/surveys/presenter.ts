import { isSurveyOpen } from '@kiwi/shared/domain/well-being';
import { serialize, type Pagination } from '../../jsonapi/serialize';
import type { SurveyResult } from './results';
import type { SurveyOrganization, SurveyView } from './views';

const organizationRelationship = {
  type: 'organizations',
  data: (view: SurveyView) => view.organization,
  attributes: ['name', 'identifier', 'archived'] satisfies (keyof SurveyOrganization)[],
};

function surveyAttributes(now: Date) {
  return (view: SurveyView) => ({
    title: view.title,
    expiredAt: view.expiredAt,
    organizationId: view.organizationId,
    open: isSurveyOpen(view, now),
    answeredSummary: { answered: view.answeredCount, invited: view.invitedCount },
    answeredByMe: view.answeredByMe,
    lastRemindedAt: view.lastRemindedAt,
    createdAt: view.createdAt,
  });
}

/** `well-being-surveys` with the organisation included. */
export function presentSurvey(view: SurveyView, now: Date) {
  return serialize('well-being-surveys', view, {
    attributes: surveyAttributes(now),
    relationships: { organization: organizationRelationship },
    include: ['organization'],
  });
}

export function presentSurveys(views: SurveyView[], now: Date, pagination: Pagination) {
  return serialize('well-being-surveys', views, {
    attributes: surveyAttributes(now),
    relationships: { organization: organizationRelationship },
    include: ['organization'],
    pagination,
  });
}

/** `well-being-survey-answers`: the stored answer's five scores. */
export function presentAnswer(answer: { id: number; scores: Record<string, number> }, surveyId: number) {
  return serialize('well-being-survey-answers', answer, {
    attributes: (row) => ({ surveyId, scores: row.scores }),
  });
}

/** `well-being-survey-results` (id = the survey's): own scores, organisation average, groups for managers. */
export function presentResult(result: SurveyResult, threshold: number, now: Date) {
  return serialize('well-being-survey-results', result, {
    id: (row) => row.survey.id,
    attributes: (row) => ({
      ownScores: row.ownScores,
      organizationAverage: row.organizationAverage,
      published: row.published,
      answeredSummary: { answered: row.survey.answeredCount, invited: row.survey.invitedCount },
      anonymityThreshold: threshold,
      groups: row.groups,
    }),
    relationships: {
      survey: {
        type: 'well-being-surveys',
        data: (row: SurveyResult) => row.survey,
        attributes: surveyAttributes(now),
        relationships: { organization: organizationRelationship },
      },
    },
    include: ['survey', 'survey.organization'],
  });
}
