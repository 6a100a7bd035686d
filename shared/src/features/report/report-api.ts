// The report action's wire details (issue 19): what can be reported, the reasons, and where a report is sent.

import type { ViolationObjectType, ViolationReasonCategory } from '../../domain/violation-report';

export { VIOLATION_REASON_CATEGORIES as REASON_CATEGORIES } from '../../domain/violation-report';
export type { ViolationObjectType };
export type ReasonCategory = ViolationReasonCategory;

/** The optional reason's limit in graphemes: schemas/violation-report.ts VIOLATION_REASON_MAX (that module brings zod, which the widgets' dialog chunk must not). */
export const REASON_MAX = 500;

/** What is reported: an object of a type, by its id. */
export type ReportTarget = { type: ViolationObjectType; id: string | number };

/** Who reports: a member of an organisation, or a shared-event guest with their guest token. */
export type Reporter = { kind: 'member'; organizationId: string } | { kind: 'guest'; eventId: string; token: string };

export const reportApi = {
  /** POST: a member's report. */
  organization: (organizationId: string | number) => `/organizations/${organizationId}/violation_reports`,
  /** POST: a shared-event guest's report (guest token). */
  sharedEvent: (eventId: string | number) => `/shared_events/${eventId}/violation_reports`,
};

/** The request body of both report routes. */
export function reportPayload(target: ReportTarget, category: ReasonCategory, reason: string) {
  return {
    violation_report: {
      violation_object_type: target.type,
      violation_object_id: Number(target.id),
      reason_category: category,
      reason: reason.trim(),
    },
  };
}
