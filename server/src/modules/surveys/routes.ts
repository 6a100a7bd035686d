import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { ANONYMITY_THRESHOLD } from '@kiwi/shared/domain/well-being';
import { AnswerSurveySchema, CreateSurveySchema, ListSurveysQuerySchema, UpdateSurveySchema } from '@kiwi/shared/schemas/survey';
import { eq } from 'drizzle-orm';
import { Router } from 'express';
import { currentSession, requireAdmin, requireSignedIn } from '../../auth/guards';
import { requestLanguage, translatorFor } from '../../http/i18n';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import { wellBeingSurveys } from '../../db/schema/surveys';
import type { ModuleDependencies } from '../deps';
import { changedFields, markStaffActionRecorded, recordRequestAction } from '../staff-actions/record';
import { surveyAccess } from './access';
import { presentAnswer, presentResult, presentSurvey, presentSurveys } from './presenter';
import { answerSurvey, findSurveyForAnswer } from './answers';
import { createSurveys, updateSurvey } from './editing';
import { sendReminder } from './reminders';
import { surveyResult } from './results';
import { listSurveys, showSurvey } from './views';

export function surveysRoutes({ db, logger, config }: ModuleDependencies): Router {
  const router = Router();

  router.get('/well_being_surveys', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const { page, per, organization_id: organizationId } = parseQuery(ListSurveysQuerySchema, req);
    const now = new Date();
    const { views, total } = await db.db.transaction((tx) => listSurveys(tx, session, { page, per, organizationId }, now));
    res.json(presentSurveys(views, now, { page, per, total, url: req.originalUrl }));
  });

  // One survey per organisation; when some fail the others stay created and the answer lists the failed ids.
  router.post('/well_being_surveys', requireAdmin, async (req, res) => {
    const session = await currentSession(req);
    const { well_being_survey: input } = parseBody(CreateSurveySchema, req);
    const now = new Date();
    const { created, failed } = await createSurveys(db, session, input, { now, publicUrl: config.publicUrl, logger: req.log ?? logger });
    if (failed.length === 0) {
      const views = await db.db.transaction(async (tx) => Promise.all(created.map((survey) => showSurvey(tx, session, survey.id, now))));
      res.status(201).json(presentSurveys(views, now, { page: 1, per: Math.max(views.length, 1), total: views.length }));
      return;
    }
    const translate = translatorFor(requestLanguage(req));
    const ids = failed.map((failure) => failure.organizationId);
    const message = translate('errors:survey.creationFailed', { values: ids.join(', ') });
    res.status(422).json({
      errors: [
        { status: '422', code: ErrorCode.surveyCreationFailed, title: message, detail: `${message} ${translate('errors:pleaseResubmit')}` },
      ],
      meta: {
        'failed-organization-ids': ids,
        failures: failed.map((failure) => ({ 'organization-id': failure.organizationId, reason: failure.reason })),
        'created-survey-ids': created.map((survey) => survey.id),
        'created-organization-ids': created.map((survey) => survey.organizationId),
      },
    });
  });

  router.get('/well_being_surveys/:id', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const surveyId = parseId(req);
    const now = new Date();
    res.json(presentSurvey(await db.db.transaction((tx) => showSurvey(tx, session, surveyId, now)), now));
  });

  router.put('/well_being_surveys/:id', requireAdmin, async (req, res) => {
    const session = await currentSession(req);
    const surveyId = parseId(req);
    const { well_being_survey: input } = parseBody(UpdateSurveySchema, req);
    const now = new Date();
    const survey = await db.db.transaction(async (tx) => {
      const [before] = await tx.select().from(wellBeingSurveys).where(eq(wellBeingSurveys.id, surveyId));
      const after = await updateSurvey(tx, session, surveyId, input, { now, publicUrl: config.publicUrl });
      const changes = changedFields(before, after, ['title', 'expiredAt']);
      // Issue 20 point 8: the staff action log, with the before and after.
      await recordRequestAction(tx, req, { actor: session, organizationId: before?.organizationId ?? null, changes });
      return after;
    });
    markStaffActionRecorded(res);
    res.json(presentSurvey(survey, now));
  });

  router.post('/well_being_surveys/:id/reminder', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const surveyId = parseId(req);
    const now = new Date();
    const { reminded, view } = await db.db.transaction(async (tx) => {
      const result = await sendReminder(tx, session, surveyId, { now, publicUrl: config.publicUrl });
      const view = await showSurvey(tx, session, surveyId, now);
      const changes = { remindedCount: [null, result.reminded] as [unknown, unknown] };
      await recordRequestAction(tx, req, { actor: session, organizationId: view.organizationId, changes });
      return { ...result, view };
    });
    markStaffActionRecorded(res);
    res.json({ ...presentSurvey(view, now), meta: { 'reminded-count': reminded } });
  });

  router.post('/well_being_surveys/:id/answers', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const surveyId = parseId(req);
    const now = new Date();
    const survey = await db.db.transaction((tx) => findSurveyForAnswer(tx, session, surveyId));
    const membership = surveyAccess.assertCanAnswer(session, survey);
    const { well_being_survey_answer: input } = parseBody(AnswerSurveySchema, req);
    const answer = await db.db.transaction((tx) => answerSurvey(tx, survey, membership, input, now));
    res.status(201).json(presentAnswer(answer, surveyId));
  });

  router.get('/well_being_surveys/:id/result', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const surveyId = parseId(req);
    const now = new Date();
    const result = await db.db.transaction((tx) => surveyResult(tx, session, surveyId, now));
    res.json(presentResult(result, ANONYMITY_THRESHOLD, now));
  });

  return router;
}
