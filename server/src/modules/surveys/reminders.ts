// Reminders and the opening notice: the automatic reminder's scheduling, manual reminders and the jobs' work.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { formatDateTimeInZone } from '@kiwi/shared/i18n/format';
import { automaticReminderAt, canSendReminder, isSurveyOpen, nextReminderAllowedAt } from '@kiwi/shared/domain/well-being';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { wellBeingSurveyAnswers, wellBeingSurveys, type WellBeingSurveyRow } from '../../db/schema/surveys';
import { users } from '../../db/schema/users';
import { cancelJob, scheduleJob } from '../../jobs/schedule';
import { ApiError, notFound } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';
import { pushToMembers } from '../push/notify';
import { surveyAccess } from './access';
import { activeMemberCondition, knownSurvey } from './views';

export const SURVEY_JOB_KINDS = { opened: 'survey.opened', reminder: 'survey.reminder' } as const;

const surveyPath = (identifier: string, surveyId: number) => `/org/${encodeURIComponent(identifier)}/well_being_surveys/${surveyId}`;
const reminderKey = (surveyId: number, runAt: Date, now: Date) => `survey-reminder:${surveyId}:${runAt.toISOString()}:${now.getTime()}`;

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
export async function cancelReminders(tx: Executor, surveyId: number): Promise<void> {
  const pending = await tx
    .select({ dedupeKey: jobs.dedupeKey })
    .from(jobs)
    .where(
      and(eq(jobs.kind, SURVEY_JOB_KINDS.reminder), eq(jobs.status, 'pending'), sql`(${jobs.payload}->>'surveyId')::int = ${surveyId}`),
    );
  for (const { dedupeKey } of pending) if (dedupeKey) await cancelJob(tx, dedupeKey);
}

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

/** The survey and its organisation's identifier; `where` narrows it to what a caller may know of. */
async function surveyWithOrganization(tx: Executor, surveyId: number, lock: boolean, where: SQL = eq(wellBeingSurveys.id, surveyId)) {
  const query = tx
    .select({ survey: wellBeingSurveys, identifier: organizations.identifier })
    .from(wellBeingSurveys)
    .innerJoin(organizations, eq(organizations.id, wellBeingSurveys.organizationId))
    .where(where)
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
  const row = await surveyWithOrganization(tx, surveyId, true, knownSurvey(session, surveyId));
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
