import type { JobHandler } from '../../jobs/worker';
import { announceOpenedSurvey, runAutomaticReminder, SURVEY_JOB_KINDS } from './reminders';

/** `survey.opened`: the Slack notice that a survey is open (scheduled at creation, runs at once). */
export const surveyOpenedJob: JobHandler = async (tx, job, now) => {
  await announceOpenedSurvey(tx, job.payload, now);
};

/** `survey.reminder`: the automatic reminder 3 days before the deadline, to members who have not answered. */
export const surveyReminderJob: JobHandler = async (tx, job, now) => {
  await runAutomaticReminder(tx, job.payload, now);
};

/** What server/src/workers.ts registers for the surveys module. */
export const surveyJobHandlers: Record<string, JobHandler> = {
  [SURVEY_JOB_KINDS.opened]: surveyOpenedJob,
  [SURVEY_JOB_KINDS.reminder]: surveyReminderJob,
};
