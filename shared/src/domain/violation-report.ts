// Issue 19: violation reports. The names the API, the server and both front ends share.

/** SPEC §3 violationObjectType: what a report names. */
export const VIOLATION_OBJECT_TYPES = [
  'EventMessage',
  'GuildMessage',
  'WalkingEventMessage',
  'OrganizationMember',
  'KiwiCoinTransfer',
  'EventGuest',
] as const;
export type ViolationObjectType = (typeof VIOLATION_OBJECT_TYPES)[number];

/** What a shared-event guest may report: a message of that event or another guest of it. */
export const GUEST_REPORTABLE_TYPES = ['EventMessage', 'EventGuest'] as const satisfies readonly ViolationObjectType[];

export const VIOLATION_REASON_CATEGORIES = ['spam', 'harassment', 'inappropriate', 'personal_information', 'other'] as const;
export type ViolationReasonCategory = (typeof VIOLATION_REASON_CATEGORIES)[number];

/** SPEC §4: pending, then resolved (the content deleted) or ignored (the report rejected). */
export const VIOLATION_REPORT_STATUSES = ['pending', 'resolved', 'ignored'] as const;
export type ViolationReportStatus = (typeof VIOLATION_REPORT_STATUSES)[number];

/** The action log (issue 19 point 6). */
export const VIOLATION_REPORT_ACTIONS = ['resolve', 'ignore', 'auto_hide', 'restore'] as const;
export type ViolationReportAction = (typeof VIOLATION_REPORT_ACTIONS)[number];

/** Default of the organisation setting: distinct reporters that hide a post until a manager decides (0 = never). */
export const DEFAULT_AUTO_HIDE_THRESHOLD = 3;
export const MAX_AUTO_HIDE_THRESHOLD = 100;

/** Whether `reporters` distinct reporters hide the object under `threshold` (0 turns auto-hide off). */
export function reachesAutoHide(reporters: number, threshold: number): boolean {
  return threshold > 0 && reporters >= threshold;
}

/** Whether a type names a post that resolving deletes (members and guests are not posts; a coin message is blanked). */
export function isMessageType(type: ViolationObjectType): boolean {
  return type === 'EventMessage' || type === 'GuildMessage' || type === 'WalkingEventMessage' || type === 'KiwiCoinTransfer';
}
