import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { formatDateTimeInZone } from '@kiwi/shared/i18n/format';
import {
  automaticReminderAt,
  averageScores,
  averagesFromTotals,
  canSendReminder,
  groupsSafeToShow,
  isSurveyOpen,
  nextReminderAllowedAt,
  scoreAnswers,
  type WellBeingAverages,
  type WellBeingScores,
} from '@kiwi/shared/domain/well-being';
import type { AnswerSurvey, CreateSurvey, UpdateSurvey } from '@kiwi/shared/schemas/survey';
import { and, count, desc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Session, SessionMembership } from '../../auth/session-cache';
import { firstMembership, isAdmin } from '../../auth/guards';
import type { DatabaseHandle, Executor } from '../../db/client';
import { groupMemberships, groups } from '../../db/schema/groups';
import { jobs } from '../../db/schema/jobs';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { wellBeingSurveyAnswers, wellBeingSurveys, type WellBeingSurveyRow } from '../../db/schema/surveys';
import { users } from '../../db/schema/users';
import { cancelJob, scheduleJob } from '../../jobs/schedule';
import { ApiError, notFound } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';
import { pushToMembers } from '../push/notify';
import { surveyAccess } from './access';

export const SURVEY_JOB_KINDS = { opened: 'survey.opened', reminder: 'survey.reminder' } as const;

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

const surveyPath = (identifier: string, surveyId: number) => `/org/${encodeURIComponent(identifier)}/well_being_surveys/${surveyId}`;
const reminderKey = (surveyId: number, runAt: Date, now: Date) => `survey-reminder:${surveyId}:${runAt.toISOString()}:${now.getTime()}`;

// ---------------------------------------------------------------------------------------------------------------
// Reading

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
  if (!isAdmin(session)) {
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

async function findView(tx: Executor, session: Session, surveyId: number, now: Date): Promise<SurveyView | null> {
  const [view] = await loadViews(tx, eq(wellBeingSurveys.id, surveyId), session, now);
  return view ?? null;
}

export async function showSurvey(tx: Executor, session: Session, surveyId: number, now: Date): Promise<SurveyView> {
  const view = await findView(tx, session, surveyId, now);
  if (!view) throw notFound();
  surveyAccess.assertCanView(session, view);
  return view;
}

// ---------------------------------------------------------------------------------------------------------------
// Creating and editing (admin)

export type CreationFailure = { organizationId: number; reason: 'notFound' | 'archived' | 'error' };

function assertFutureDeadline(expiredAt: Date, now: Date): void {
  if (!isSurveyOpen({ expiredAt }, now)) {
    throw new ApiError(ErrorCode.surveyDeadlineInPast, { pointer: '/well_being_survey/expired_at' });
  }
}

/** Schedules the automatic reminder (3 days before the deadline) unless that moment has passed. */
export async function scheduleReminder(
  tx: Executor,
  survey: Pick<WellBeingSurveyRow, 'id' | 'expiredAt'>,
  now: Date,
  publicUrl?: string,
): Promise<void> {
  const runAt = automaticReminderAt(survey.expiredAt, now);
  if (!runAt) return;
  await scheduleJob(tx, {
    kind: SURVEY_JOB_KINDS.reminder,
    runAt,
    // The job has no configuration of its own: the mails' link base travels with it.
    payload: { surveyId: survey.id, expiredAt: survey.expiredAt.toISOString(), ...(publicUrl ? { publicUrl } : {}) },
    dedupeKey: reminderKey(survey.id, runAt, now),
  });
}

/** Cancels the survey's pending automatic reminder (the deadline moved). */
async function cancelReminders(tx: Executor, surveyId: number): Promise<void> {
  const pending = await tx
    .select({ dedupeKey: jobs.dedupeKey })
    .from(jobs)
    .where(
      and(eq(jobs.kind, SURVEY_JOB_KINDS.reminder), eq(jobs.status, 'pending'), sql`(${jobs.payload}->>'surveyId')::int = ${surveyId}`),
    );
  for (const { dedupeKey } of pending) if (dedupeKey) await cancelJob(tx, dedupeKey);
}

/** Inserts one organisation's survey with its opening notice and reminder; throws a failure reason. */
async function createOneSurvey(
  tx: Executor,
  organizationId: number,
  input: CreateSurvey,
  createdById: number,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<WellBeingSurveyRow> {
  const [organization] = await tx
    .select({ archived: organizations.archived })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('share');
  if (!organization) throw new CreationFailed('notFound');
  if (organization.archived) throw new CreationFailed('archived');
  const [survey] = await tx
    .insert(wellBeingSurveys)
    .values({ organizationId, title: input.title, expiredAt: input.expired_at, createdById })
    .returning();
  if (!survey) throw new CreationFailed('error');
  await scheduleJob(tx, {
    kind: SURVEY_JOB_KINDS.opened,
    runAt: now,
    payload: { surveyId: survey.id },
    dedupeKey: `survey-opened:${survey.id}`,
  });
  await scheduleReminder(tx, survey, now, publicUrl);
  return survey;
}

class CreationFailed extends Error {
  constructor(readonly reason: CreationFailure['reason']) {
    super(reason);
  }
}

/**
 * One survey per organisation, each in its own transaction: an organisation that is missing, archived or fails for
 * any other reason does not stop the others, and the answer lists it so the admin can resubmit only those.
 */
export async function createSurveys(
  db: DatabaseHandle,
  session: Session,
  input: CreateSurvey,
  { now, publicUrl, logger }: { now: Date; publicUrl: string; logger?: Logger },
): Promise<{ created: WellBeingSurveyRow[]; failed: CreationFailure[] }> {
  assertFutureDeadline(input.expired_at, now);
  const created: WellBeingSurveyRow[] = [];
  const failed: CreationFailure[] = [];
  for (const organizationId of input.organization_ids) {
    try {
      created.push(await db.db.transaction((tx) => createOneSurvey(tx, organizationId, input, session.user.id, { now, publicUrl })));
    } catch (error) {
      if (!(error instanceof CreationFailed)) logger?.error({ err: error, organizationId }, 'survey creation failed');
      failed.push({ organizationId, reason: error instanceof CreationFailed ? error.reason : 'error' });
    }
  }
  return { created, failed };
}

/** Title and deadline; a new deadline must lie ahead and moves the automatic reminder with it. */
export async function updateSurvey(
  tx: Executor,
  session: Session,
  surveyId: number,
  input: UpdateSurvey,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<SurveyView> {
  const [survey] = await tx.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.id, surveyId)).for('update');
  if (!survey) throw notFound();
  const changes: Partial<typeof wellBeingSurveys.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.expired_at !== undefined && input.expired_at.getTime() !== survey.expiredAt.getTime()) {
    assertFutureDeadline(input.expired_at, now);
    changes.expiredAt = input.expired_at;
  }
  if (Object.keys(changes).length > 0) {
    await tx.update(wellBeingSurveys).set(changes).where(eq(wellBeingSurveys.id, surveyId));
  }
  if (changes.expiredAt) {
    await cancelReminders(tx, surveyId);
    await scheduleReminder(tx, { id: surveyId, expiredAt: changes.expiredAt }, now, publicUrl);
  }
  return showSurvey(tx, session, surveyId, now);
}

// ---------------------------------------------------------------------------------------------------------------
// Answering

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

/** The survey a member answers: a missing one is reported like a closed one (spec §8's single message). */
export async function findSurveyForAnswer(tx: Executor, surveyId: number): Promise<WellBeingSurveyRow> {
  const [survey] = await tx.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.id, surveyId));
  if (!survey) throw new ApiError(ErrorCode.surveyExpiredOrNotFound);
  return survey;
}

// ---------------------------------------------------------------------------------------------------------------
// Results

export type GroupResult = { id: number; name: string; answers: number | null; scores: WellBeingAverages | null };
export type SurveyResult = {
  survey: SurveyView;
  ownScores: WellBeingScores | null;
  /** Per dimension; null values until ANONYMITY_THRESHOLD members answered. */
  organizationAverage: WellBeingAverages;
  /** Managers and admins only: every group of the organisation, scores only where enough of its members answered. */
  groups: GroupResult[] | null;
};

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
      .select({
        physical: wellBeingSurveyAnswers.physical,
        relationship: wellBeingSurveyAnswers.relationship,
        career: wellBeingSurveyAnswers.career,
        community: wellBeingSurveyAnswers.community,
        economically: wellBeingSurveyAnswers.economically,
      })
      .from(wellBeingSurveyAnswers)
      .where(and(eq(wellBeingSurveyAnswers.surveyId, surveyId), eq(wellBeingSurveyAnswers.organizationMemberId, membership.id)));
    ownScores = own ?? null;
  }

  const [totals] = await tx.select(scoreTotals).from(wellBeingSurveyAnswers).where(eq(wellBeingSurveyAnswers.surveyId, surveyId));
  const organizationAverage = averagesOf(totals ?? { answers: 0, physical: 0, relationship: 0, career: 0, community: 0, economically: 0 });

  let groupResults: GroupResult[] | null = null;
  if (surveyAccess.canManage(session, survey)) {
    const groupRows = await tx
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(eq(groups.organizationId, survey.organizationId))
      .orderBy(groups.name, groups.id);
    // The groups of each answer as they were when it was given. Groups deleted since still take part in deciding what
    // may be shown (or deleting one could unlock a group whose difference from it is one person); they are not listed.
    const answers =
      groupRows.length === 0
        ? []
        : (
            await tx
              .select({
                groupIds: wellBeingSurveyAnswers.groupIds,
                physical: wellBeingSurveyAnswers.physical,
                relationship: wellBeingSurveyAnswers.relationship,
                career: wellBeingSurveyAnswers.career,
                community: wellBeingSurveyAnswers.community,
                economically: wellBeingSurveyAnswers.economically,
              })
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

  return { survey, ownScores, organizationAverage, groups: groupResults };
}

// ---------------------------------------------------------------------------------------------------------------
// Reminders and the opening notice

/** A deadline in a mail or push: Japan's time, with the zone named, as Kiwi's one formatting module writes it. */
const deadlineText = (at: Date, language: 'ja' | 'en') => formatDateTimeInZone(at, language, { timeZone: 'Asia/Tokyo' });

/** Active members of the survey's organisation who have not answered, with what a mail needs. */
export async function nonResponders(tx: Executor, survey: Pick<WellBeingSurveyRow, 'id' | 'organizationId'>, now: Date) {
  return tx
    .select({ memberId: organizationMembers.id, email: users.email, name: users.name, language: users.language })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, survey.organizationId),
        activeMemberCondition(now),
        sql`not exists (select 1 from ${wellBeingSurveyAnswers} where ${wellBeingSurveyAnswers.surveyId} = ${survey.id} and ${wellBeingSurveyAnswers.organizationMemberId} = ${organizationMembers.id})`,
      ),
    )
    .orderBy(organizationMembers.id);
}

async function surveyWithOrganization(tx: Executor, surveyId: number, lock: boolean) {
  const query = tx
    .select({ survey: wellBeingSurveys, identifier: organizations.identifier })
    .from(wellBeingSurveys)
    .innerJoin(organizations, eq(organizations.id, wellBeingSurveys.organizationId))
    .where(eq(wellBeingSurveys.id, surveyId))
    .$dynamic();
  const [row] = await (lock ? query.for('update', { of: wellBeingSurveys }) : query);
  return row ?? null;
}

/** The survey's push (opened, or its reminder) to the members who have not answered, with the deadline in their language. */
async function pushSurvey(
  tx: Executor,
  kind: 'survey_opened' | 'survey_reminder',
  survey: WellBeingSurveyRow,
  path: string,
  recipients: { memberId: number }[],
): Promise<void> {
  await pushToMembers(tx, {
    kind,
    organizationMemberIds: recipients.map((recipient) => recipient.memberId),
    path,
    organizationId: survey.organizationId,
    render: (t, { language }) => ({
      title: t(`push:${kind}.title`),
      body: t(`push:${kind}.body`, { title: survey.title, deadline: deadlineText(survey.expiredAt, language) }),
    }),
  });
}

/**
 * Reminds the members who have not answered: one Slack post for the organisation and one mail each, through the
 * outbox. Records the moment so the next reminder waits 24 hours. Returns how many members were reminded.
 */
async function remindNonResponders(
  tx: Executor,
  survey: WellBeingSurveyRow,
  identifier: string,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<number> {
  const recipients = await nonResponders(tx, survey, now);
  if (recipients.length === 0) return 0;
  const path = surveyPath(identifier, survey.id);
  const expiredAt = survey.expiredAt.toISOString();
  await enqueue(
    tx,
    'slack.survey_reminder',
    { surveyId: survey.id, title: survey.title, expiredAt, path, unansweredCount: recipients.length },
    { organizationId: survey.organizationId },
  );
  for (const recipient of recipients) {
    const language = recipient.language === 'en' ? 'en' : 'ja';
    await enqueue(
      tx,
      'mail.send',
      {
        to: recipient.email,
        language,
        template: 'surveyReminder',
        params: {
          name: recipient.name,
          title: survey.title,
          deadline: deadlineText(survey.expiredAt, language),
          path,
          link: `${publicUrl}${path}`,
        },
      },
      { organizationId: survey.organizationId },
    );
  }
  await pushSurvey(tx, 'survey_reminder', survey, path, recipients);
  await tx.update(wellBeingSurveys).set({ lastRemindedAt: now }).where(eq(wellBeingSurveys.id, survey.id));
  return recipients.length;
}

/** POST …/reminder: the organisation's manager or an admin, while the survey is open, once per 24 hours. */
export async function sendReminder(
  tx: Executor,
  session: Session,
  surveyId: number,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<{ reminded: number }> {
  const row = await surveyWithOrganization(tx, surveyId, true);
  if (!row) throw notFound();
  surveyAccess.assertCanManage(session, row.survey);
  if (!isSurveyOpen(row.survey, now)) throw new ApiError(ErrorCode.surveyExpiredOrNotFound);
  if (!canSendReminder(row.survey.lastRemindedAt, now)) {
    const allowedAt = nextReminderAllowedAt(row.survey.lastRemindedAt) as Date;
    const hours = Math.max(1, Math.ceil((allowedAt.getTime() - now.getTime()) / 3_600_000));
    throw new ApiError(ErrorCode.surveyReminderTooSoon, { params: { count: hours } });
  }
  return { reminded: await remindNonResponders(tx, row.survey, row.identifier, { now, publicUrl }) };
}

/**
 * The automatic reminder's job: does nothing when the survey is gone, closed, its deadline moved since the job was
 * scheduled (a newer job exists) or somebody reminded within the last 24 hours.
 */
export async function runAutomaticReminder(tx: Executor, payload: unknown, now: Date): Promise<number> {
  const { surveyId, expiredAt, publicUrl } = (payload ?? {}) as { surveyId?: unknown; expiredAt?: unknown; publicUrl?: unknown };
  if (typeof surveyId !== 'number') return 0;
  const row = await surveyWithOrganization(tx, surveyId, true);
  if (!row || !isSurveyOpen(row.survey, now)) return 0;
  if (typeof expiredAt === 'string' && expiredAt !== row.survey.expiredAt.toISOString()) return 0;
  if (!canSendReminder(row.survey.lastRemindedAt, now)) return 0;
  return remindNonResponders(tx, row.survey, row.identifier, { now, publicUrl: typeof publicUrl === 'string' ? publicUrl : '' });
}

/** The opening notice's job: a Slack post for the organisation while the survey is still open. */
export async function announceOpenedSurvey(tx: Executor, payload: unknown, now: Date): Promise<boolean> {
  const { surveyId } = (payload ?? {}) as { surveyId?: unknown };
  if (typeof surveyId !== 'number') return false;
  const row = await surveyWithOrganization(tx, surveyId, false);
  if (!row || !isSurveyOpen(row.survey, now)) return false;
  await enqueue(
    tx,
    'slack.survey_opened',
    { surveyId, title: row.survey.title, expiredAt: row.survey.expiredAt.toISOString(), path: surveyPath(row.identifier, surveyId) },
    { organizationId: row.survey.organizationId },
  );
  await pushSurvey(tx, 'survey_opened', row.survey, surveyPath(row.identifier, surveyId), await nonResponders(tx, row.survey, now));
  return true;
}
