import type { ReportStatus } from './types';

/** The managers' violation report routes (docs/api.md "Moderation"). */
export const moderationApi = {
  list: (organizationId: string) => `/organizations/${organizationId}/violation_reports`,
  detail: (organizationId: string, reportId: string) => `/organizations/${organizationId}/violation_reports/${reportId}`,
  pendingCount: (organizationId: string) => `/organizations/${organizationId}/violation_reports/pending_count`,
  resolve: (organizationId: string, reportId: string) => `/organizations/${organizationId}/violation_reports/${reportId}/resolve`,
  ignore: (organizationId: string, reportId: string) => `/organizations/${organizationId}/violation_reports/${reportId}/ignore`,
  setting: (organizationId: string) => `/organizations/${organizationId}/violation_report_setting`,
};

export const moderationKeys = {
  all: (organizationId: string | undefined) => ['organization', organizationId, 'violation-reports'] as const,
  queue: (organizationId: string | undefined, status: ReportStatus, page: number) =>
    ['organization', organizationId, 'violation-reports', 'queue', status, page] as const,
  detail: (organizationId: string | undefined, reportId: string) =>
    ['organization', organizationId, 'violation-reports', 'detail', reportId] as const,
  /** Under `all`: a decision (which invalidates `all`) refreshes the drawer's badge too. */
  pendingCount: (organizationId: string) => ['organization', organizationId, 'violation-reports', 'pending-count'] as const,
  setting: (organizationId: string) => ['organization', organizationId, 'violation-report-setting'] as const,
};
