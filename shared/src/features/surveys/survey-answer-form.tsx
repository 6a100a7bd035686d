import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { get, type Resolver, set, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ANSWER_MAX,
  ANSWER_MIN,
  isAnswerValue,
  WELL_BEING_DIMENSIONS,
  WELL_BEING_QUESTIONS,
  type WellBeingAnswers,
  type WellBeingQuestionId,
  type WellBeingScores,
} from '../../domain/well-being';
import { errorMessageOf, type Survey, surveyPaths } from '../../schemas/survey-resources';
import { problemsResolver } from '../../forms/problems-resolver';
import { useFeatureContext } from '../feature-context';
import { formatDateTimeInZone } from '../../i18n/format';
import './surveys.css';
import '../../ui/visually-hidden.css';

const SCALE = Array.from({ length: ANSWER_MAX - ANSWER_MIN + 1 }, (_, index) => ANSWER_MIN + index);
export const surveyQueryKey = (surveyId: string) => ['well-being-surveys', surveyId] as const;

/** The form's values: each statement's radio group under `answers.<question id>` (a string, null until chosen). */
export type SurveyAnswerValues = { answers: Record<string, Record<string, string | null>> };
const answerField = (id: WellBeingQuestionId) => `answers.${id}` as const;
const EMPTY: SurveyAnswerValues = { answers: {} };
for (const question of WELL_BEING_QUESTIONS) set(EMPTY, answerField(question.id), null);

/** The chosen answers, as numbers by question id (the request's shape); a missing or invalid answer is left out. */
function chosenAnswers(values: SurveyAnswerValues): Partial<WellBeingAnswers> {
  const answers: Partial<WellBeingAnswers> = {};
  for (const { id } of WELL_BEING_QUESTIONS) {
    const chosen: string | null | undefined = get(values, answerField(id));
    if (chosen != null && chosen !== '' && isAnswerValue(Number(chosen))) answers[id] = Number(chosen);
  }
  return answers;
}

/** react-hook-form's resolver over the survey rule (domain/well-being.ts): every statement answered on the 0-10 scale. */
export function surveyAnswerResolver(t: TFunction): Resolver<SurveyAnswerValues> {
  return problemsResolver<SurveyAnswerValues>((values) => {
    const answers = chosenAnswers(values);
    const unanswered = { type: 'required', message: t('surveys:answer.unanswered') };
    return Object.fromEntries(WELL_BEING_QUESTIONS.map(({ id }) => [answerField(id), answers[id] === undefined ? unanswered : null]));
  });
}

/**
 * Answering one well-being survey: every statement on a 0-10 radio scale (arrow keys move within a statement, Tab to
 * the next), a progress bar, and one submit that needs all answers. Used by the portal page and the widgets.
 */
export function SurveyAnswerForm({ surveyId, onAnswered }: { surveyId: string; onAnswered?: (scores: WellBeingScores) => void }) {
  const { t, i18n } = useTranslation(['surveys', 'errors']);
  const { api, navigate, notify } = useFeatureContext();
  const queryClient = useQueryClient();
  const survey = useQuery({
    queryKey: surveyQueryKey(surveyId),
    queryFn: async () => (await api.get<Survey>(`/well_being_surveys/${surveyId}`)).data,
  });
  const { register, handleSubmit, watch, formState } = useForm<SurveyAnswerValues>({
    defaultValues: EMPTY,
    resolver: surveyAnswerResolver(t),
  });
  // The progress follows every choice.
  const answers = chosenAnswers(watch());
  const headingId = useId();
  const submit = useMutation({
    mutationFn: async (answers: Partial<WellBeingAnswers>) =>
      (await api.post<{ scores: WellBeingScores }>(`/well_being_surveys/${surveyId}/answers`, { well_being_survey_answer: { answers } }))
        .data,
    onSuccess: async (data) => {
      onAnswered?.(data.scores);
      notify({ type: 'survey-answered', surveyId });
      await queryClient.invalidateQueries({ queryKey: ['well-being-surveys'] });
      await queryClient.invalidateQueries({ queryKey: ['well-being-survey-results', surveyId] });
    },
  });

  if (survey.isPending) return <p role="status">{t('surveys:list.loading')}</p>;
  if (survey.isError) {
    return (
      <p role="alert" className="kiwi-survey__alert">
        {errorMessageOf(survey.error, t)}
      </p>
    );
  }

  const { title, expiredAt, organization } = survey.data;
  const resultPath = surveyPaths.result(organization.identifier, surveyId);
  // After a submit, the statements still unanswered (RHF revalidates each as it is answered).
  const missing = WELL_BEING_QUESTIONS.filter((question) => get(formState.errors, answerField(question.id)));
  const answeredCount = Object.keys(answers).length;
  /** The survey's title and deadline, then `content`. */
  const page = (content: ReactNode) => (
    <section className="kiwi-survey" aria-labelledby={headingId}>
      <header>
        <h1 id={headingId}>{title}</h1>
        <p className="kiwi-survey__meta">{t('surveys:deadline', { date: formatDateTimeInZone(expiredAt, i18n.language) })}</p>
      </header>
      {content}
    </section>
  );
  const notice = (text: string) => (
    <p role="status" className="kiwi-survey__notice">
      {text}
    </p>
  );

  if (submit.isSuccess || survey.data.answeredByMe) {
    return page(
      <>
        {notice(submit.isSuccess ? t('surveys:answer.thanks') : t('surveys:answer.alreadyAnswered'))}
        <div className="kiwi-survey__actions">
          <button type="button" className="kiwi-survey__button" onClick={() => navigate(resultPath)}>
            {t('surveys:answer.viewResult')}
          </button>
          <button
            type="button"
            className="kiwi-survey__button kiwi-survey__button--secondary"
            onClick={() => navigate(surveyPaths.list(organization.identifier))}
          >
            {t('surveys:answer.backToList')}
          </button>
        </div>
      </>,
    );
  }

  // Only members of the survey's organisation answer (an admin without that membership reads it only).
  if (survey.data.answeredByMe === null) return page(notice(t('errors:survey.notRespondent')));
  if (!survey.data.open) return page(notice(t('surveys:answer.closed')));

  return page(
    <>
      <p>{t('surveys:answer.intro')}</p>
      <div className="kiwi-survey__progress">
        <progress max={WELL_BEING_QUESTIONS.length} value={answeredCount} aria-label={t('surveys:answer.progressLabel')} />
        <span aria-live="polite">{t('surveys:answer.progress', { answered: answeredCount, total: WELL_BEING_QUESTIONS.length })}</span>
      </div>
      {/* A submit with statements left focuses the first of them (RHF's focus on the first invalid field). */}
      <form onSubmit={handleSubmit((values) => submit.mutate(chosenAnswers(values)))} noValidate className="kiwi-survey">
        {WELL_BEING_DIMENSIONS.map((dimension) => (
          <section key={dimension} className="kiwi-survey__dimension">
            <h2>{t(`surveys:dimensions.${dimension}`)}</h2>
            {WELL_BEING_QUESTIONS.filter((question) => question.dimension === dimension).map((question) => (
              <QuestionScale
                key={question.id}
                number={WELL_BEING_QUESTIONS.indexOf(question) + 1}
                questionId={question.id}
                missing={missing.includes(question)}
                field={register(answerField(question.id))}
              />
            ))}
          </section>
        ))}
        {missing.length > 0 && (
          <p role="alert" className="kiwi-survey__alert">
            {t('surveys:answer.incomplete', { count: missing.length })}
          </p>
        )}
        {submit.isError && (
          <p role="alert" className="kiwi-survey__alert">
            {errorMessageOf(submit.error, t)}
          </p>
        )}
        <div className="kiwi-survey__actions">
          <button type="submit" className="kiwi-survey__button" disabled={submit.isPending}>
            {submit.isPending ? t('surveys:answer.submitting') : t('surveys:answer.submit')}
          </button>
        </div>
      </form>
    </>,
  );
}

function QuestionScale({
  number,
  questionId,
  missing,
  field,
}: {
  number: number;
  questionId: WellBeingQuestionId;
  missing: boolean;
  /** register() of the statement's radio group. */
  field: ReturnType<UseFormReturn<SurveyAnswerValues>['register']>;
}) {
  const { t } = useTranslation('surveys');
  const hintId = useId();
  const missingId = useId();
  return (
    <fieldset
      className="kiwi-survey__question"
      data-missing={missing}
      aria-describedby={missing ? `${hintId} ${missingId}` : hintId}
      aria-invalid={missing || undefined}
    >
      <legend>
        {number}. {t(`questions.${questionId}`)}
      </legend>
      <div className="kiwi-survey__scale">
        {SCALE.map((choice) => (
          <label key={choice} className="kiwi-survey__choice">
            <input type="radio" value={choice} {...field} />
            <span>{choice}</span>
          </label>
        ))}
      </div>
      <div className="kiwi-survey__ends" id={hintId}>
        <span>
          {ANSWER_MIN}: {t('scale.min')}
        </span>
        <span>
          {ANSWER_MAX}: {t('scale.max')}
        </span>
      </div>
      {missing && (
        <span id={missingId} className="kiwi-visually-hidden">
          {t('answer.unanswered')}
        </span>
      )}
    </fieldset>
  );
}
