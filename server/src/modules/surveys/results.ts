// Results: own scores, the organisation average and the group averages a manager may see.
import {
  averageScores,
  averagesFromTotals,
  groupsSafeToShow,
  isSurveyOpen,
  type WellBeingAverages,
  type WellBeingScores,
} from '@kiwi/shared/domain/well-being';
import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import { firstMembership } from '../../auth/guards';
import type { Executor } from '../../db/client';
import { groups } from '../../db/schema/groups';
import { wellBeingSurveyAnswers } from '../../db/schema/surveys';
import { surveyAccess } from './access';
import { showSurvey, type SurveyView } from './views';

export type GroupResult = { id: number; name: string; answers: number | null; scores: WellBeingAverages | null };
export type SurveyResult = {
  survey: SurveyView;
  ownScores: WellBeingScores | null;
  /** False while the survey is open: no average is published before the deadline (docs/decisions.md, issue 22). */
  published: boolean;
  /** Per dimension; null values until the deadline and until ANONYMITY_THRESHOLD members answered. */
  organizationAverage: WellBeingAverages;
  /** Managers and admins only: every group of the organisation, scores only where enough of its members answered. */
  groups: GroupResult[] | null;
};

const scoreColumns = {
  physical: wellBeingSurveyAnswers.physical,
  relationship: wellBeingSurveyAnswers.relationship,
  career: wellBeingSurveyAnswers.career,
  community: wellBeingSurveyAnswers.community,
  economically: wellBeingSurveyAnswers.economically,
};
const NO_SCORES: WellBeingScores = { physical: 0, relationship: 0, career: 0, community: 0, economically: 0 };

const scoreTotals = {
  answers: sql<number>`count(*)::int`,
  physical: sql<number>`coalesce(sum(${wellBeingSurveyAnswers.physical}), 0)::int`,
  relationship: sql<number>`coalesce(sum(${wellBeingSurveyAnswers.relationship}), 0)::int`,
  career: sql<number>`coalesce(sum(${wellBeingSurveyAnswers.career}), 0)::int`,
  community: sql<number>`coalesce(sum(${wellBeingSurveyAnswers.community}), 0)::int`,
  economically: sql<number>`coalesce(sum(${wellBeingSurveyAnswers.economically}), 0)::int`,
};

function averagesOf(row: { answers: number } & WellBeingScores): WellBeingAverages {
  const { answers, ...totals } = row;
  return averagesFromTotals(Number(answers), totals);
}

export async function surveyResult(tx: Executor, session: Session, surveyId: number, now: Date): Promise<SurveyResult> {
  const survey = await showSurvey(tx, session, surveyId, now);
  const membership = firstMembership(session);

  let ownScores: WellBeingScores | null = null;
  if (survey.answeredByMe && membership) {
    const [own] = await tx
      .select(scoreColumns)
      .from(wellBeingSurveyAnswers)
      .where(and(eq(wellBeingSurveyAnswers.surveyId, surveyId), eq(wellBeingSurveyAnswers.organizationMemberId, membership.id)));
    ownScores = own ?? null;
  }

  // Averages are published once, at the deadline: a figure that moved with each answer would give away the newest
  // answer to anybody who compares two readings (issue 22 point 5).
  const published = !isSurveyOpen(survey, now);
  if (!published) {
    const groupRows = surveyAccess.canManage(session, survey) ? await organizationGroups(tx, survey.organizationId) : null;
    return {
      survey,
      ownScores,
      published,
      organizationAverage: averagesFromTotals(0, NO_SCORES),
      groups: groupRows?.map((group) => ({ ...group, answers: null, scores: null })) ?? null,
    };
  }

  const [totals] = await tx.select(scoreTotals).from(wellBeingSurveyAnswers).where(eq(wellBeingSurveyAnswers.surveyId, surveyId));
  const organizationAverage = averagesOf(totals ?? { answers: 0, ...NO_SCORES });

  let groupResults: GroupResult[] | null = null;
  if (surveyAccess.canManage(session, survey)) {
    const groupRows = await organizationGroups(tx, survey.organizationId);
    // The groups of each answer as they were when it was given. Groups deleted since still take part in deciding what
    // may be shown (or deleting one could unlock a group whose difference from it is one person); they are not listed.
    const answers =
      groupRows.length === 0
        ? []
        : (
            await tx
              .select({ groupIds: wellBeingSurveyAnswers.groupIds, ...scoreColumns })
              .from(wellBeingSurveyAnswers)
              .where(eq(wellBeingSurveyAnswers.surveyId, surveyId))
          ).map(({ groupIds, ...scores }) => ({ groupIds, scores }));
    const shownGroups = groupsSafeToShow(answers.map((answer) => answer.groupIds));
    groupResults = groupRows.map((group) => {
      if (!shownGroups.has(group.id)) {
        // A hidden group's count is left out too: "2 answers in a group of 3" narrows people down.
        return { id: group.id, name: group.name, answers: null, scores: null };
      }
      const members = answers.filter((answer) => answer.groupIds.includes(group.id)).map((answer) => answer.scores);
      return { id: group.id, name: group.name, answers: members.length, scores: averageScores(members) };
    });
  }

  return { survey, ownScores, published, organizationAverage, groups: groupResults };
}

/** The organisation's groups in the order the result lists them. */
function organizationGroups(tx: Executor, organizationId: number) {
  return tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.organizationId, organizationId))
    .orderBy(groups.name, groups.id);
}
