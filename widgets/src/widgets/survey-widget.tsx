// <kiwi-survey survey-id>: a well-being survey to answer.
import { WidgetFrame } from '../runtime/frame';
import { lazyContent } from '../runtime/lazy-content';
import type { WidgetProps } from '../widget-kinds';
import './survey-widget.css';

const NAMESPACES = ['surveys'] as const;
const SurveyMember = lazyContent(() => import('./survey-member'));

export default function SurveyWidget(props: WidgetProps) {
  const { surveyId } = props;
  return (
    <WidgetFrame {...props} namespaces={NAMESPACES} missingAttribute={surveyId ? null : 'survey-id'}>
      {() => <SurveyMember surveyId={surveyId ?? ''} />}
    </WidgetFrame>
  );
}
