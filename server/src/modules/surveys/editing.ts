// Creating and editing surveys (admin): one survey per organisation, deadlines and the reminder they move.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isSurveyOpen } from '@kiwi/shared/domain/well-being';
import type { CreateSurvey, UpdateSurvey } from '@kiwi/shared/schemas/survey';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Session } from '../../auth/session-cache';
import type { DatabaseHandle, Executor } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { wellBeingSurveys, type WellBeingSurveyRow } from '../../db/schema/surveys';
import { scheduleJob } from '../../jobs/schedule';
import { ApiError, notFound } from '../../jsonapi/errors';
import { cancelReminders, SURVEY_JOB_KINDS, scheduleReminder } from './reminders';
import { showSurvey, type SurveyView } from './views';

export type CreationFailure = { organizationId: number; reason: 'notFound' | 'archived' | 'error' };

function assertFutureDeadline(expiredAt: Date, now: Date): void {
  if (!isSurveyOpen({ expiredAt }, now)) {
    throw new ApiError(ErrorCode.surveyDeadlineInPast, { pointer: '/well_being_survey/expired_at' });
  }
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
    // A closed survey's results are published: reopening it would let a second reading be compared with the first
    // (spec §8's one message for a survey past its deadline).
    if (!isSurveyOpen(survey, now)) throw new ApiError(ErrorCode.surveyExpiredOrNotFound, { pointer: '/well_being_survey/expired_at' });
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
