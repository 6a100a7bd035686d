import type { ReportButtonProps } from '@kiwi/shared/features/report/report-action';

/**
 * The widgets' Report button, for now none (issue 19, open): the report action and its dialog took `<kiwi-events>`
 * 2.2 kB over its signed-in budget and 83 B over its first load. Members report from the portal until the widgets make
 * room (docs/decisions.md "Issue 19 merge: reporting from the widgets").
 */
export function ReportButton(_props: ReportButtonProps) {
  return null;
}
