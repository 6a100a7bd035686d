import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANSWER_MAX,
  ANSWER_MIN,
  WELL_BEING_DIMENSIONS,
  WELL_BEING_QUESTIONS,
  type WellBeingQuestionId,
  type WellBeingScores,
} from '../../domain/well-being';
import { errorMessageOf, type Survey, surveyPaths } from '../../schemas/survey-resources';
import { useFeatureContext } from '../feature-context';
import { formatDateTimeInZone } from '../../i18n/format';
import './surveys.css';
import '../../ui/visually-hidden.css';

const SCALE = Array.from({ length: ANSWER_MAX - ANSWER_MIN + 1 }, (_, index) => ANSWER_MIN + index);
export const surveyQueryKey = (surveyId: string) => ['well-being-surveys', surveyId] as const;

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
  const [answers, setAnswers] = useState<Partial<Record<WellBeingQuestionId, number>>>({});
  const [showMissing, setShowMissing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const submit = useMutation({
    mutationFn: async () =>
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
  const missing = WELL_BEING_QUESTIONS.filter((question) => answers[question.id] === undefined);
  const answeredCount = WELL_BEING_QUESTIONS.length - missing.length;
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const [firstMissing] = missing;
    if (firstMissing) {
      setShowMissing(true);
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(firstMissing.id)}"]`)?.focus();
      return;
    }
    submit.mutate();
  };

  return page(
    <>
      <p>{t('surveys:answer.intro')}</p>
      <div className="kiwi-survey__progress">
        <progress max={WELL_BEING_QUESTIONS.length} value={answeredCount} aria-label={t('surveys:answer.progressLabel')} />
        <span aria-live="polite">{t('surveys:answer.progress', { answered: answeredCount, total: WELL_BEING_QUESTIONS.length })}</span>
      </div>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="kiwi-survey">
        {WELL_BEING_DIMENSIONS.map((dimension) => (
          <section key={dimension} className="kiwi-survey__dimension">
            <h2>{t(`surveys:dimensions.${dimension}`)}</h2>
            {WELL_BEING_QUESTIONS.filter((question) => question.dimension === dimension).map((question) => (
              <QuestionScale
                key={question.id}
                number={WELL_BEING_QUESTIONS.indexOf(question) + 1}
                questionId={question.id}
                value={answers[question.id]}
                missing={showMissing && answers[question.id] === undefined}
                onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
              />
            ))}
          </section>
        ))}
        {showMissing && missing.length > 0 && (
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
  value,
  missing,
  onChange,
}: {
  number: number;
  questionId: WellBeingQuestionId;
  value: number | undefined;
  missing: boolean;
  onChange: (value: number) => void;
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
            <input type="radio" name={questionId} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
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
