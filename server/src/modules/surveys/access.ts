import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { can, type SurveySubject } from '../../auth/authorize';
import type { Session, SessionMembership } from '../../auth/session-cache';
import { firstMembership } from '../../auth/guards';
import { ApiError, forbidden } from '../../jsonapi/errors';

type SurveyOwner = { organizationId: number };

/** The membership a member uses for this survey: the first one (spec §6), when it is in the survey's organisation. */
export function respondentMembership(session: Session, survey: SurveyOwner): SessionMembership | null {
  const membership = firstMembership(session);
  return membership && membership.organizationId === survey.organizationId ? membership : null;
}

const subjectOf = (survey: SurveyOwner): SurveySubject => ({ kind: 'survey', organizationId: survey.organizationId });

/** Who may see, answer or remind a survey, as the survey policies of server/src/auth/authorize.ts decide. */
export const surveyAccess = {
  /** Admins see every survey; members the surveys of their (first) organisation. */
  assertCanView(session: Session, survey: SurveyOwner): void {
    if (!can(session, 'survey.view', subjectOf(survey))) throw forbidden();
  },
  /** Only members of the survey's organisation answer; an admin without that membership is told so. */
  assertCanAnswer(session: Session, survey: SurveyOwner): SessionMembership {
    const membership = can(session, 'survey.answer', subjectOf(survey)) ? respondentMembership(session, survey) : null;
    if (membership) return membership;
    // One who may see the survey but not answer it (an admin outside its organisation) is told why.
    throw can(session, 'survey.view', subjectOf(survey)) ? new ApiError(ErrorCode.surveyNotRespondent) : forbidden();
  },
  /** Organisation results and reminders: the organisation's managers and admins. */
  canManage(session: Session, survey: SurveyOwner): boolean {
    return can(session, 'survey.manage', subjectOf(survey));
  },
  assertCanManage(session: Session, survey: SurveyOwner): void {
    if (!surveyAccess.canManage(session, survey)) throw forbidden();
  },
};
