import { useParams } from 'react-router';
import { ViolationReportPage } from './violation-report-page';
import { ViolationReportsPage } from './violation-reports-page';

/**
 * The queue /org/:identifier/violation_reports and a report's detail /violation_reports/:reportId as one lazy page (one
 * chunk reference in the entry, which /login loads), as WalkingEventsRoute.
 */
export function ViolationReportsRoute() {
  const { reportId } = useParams();
  return reportId === undefined ? <ViolationReportsPage /> : <ViolationReportPage />;
}
