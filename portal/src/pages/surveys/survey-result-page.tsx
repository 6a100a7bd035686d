import { SurveyResult } from '@kiwi/shared/features/surveys/survey-result';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import './surveys.css';

/** /org/:identifier/well_being_surveys/:id/result — sidebar-less (SPEC §2): the shared result view. */
export function SurveyResultPage() {
  const { id = '', identifier = '' } = useParams();
  const { t } = useTranslation('surveys');
  return (
    <div className="survey-page">
      <SurveyResult surveyId={id} />
      <p>
        <Link to={`/org/${encodeURIComponent(identifier)}/well_being_surveys`}>{t('answer.backToList')}</Link>
      </p>
    </div>
  );
}
