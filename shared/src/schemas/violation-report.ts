// Issue 19: the payloads and queries of the violation-report routes (docs/api.md "Moderation: server").
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import {
  MAX_AUTO_HIDE_THRESHOLD,
  VIOLATION_OBJECT_TYPES,
  VIOLATION_REASON_CATEGORIES,
  VIOLATION_REPORT_STATUSES,
} from '../domain/violation-report';
import { PaginationSchema, strictPayload, oneOf, wholeNumber } from './common';
import { graphemeString } from './text';

export const VIOLATION_REASON_MAX = 500;
const MAX_ID = 2_147_483_647;

const reportFields = {
  violation_object_type: oneOf(VIOLATION_OBJECT_TYPES),
  violation_object_id: wholeNumber(1, MAX_ID),
  reason_category: oneOf(VIOLATION_REASON_CATEGORIES),
  /** Optional free text; empty is the same as none. */
  reason: graphemeString({ max: VIOLATION_REASON_MAX, trim: true }).nullish(),
};

/** POST /organizations/{id}/violation_reports and POST /shared_events/{id}/violation_reports. */
export const CreateViolationReportSchema = strictPayload({ violation_report: strictPayload(reportFields) });
export type CreateViolationReportInput = z.output<typeof CreateViolationReportSchema>['violation_report'];
/** The report form (the Report action's dialog): category and reason only; the object comes from where it opens. */
export const ViolationReportFormSchema = strictPayload({
  reason_category: reportFields.reason_category,
  reason: reportFields.reason,
});
export type ViolationReportFormValues = z.input<typeof ViolationReportFormSchema>;

/** GET /organizations/{id}/violation_reports: `status` (default pending), `page`, `per`. */
export const ViolationReportListQuerySchema = PaginationSchema.extend({
  status: z.enum(VIOLATION_REPORT_STATUSES, { error: ErrorCode.requestInvalidParameter }).default('pending'),
});

/** PUT /organizations/{id}/violation_report_setting. */
export const ViolationReportSettingSchema = strictPayload({
  violation_report_setting: strictPayload({ auto_hide_threshold: wholeNumber(0, MAX_AUTO_HIDE_THRESHOLD) }),
});
