// Answering: a member's answers, scored and stored with their group snapshot.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isSurveyOpen, scoreAnswers, type WellBeingScores } from '@kiwi/shared/domain/well-being';
import type { AnswerSurvey } from '@kiwi/shared/schemas/survey';
import { and, eq } from 'drizzle-orm';
import type { Session, SessionMembership } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { groupMemberships, groups } from '../../db/schema/groups';
import { wellBeingSurveyAnswers, wellBeingSurveys, type WellBeingSurveyRow } from '../../db/schema/surveys';
import { ApiError } from '../../jsonapi/errors';
import { knownSurvey } from './views';

/**
 * Stores the member's answers and scores. The unique (survey, member) constraint decides between two simultaneous
 * submits: the second insert does nothing and is told "survey already answered".
 */
export async function answerSurvey(
  tx: Executor,
  survey: WellBeingSurveyRow,
  membership: SessionMembership,
  input: AnswerSurvey,
  now: Date,
): Promise<{ id: number; scores: WellBeingScores }> {
  if (!isSurveyOpen(survey, now)) throw new ApiError(ErrorCode.surveyExpiredOrNotFound);
  const scores = scoreAnswers(input.answers);
  const groupIds = await groupsWithAncestors(tx, survey.organizationId, membership.id);
  const [row] = await tx
    .insert(wellBeingSurveyAnswers)
    .values({ surveyId: survey.id, organizationMemberId: membership.id, answers: input.answers, ...scores, groupIds })
    .onConflictDoNothing({ target: [wellBeingSurveyAnswers.surveyId, wellBeingSurveyAnswers.organizationMemberId] })
    .returning({ id: wellBeingSurveyAnswers.id });
  if (!row) throw new ApiError(ErrorCode.surveyAlreadyAnswered);
  return { id: row.id, scores };
}

/** The member's groups in the organisation and every group above them, sorted (the answer's group snapshot). */
async function groupsWithAncestors(tx: Executor, organizationId: number, organizationMemberId: number): Promise<number[]> {
  const direct = await tx
    .select({ id: groupMemberships.groupId })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(and(eq(groupMemberships.organizationMemberId, organizationMemberId), eq(groups.organizationId, organizationId)));
  if (direct.length === 0) return [];
  const all = await tx.select({ id: groups.id, parentId: groups.parentId }).from(groups).where(eq(groups.organizationId, organizationId));
  const parentOf = new Map(all.map((group) => [group.id, group.parentId]));
  const found = new Set<number>();
  for (const { id } of direct) {
    // Walk up the tree; the set also stops a (forbidden) cycle.
    for (let current: number | null | undefined = id; current != null && !found.has(current); current = parentOf.get(current))
      found.add(current);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The survey a member answers: a missing one, and another organisation's, are reported like a closed one (spec §8's
 * single message).
 */
export async function findSurveyForAnswer(tx: Executor, session: Session, surveyId: number): Promise<WellBeingSurveyRow> {
  const [survey] = await tx.select().from(wellBeingSurveys).where(knownSurvey(session, surveyId));
  if (!survey) throw new ApiError(ErrorCode.surveyExpiredOrNotFound);
  return survey;
}
