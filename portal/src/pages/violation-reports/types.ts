// GET /api/organizations/{id}/violation_reports(/{reportId}) after JSON:API decoding (docs/api.md "Moderation").
import type {
  ViolationReasonCategory as ReasonCategory,
  ViolationObjectType,
  ViolationReportAction,
  ViolationReportStatus,
} from '@kiwi/shared/domain/violation-report';

export { VIOLATION_REPORT_STATUSES as REPORT_STATUSES } from '@kiwi/shared/domain/violation-report';
export type ReportStatus = ViolationReportStatus;

/** One row of the queue: one reported object, its newest report's id as the row id. */
export type QueueRow = {
  id: string;
  status: ReportStatus;
  violationObjectType: ViolationObjectType;
  violationObjectId: number | string;
  reportersCount: number;
  firstReportedAt: string;
  lastReportedAt: string;
  authorName: string | null;
  excerpt: string | null;
  hidden: boolean;
};

export type Counts = Record<ReportStatus, number>;

export type RawContent = {
  text: string;
  imageUrls: string[];
  authorName: string;
  authorMemberId: number | string | null;
  postedAt: string | null;
  linkPath: string | null;
};
export type ContextMessage = { id: string; body: string; authorName: string; createdAt: string; reported: boolean };
export type ReportEntry = { id: string; reporterName: string; reasonCategory: ReasonCategory; reason: string; createdAt: string };
export type EarlierReport = {
  id: string;
  violationObjectType: ViolationObjectType;
  status: ReportStatus;
  excerpt: string | null;
  createdAt: string | null;
};
export type ActionEntry = {
  action: ViolationReportAction;
  actorName: string | null;
  at: string;
  deletedCount: number | null;
};

export type ReportDetail = {
  id: string;
  status: ReportStatus;
  hidden: boolean;
  violationObjectType: ViolationObjectType;
  rawContent: RawContent;
  context: ContextMessage[];
  reports: ReportEntry[];
  authorEarlierReports: { count: number; reports: EarlierReport[] };
  actions: ActionEntry[];
  postsToDelete: number | null;
};

type Loose = Record<string, unknown>;
const camel = (key: string) => key.replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Nested objects keep the wire's keys (kebab-case or snake_case): read any of them as camelCase, recursively. */
export function camelize<T>(value: unknown): T {
  if (Array.isArray(value)) return value.map((item) => camelize(item)) as T;
  if (typeof value !== 'object' || value === null) return value as T;
  return Object.fromEntries(Object.entries(value as Loose).map(([key, nested]) => [camel(key), camelize(nested)])) as T;
}

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The decoded detail resource as the page reads it, tolerant of absent parts (a deleted post has no context). */
export function readDetail(resource: unknown): ReportDetail {
  const data = camelize<Loose>(resource);
  const raw = (data.rawContent ?? {}) as Loose;
  const earlier = (data.authorEarlierReports ?? {}) as Loose;
  const earlierList = list<Loose>(earlier.items);
  return {
    id: String(data.id ?? ''),
    status: (data.status as ReportStatus) ?? 'pending',
    hidden: Boolean(data.hidden),
    violationObjectType: data.violationObjectType as ViolationObjectType,
    rawContent: {
      text: String(raw.text ?? ''),
      imageUrls: list<string>(raw.imageUrls),
      authorName: String(raw.authorName ?? ''),
      authorMemberId: (raw.authorMemberId as number | string | null) ?? null,
      postedAt: (raw.postedAt as string | null) ?? null,
      linkPath: (raw.linkPath as string | null) ?? null,
    },
    context: list<Loose>(data.context).map((message) => ({
      id: String(message.id),
      body: String(message.text ?? ''),
      authorName: String(message.authorName ?? ''),
      createdAt: String(message.postedAt ?? ''),
      reported: Boolean(message.reported),
    })),
    reports: list<ReportEntry>(data.reports),
    authorEarlierReports: {
      count: Number(earlier.count ?? earlierList.length),
      reports: earlierList.map((item, index) => ({
        id: `${item.violationObjectType}-${item.violationObjectId}-${index}`,
        violationObjectType: item.violationObjectType as ViolationObjectType,
        status: item.status as ReportStatus,
        excerpt: null,
        createdAt: (item.reportedAt as string | null) ?? null,
      })),
    },
    actions: list<ActionEntry>(data.actions),
    postsToDelete: typeof data.postsToDelete === 'number' ? data.postsToDelete : null,
  };
}
