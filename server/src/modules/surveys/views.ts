// Reading surveys: the list and one survey, each with its answered summary (issue 21 point 11: the surveys service split by concern).
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { and, count, desc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import { ALL_SURVEYS, can } from '../../auth/authorize';
import { firstMembership } from '../../auth/guards';
import type { Executor } from '../../db/client';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { wellBeingSurveyAnswers, wellBeingSurveys, type WellBeingSurveyRow } from '../../db/schema/surveys';
import { ApiError, notFound } from '../../jsonapi/errors';
import { surveyAccess } from './access';

export type SurveyOrganization = { id: number; name: string; identifier: string; archived: boolean };
/** A survey as every answer shows it: its organisation, the answered summary and whether the viewer answered. */
export type SurveyView = WellBeingSurveyRow & {
  organization: SurveyOrganization;
  answeredCount: number;
  invitedCount: number;
  /** null for a viewer who is no member of the survey's organisation (an admin). */
  answeredByMe: boolean | null;
};

/** Active at `now`: half-open period, no bound meaning open-ended (docs/decisions.md, membership periods). */
export function activeMemberCondition(now: Date): SQL {
  return and(
    or(isNull(organizationMembers.activeFrom), lte(organizationMembers.activeFrom, now)),
    or(isNull(organizationMembers.activeTo), sql`${organizationMembers.activeTo} > ${now.toISOString()}::timestamptz`),
  ) as SQL;
}

/**
 * Surveys with their summaries. Invited = the organisation's members active now plus anybody who already answered
 * (a member who left after answering still counts once).
 */
async function loadViews(tx: Executor, where: SQL | undefined, session: Session, now: Date, paging?: { page: number; per: number }) {
  const answered = sql<number>`(select count(*)::int from ${wellBeingSurveyAnswers} where ${wellBeingSurveyAnswers.surveyId} = ${wellBeingSurveys.id})`;
  const invited = sql<number>`(select count(*)::int from ${organizationMembers} where ${organizationMembers.organizationId} = ${wellBeingSurveys.organizationId} and ((${activeMemberCondition(now)}) or exists (select 1 from ${wellBeingSurveyAnswers} where ${wellBeingSurveyAnswers.surveyId} = ${wellBeingSurveys.id} and ${wellBeingSurveyAnswers.organizationMemberId} = ${organizationMembers.id})))`;
  const membership = firstMembership(session);
  const mine = membership
    ? sql<boolean>`exists (select 1 from ${wellBeingSurveyAnswers} where ${wellBeingSurveyAnswers.surveyId} = ${wellBeingSurveys.id} and ${wellBeingSurveyAnswers.organizationMemberId} = ${membership.id})`
    : sql<boolean>`false`;
  let query = tx
    .select({
      survey: wellBeingSurveys,
      organization: {
        id: organizations.id,
        name: organizations.name,
        identifier: organizations.identifier,
        archived: organizations.archived,
      },
      answeredCount: answered,
      invitedCount: invited,
      answeredByMe: mine,
    })
    .from(wellBeingSurveys)
    .innerJoin(organizations, eq(organizations.id, wellBeingSurveys.organizationId))
    .where(where)
    .orderBy(desc(wellBeingSurveys.expiredAt), desc(wellBeingSurveys.id))
    .$dynamic();
  if (paging) query = query.limit(paging.per).offset((paging.page - 1) * paging.per);
  const rows = await query;
  return rows.map(
    (row): SurveyView => ({
      ...row.survey,
      organization: row.organization,
      answeredCount: Number(row.answeredCount),
      invitedCount: Number(row.invitedCount),
      answeredByMe: membership?.organizationId === row.survey.organizationId ? Boolean(row.answeredByMe) : null,
    }),
  );
}

/**
 * Admins: every survey (optionally of one organisation). Members and managers: the surveys of their first
 * membership's organisation, open and closed (docs/decisions.md).
 */
export async function listSurveys(
  tx: Executor,
  session: Session,
  { page, per, organizationId }: { page: number; per: number; organizationId?: number },
  now: Date,
): Promise<{ views: SurveyView[]; total: number }> {
  let scope: number | undefined = organizationId;
  if (!can(session, 'survey.viewAll', ALL_SURVEYS)) {
    const membership = firstMembership(session);
    if (!membership) return { views: [], total: 0 };
    if (organizationId !== undefined && organizationId !== membership.organizationId) throw new ApiError(ErrorCode.authForbidden);
    scope = membership.organizationId;
  }
  const where = scope === undefined ? undefined : eq(wellBeingSurveys.organizationId, scope);
  const [totalRow] = await tx.select({ total: count() }).from(wellBeingSurveys).where(where);
  const views = await loadViews(tx, where, session, now, { page, per });
  return { views, total: totalRow?.total ?? 0 };
}

/**
 * The surveys a caller may know of, as a condition (issue 22 point 5): admins every survey, everybody else their first
 * membership's organisation's. Applied when a survey is looked up by id, so another organisation's survey answers the
 * same 404 as a missing one and its id tells nothing.
 */
export function knownSurveys(session: Session): SQL | undefined {
  if (can(session, 'survey.viewAll', ALL_SURVEYS)) return undefined;
  const membership = firstMembership(session);
  return membership ? eq(wellBeingSurveys.organizationId, membership.organizationId) : sql`false`;
}

/** `id = surveyId` within what the caller may know of. */
export function knownSurvey(session: Session, surveyId: number): SQL {
  return and(eq(wellBeingSurveys.id, surveyId), knownSurveys(session)) as SQL;
}

async function findView(tx: Executor, session: Session, surveyId: number, now: Date): Promise<SurveyView | null> {
  const [view] = await loadViews(tx, knownSurvey(session, surveyId), session, now);
  return view ?? null;
}

export async function showSurvey(tx: Executor, session: Session, surveyId: number, now: Date): Promise<SurveyView> {
  const view = await findView(tx, session, surveyId, now);
  if (!view) throw notFound();
  surveyAccess.assertCanView(session, view);
  return view;
}
