import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WELL_BEING_DIMENSIONS, type WellBeingAverages } from '../../domain/well-being';
import { errorMessageOf, formatScore, type Survey, type SurveyResultResource, surveyPaths } from '../../schemas/survey-resources';
import { LazyChart } from '../../ui/lazy-chart';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useFeatureContext } from '../feature-context';
import { formatDateTime, formatDateTimeInZone } from '../../i18n/format';
import './surveys.css';
import '../../ui/visually-hidden.css';

export const surveyResultQueryKey = (surveyId: string) => ['well-being-survey-results', surveyId] as const;

const hasFigures = (averages: WellBeingAverages) => WELL_BEING_DIMENSIONS.some((dimension) => averages[dimension] !== null);

/**
 * One survey's result: the member's five scores against the organisation average (chart and table), and for the
 * organisation's managers the aggregate by group, the answered summary and the reminder. Used by the portal and the widgets.
 */
export function SurveyResult({ surveyId }: { surveyId: string }) {
  const { t, i18n } = useTranslation(['surveys', 'errors']);
  const { api, navigate } = useFeatureContext();
  const headingId = useId();
  const result = useQuery({
    queryKey: surveyResultQueryKey(surveyId),
    queryFn: async () => (await api.get<SurveyResultResource>(`/well_being_surveys/${surveyId}/result`)).data,
  });

  if (result.isPending) return <p role="status">{t('surveys:result.loading')}</p>;
  if (result.isError) {
    return (
      <p role="alert" className="kiwi-survey__alert">
        {errorMessageOf(result.error, t)}
      </p>
    );
  }

  const { survey, ownScores, organizationAverage, answeredSummary, anonymityThreshold, groups } = result.data;
  const labels = WELL_BEING_DIMENSIONS.map((dimension) => t(`surveys:dimensions.${dimension}`));
  const averageShown = hasFigures(organizationAverage);
  const series = [
    ...(ownScores ? [{ label: t('surveys:result.you'), values: WELL_BEING_DIMENSIONS.map((dimension) => ownScores[dimension]) }] : []),
    ...(averageShown
      ? [{ label: t('surveys:result.average'), values: WELL_BEING_DIMENSIONS.map((dimension) => organizationAverage[dimension]) }]
      : []),
  ];
  const isManagerView = groups !== null;

  return (
    <section className="kiwi-survey" aria-labelledby={headingId}>
      <header>
        <h1 id={headingId}>{t('surveys:result.title', { title: survey.title })}</h1>
        <p className="kiwi-survey__meta">
          {t('surveys:deadline', { date: formatDateTimeInZone(survey.expiredAt, i18n.language) })} ·{' '}
          {t('surveys:summary', { answered: answeredSummary.answered, invited: answeredSummary.invited })}
        </p>
      </header>

      {!ownScores && survey.answeredByMe !== null && (
        <div className="kiwi-survey__actions">
          <p className="kiwi-survey__notice">{t('surveys:result.notAnswered')}</p>
          {survey.open && (
            <button
              type="button"
              className="kiwi-survey__button"
              onClick={() => navigate(surveyPaths.answer(survey.organization.identifier, survey.id))}
            >
              {t('surveys:list.answer')}
            </button>
          )}
        </div>
      )}
      {!averageShown && (
        <p className="kiwi-survey__meta">
          {survey.open ? t('surveys:result.atDeadline') : t('surveys:result.averageHidden', { count: anonymityThreshold })}
        </p>
      )}
      {series.length > 0 && (
        <LazyChart
          title={ownScores ? t('surveys:result.yourScores') : t('surveys:result.organization.byDimension')}
          kind="bar"
          labels={labels}
          series={series}
          csvFileName={ownScores ? t('surveys:result.csvFileName') : t('surveys:result.organization.csvFileName')}
          formatValue={(value) => formatScore(value, '')}
        />
      )}

      {isManagerView && (
        <OrganizationResults
          survey={survey}
          groups={groups}
          averageShown={averageShown}
          answered={answeredSummary.answered}
          threshold={anonymityThreshold}
        />
      )}
    </section>
  );
}

function OrganizationResults({
  survey,
  groups,
  averageShown,
  answered,
  threshold,
}: {
  survey: Survey;
  groups: NonNullable<SurveyResultResource['groups']>;
  averageShown: boolean;
  answered: number;
  threshold: number;
}) {
  const { t } = useTranslation(['surveys', 'common']);
  const headingId = useId();
  const shownGroups = groups.filter((group) => group.scores !== null);
  const empty = t('common:chart.noValue');
  return (
    <section className="kiwi-survey__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('surveys:result.organization.title')}</h2>
      {!averageShown ? (
        <p>{survey.open ? t('surveys:result.atDeadline') : t('surveys:result.organization.hidden', { count: threshold, answered })}</p>
      ) : (
        <>
          <h3>{t('surveys:result.organization.byGroup')}</h3>
          {groups.length === 0 || shownGroups.length === 0 ? <p>{t('surveys:result.organization.noGroups')}</p> : null}
          {groups.length > 0 && (
            <table className="kiwi-survey__table">
              <caption className="kiwi-visually-hidden">{t('surveys:result.organization.byGroup')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('surveys:result.organization.group')}</th>
                  <th scope="col">{t('surveys:result.organization.answers')}</th>
                  {WELL_BEING_DIMENSIONS.map((dimension) => (
                    <th key={dimension} scope="col">
                      {t(`surveys:dimensions.${dimension}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {groups.map((group) => (
                  <tr key={group.id}>
                    <th scope="row">{group.name}</th>
                    {group.scores ? (
                      <>
                        <td className="kiwi-survey__number">{group.answers}</td>
                        {WELL_BEING_DIMENSIONS.map((dimension) => (
                          <td key={dimension} className="kiwi-survey__number">
                            {formatScore(group.scores?.[dimension], empty)}
                          </td>
                        ))}
                      </>
                    ) : (
                      <td colSpan={WELL_BEING_DIMENSIONS.length + 1}>
                        {t('surveys:result.organization.groupHidden', { count: threshold })}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {survey.open && <ReminderAction survey={survey} />}
    </section>
  );
}

function ReminderAction({ survey }: { survey: Survey }) {
  const { t, i18n } = useTranslation(['surveys', 'errors']);
  const { api } = useFeatureContext();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const unanswered = Math.max(0, survey.answeredSummary.invited - survey.answeredSummary.answered);
  const remind = useMutation({
    mutationFn: async () => (await api.post<Survey>(`/well_being_surveys/${survey.id}/reminder`, {})).meta?.remindedCount as number,
    onSuccess: async (count) => {
      setSent(count ?? 0);
      await queryClient.invalidateQueries({ queryKey: surveyResultQueryKey(survey.id) });
    },
  });

  return (
    <div className="kiwi-survey__actions">
      <button
        type="button"
        className="kiwi-survey__button"
        disabled={remind.isPending || unanswered === 0}
        onClick={() => setConfirming(true)}
      >
        {t('surveys:result.reminder.send')}
      </button>
      {unanswered === 0 && <span>{t('surveys:result.reminder.nobody')}</span>}
      {survey.lastRemindedAt && (
        <span className="kiwi-survey__meta">
          {t('surveys:result.reminder.lastSent', { date: formatDateTime(survey.lastRemindedAt, i18n.language) })}
        </span>
      )}
      {sent !== null && (
        <p role="status" className="kiwi-survey__notice">
          {t('surveys:result.reminder.sent', { count: sent })}
        </p>
      )}
      {remind.isError && (
        <p role="alert" className="kiwi-survey__alert">
          {errorMessageOf(remind.error, t)}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('surveys:result.reminder.confirmTitle')}
        body={t('surveys:result.reminder.confirmBody', { count: unanswered })}
        onClose={() => setConfirming(false)}
        onSubmit={async () => {
          // The dialog closes either way; a refusal (24 hours) shows beside the button.
          await remind.mutateAsync().catch(() => undefined);
        }}
      />
    </div>
  );
}
