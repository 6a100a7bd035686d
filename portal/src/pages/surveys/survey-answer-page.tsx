import { SurveyAnswerForm } from '@kiwi/shared/features/surveys/survey-answer-form';
import { useParams } from 'react-router';
import './surveys.css';

/** /org/:identifier/well_being_surveys/:id — sidebar-less (SPEC §2): the shared answering form. */
export function SurveyAnswerPage() {
  const { id = '' } = useParams();
  return (
    <div className="survey-page">
      <SurveyAnswerForm surveyId={id} />
    </div>
  );
}
