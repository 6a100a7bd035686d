import { errorMessageOf, type Survey, surveyPaths } from '@kiwi/shared/schemas/survey-resources';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { Pager } from '../organization/pager';
import { SurveyStatus } from './survey-status';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import './surveys.css';
import { CardTable } from '../../layout/card-table';

const PER = 20;

/** /org/:identifier/well_being_surveys — open to every member of the organisation (SPEC §6 lifts manager-only here). */
export function OrganizationSurveysPage() {
  const { t, i18n } = useTranslation(['surveys', 'errors', 'portal']);
  const { api } = useSession();
  const { loaded, organization } = useOrganization();
  const [page, setPage] = useState(1);
  const surveys = useQuery({
    queryKey: ['well-being-surveys', 'organization', organization?.id, page],
    enabled: organization !== null,
    queryFn: () => api.get<Survey[]>('/well_being_surveys', { organization_id: organization?.id, page, per: PER }),
  });

  const heading = <h1 id="page-title">{t('surveys:list.title')}</h1>;
  if (!loaded || (organization && surveys.isPending)) {
    return (
      <section className="page-card" aria-labelledby="page-title">
        {heading}
        <p role="status">{t('surveys:list.loading')}</p>
      </section>
    );
  }
  if (!organization || surveys.isError) {
    return (
      <section className="page-card" aria-labelledby="page-title">
        {heading}
        <p role="alert" className="alert alert--error">
          {surveys.isError ? errorMessageOf(surveys.error, t) : t('surveys:list.loadFailed')}
        </p>
      </section>
    );
  }

  const rows = surveys.data?.data ?? [];
  const totalPages = surveys.data?.meta?.totalPages ?? 1;
  return (
    <section className="page-card" aria-labelledby="page-title">
      {heading}
      {rows.length === 0 ? (
        <p>{t('surveys:list.empty')}</p>
      ) : (
        <CardTable
          caption={t('surveys:list.title')}
          headers={[
            t('surveys:list.columns.title'),
            t('surveys:list.columns.deadline'),
            t('surveys:list.columns.status'),
            t('surveys:list.columns.answered'),
            t('surveys:list.columns.actions'),
          ]}
        >
          {rows.map((survey) => (
            <tr key={survey.id}>
              <th scope="row">{survey.title}</th>
              <td>{formatDateTime(survey.expiredAt, i18n.language)}</td>
              <td>
                <SurveyStatus survey={survey} />
              </td>
              <td>{t('surveys:summary', survey.answeredSummary)}</td>
              <td>
                <div className="survey-table__actions">
                  {survey.open && survey.answeredByMe === false && (
                    <Link
                      className="kiwi-button kiwi-button--primary"
                      to={surveyPaths.answer(organization.identifier, survey.id)}
                      aria-label={`${t('surveys:list.answer')}: ${survey.title}`}
                    >
                      {t('surveys:list.answer')}
                    </Link>
                  )}
                  <Link
                    className="kiwi-button"
                    to={surveyPaths.result(organization.identifier, survey.id)}
                    aria-label={`${t('surveys:list.result')}: ${survey.title}`}
                  >
                    {t('surveys:list.result')}
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </CardTable>
      )}
      <Pager page={page} totalPages={totalPages} onPage={setPage} label={t('surveys:list.title')} />
    </section>
  );
}
