import { Suspense } from 'react';
import { lazyOr } from '../../ui/lazy-chunk';
import { useFeatureContext } from '../feature-context';
import type { ReportActionProps } from './report-action';
import type { Reporter, ReportTarget } from './report-api';

/**
 * The button, its strings and its dialog are chunks of their own, fetched once somebody who can report sees a Report
 * button: a widget's first load (a public shared event) carries only this stub, and a failed load leaves no button.
 */
const LazyReportAction = lazyOr<ReportActionProps>(
  () => import('./report-action').then((module) => ({ default: module.ReportAction })),
  () => null,
);

/**
 * The Report action of issue 19 on a post, a guest or a member: a small button that opens the report dialog. The host
 * offers it only on other people's content. A shared-event guest passes `guest` (their token); anyone else reports as
 * the signed-in member of the viewer's organisation. Renders nothing without a reporter (a guest who has not joined).
 */
export function ReportButton({
  target,
  name,
  member = false,
  guest,
  className = 'kiwi-link-button',
}: {
  target: ReportTarget;
  name: string;
  member?: boolean;
  guest?: { eventId: string; token: string | null } | null;
  className?: string;
}) {
  const { viewer } = useFeatureContext();
  const reporter: Reporter | null = guest
    ? guest.token
      ? { kind: 'guest', eventId: guest.eventId, token: guest.token }
      : null
    : viewer
      ? { kind: 'member', organizationId: viewer.organizationId }
      : null;
  if (!reporter) return null;
  return (
    <Suspense fallback={null}>
      <LazyReportAction target={target} reporter={reporter} name={name} member={member} className={className} />
    </Suspense>
  );
}
