// The report action's wire details (issue 19): what can be reported, the reasons, and where a report is sent.

/** SPEC §3 violationObjectType. */
export const VIOLATION_OBJECT_TYPES = [
  'EventMessage',
  'GuildMessage',
  'WalkingEventMessage',
  'OrganizationMember',
  'KiwiCoinTransfer',
  'EventGuest',
] as const;
export type ViolationObjectType = (typeof VIOLATION_OBJECT_TYPES)[number];

export const REASON_CATEGORIES = ['spam', 'harassment', 'inappropriate', 'personal_information', 'other'] as const;
export type ReasonCategory = (typeof REASON_CATEGORIES)[number];

/** The optional reason's limit, in graphemes (the server checks it too). */
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
