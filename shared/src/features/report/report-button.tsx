import { Suspense } from 'react';
import { lazyOr } from '../../ui/lazy-chunk';
import { useFeatureContext } from '../feature-context';
import type { ReportButtonProps } from './report-action';

/**
 * The button, its strings and its dialog are chunks of their own, fetched once somebody who can report sees a Report
 * button: a widget's first load (a public shared event) carries only this stub, and a failed load leaves no button.
 */
const LazyReportAction = lazyOr<ReportButtonProps>(
  () => import('./report-action').then((module) => ({ default: module.ReportAction })),
  () => null,
);

/**
 * The Report action of issue 19 on a post, a guest or a member: a small button that opens the report dialog. The host
 * offers it only on other people's content. A shared-event guest passes `guest` (their token); anyone else reports as
 * the signed-in member of the viewer's organisation. Nothing without a reporter (a guest who has not joined).
 */
export function ReportButton(props: ReportButtonProps) {
  const { viewer } = useFeatureContext();
  if (props.guest ? !props.guest.token : !viewer) return null;
  return (
    <Suspense fallback={null}>
      <LazyReportAction {...props} />
    </Suspense>
  );
}
