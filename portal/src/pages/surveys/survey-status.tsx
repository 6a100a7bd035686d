import type { Survey } from '@kiwi/shared/schemas/survey-resources';
import { useTranslation } from 'react-i18next';

/** Open or closed, and for a member whether they answered. */
export function SurveyStatus({ survey }: { survey: Survey }) {
  const { t } = useTranslation('surveys');
  const parts = [t(survey.open ? 'status.open' : 'status.closed')];
  if (survey.answeredByMe !== null) parts.push(t(survey.answeredByMe ? 'status.answered' : 'status.notAnswered'));
  return <>{parts.join(' · ')}</>;
}
