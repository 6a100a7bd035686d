// <kiwi-survey> for a signed-in member (a chunk of its own): the portal's answer form and, after answering, its
// thanks; the result and the survey list open in the portal.
import { SurveyAnswerForm } from '@kiwi/shared/features/surveys/survey-answer-form';

export default function SurveyMember({ surveyId }: { surveyId: string }) {
  return <SurveyAnswerForm key={surveyId} surveyId={surveyId} />;
}
