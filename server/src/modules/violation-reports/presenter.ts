import type { ViolationReportStatus } from '@kiwi/shared/domain/violation-report';
import type { ViolationReportRow, ViolationReportSubjectRow } from '../../db/schema/violation-reports';
import { serialize } from '../../jsonapi/serialize';
import type { QueueRow, ReportDetail } from './service';

const TYPE = 'violation-reports';

/** What the reporter learns of their report: its status, never the queue or the evidence. */
const reportAttributes = (report: ViolationReportRow, subject: Pick<ViolationReportSubjectRow, 'objectType' | 'objectId'>) => ({
  status: report.status,
  violationObjectType: subject.objectType,
  violationObjectId: subject.objectId,
  reasonCategory: report.reasonCategory,
  createdAt: report.createdAt,
  decidedAt: report.decidedAt,
});

export const presentFiledReport = (report: ViolationReportRow, subject: Pick<ViolationReportSubjectRow, 'objectType' | 'objectId'>) =>
  serialize(TYPE, report, { attributes: (row) => reportAttributes(row, subject) });

export const presentOwnReports = (rows: { report: ViolationReportRow; subject: ViolationReportSubjectRow }[]) =>
  serialize(TYPE, rows, { id: (row) => row.report.id, attributes: (row) => reportAttributes(row.report, row.subject) });

export const presentQueue = (
  rows: QueueRow[],
  { total, counts, page, per }: { total: number; counts: Record<ViolationReportStatus, number>; page: number; per: number },
) =>
  serialize(TYPE, rows, {
    attributes: (row) => ({
      violationObjectType: row.objectType,
      violationObjectId: row.objectId,
      reportersCount: row.reportersCount,
      firstReportedAt: row.firstReportedAt,
      lastReportedAt: row.lastReportedAt,
      authorName: row.authorName,
      excerpt: row.excerpt,
      hidden: row.hidden,
    }),
    meta: { counts },
    pagination: { page, per, total },
  });

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The detail page: raw content for managers only (this route is theirs), the reports, context, history and log. */
export const presentDetail = (detail: ReportDetail) =>
  serialize(TYPE, detail, {
    id: (row) => row.report.id,
    attributes: ({ report, subject, reports, actions, authorEarlierReports, context, postsToDelete }) => ({
      status: report.status,
      violationObjectType: subject.objectType,
      violationObjectId: subject.objectId,
      reasonCategory: report.reasonCategory,
      reason: report.reason,
      reporterName: report.reporterName,
      createdAt: report.createdAt,
      decidedAt: report.decidedAt,
      hidden: subject.hiddenAt !== null,
      deleted: subject.deletedAt !== null,
      rawContent: {
        text: report.evidence.text,
        'image-urls': report.evidence.imageUrls,
        'author-name': report.evidence.authorName,
        'author-member-id': report.evidence.authorMemberId,
        'posted-at': report.evidence.postedAt,
        'link-path': report.evidence.linkPath,
      },
      context: context.map((message) => ({
        id: message.id,
        'author-name': message.authorName,
        text: message.text,
        'posted-at': iso(message.postedAt),
        reported: message.reported,
      })),
      reports: reports.map((row) => ({
        id: row.id,
        'reporter-name': row.reporterName,
        'reason-category': row.reasonCategory,
        reason: row.reason,
        status: row.status,
        'created-at': iso(row.createdAt),
      })),
      authorEarlierReports: {
        count: authorEarlierReports.length,
        items: authorEarlierReports.map((row) => ({
          'violation-object-type': row.objectType,
          'violation-object-id': row.objectId,
          status: row.status,
          'reported-at': iso(row.reportedAt),
        })),
      },
      actions: actions.map((row) => ({
        action: row.action,
        'actor-name': row.actorName,
        at: iso(row.createdAt),
        'deleted-count': row.deletedCount,
      })),
      postsToDelete,
    }),
  });

export const presentSetting = (organizationId: number, threshold: number) =>
  serialize(
    'violation-report-settings',
    { id: organizationId, threshold },
    { attributes: (row) => ({ autoHideThreshold: row.threshold }) },
  );
