// Issue 19: filing, listing and deciding violation reports. Every function runs inside the caller's transaction.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { reachesAutoHide, type ViolationObjectType, type ViolationReportStatus } from '@kiwi/shared/domain/violation-report';
import type { CreateViolationReportInput } from '@kiwi/shared/schemas/violation-report';
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import {
  type ViolationReportRow,
  type ViolationReportSubjectRow,
  violationReportActions,
  violationReportSubjects,
  violationReports,
} from '../../db/schema/violation-reports';
import { ApiError, notFound } from '../../jsonapi/errors';
import { notifyManagersOfReport } from './notify';
import {
  countMemberPosts,
  deleteReportedObject,
  findReportedObject,
  memberNameOf,
  type ReportedObject,
  signalVisibilityChange,
} from './objects';

/** Who files a report: a member of the organisation, or a shared event's guest. */
export type Reporter = { memberId: number; guestId: null; name: string } | { memberId: null; guestId: number; name: string };

/** Who decides: a manager (or an admin) of the organisation. */
export type Decider = { userId: number; name: string };

/**
 * Files a report on an object already checked to be the organisation's and visible to the reporter. One report per
 * reporter and object (409), never on one's own content (422). The first pending report of an object tells the
 * managers; reaching the organisation's threshold of distinct reporters hides the object until a manager decides.
 */
export async function fileReport(
  tx: Executor,
  { object, reporter, input, now }: { object: ReportedObject; reporter: Reporter; input: CreateViolationReportInput; now: Date },
): Promise<ViolationReportRow> {
  const own =
    (reporter.memberId !== null && reporter.memberId === object.authorMemberId) ||
    (reporter.guestId !== null && reporter.guestId === object.authorGuestId);
  if (own) throw new ApiError(ErrorCode.violationReportOwnContent);

  await tx
    .insert(violationReportSubjects)
    .values({
      organizationId: object.organizationId,
      objectType: object.type,
      objectId: object.id,
      authorMemberId: object.authorMemberId,
      authorGuestId: object.authorGuestId,
    })
    .onConflictDoNothing();
  // The subject's row lock serialises reports and decisions on one object (the threshold is counted once).
  const [subject] = await tx
    .select()
    .from(violationReportSubjects)
    .where(and(eq(violationReportSubjects.objectType, object.type), eq(violationReportSubjects.objectId, object.id)))
    .for('update');
  if (!subject) throw new Error('violation report subject not stored');

  const [report] = await tx
    .insert(violationReports)
    .values({
      organizationId: object.organizationId,
      subjectId: subject.id,
      reporterMemberId: reporter.memberId,
      reporterGuestId: reporter.guestId,
      reporterName: reporter.name,
      reasonCategory: input.reason_category,
      reason: input.reason ? input.reason : null,
      evidence: object.evidence,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!report) throw new ApiError(ErrorCode.violationReportDuplicate);

  const pending = await pendingReporters(tx, subject.id);
  if (pending === 1) await notifyManagersOfReport(tx, { subject, organizationId: object.organizationId });
  // Posts (and shared-event guests) hide; a reported member stays visible until a manager decides.
  if (
    object.type !== 'OrganizationMember' &&
    !subject.hiddenAt &&
    reachesAutoHide(pending, await autoHideThreshold(tx, object.organizationId))
  ) {
    await tx.update(violationReportSubjects).set({ hiddenAt: now }).where(eq(violationReportSubjects.id, subject.id));
    await tx.insert(violationReportActions).values({ subjectId: subject.id, action: 'auto_hide', createdAt: now });
    await signalVisibilityChange(tx, object, true);
  }
  return report;
}

/** Reports are one per reporter and object, so pending reports count distinct reporters. */
async function pendingReporters(tx: Executor, subjectId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(violationReports)
    .where(and(eq(violationReports.subjectId, subjectId), eq(violationReports.status, 'pending')));
  return row?.count ?? 0;
}

export type QueueRow = {
  id: number;
  subjectId: number;
  objectType: ViolationObjectType;
  objectId: number;
  reportersCount: number;
  firstReportedAt: Date;
  lastReportedAt: Date;
  authorName: string;
  excerpt: string;
  hidden: boolean;
};

const EXCERPT_LENGTH = 120;

/** The queue: one row per reported object with reports in `status`, most recently reported first. */
export async function listQueue(
  tx: Executor,
  organizationId: number,
  { status, page, per }: { status: ViolationReportStatus; page: number; per: number },
): Promise<{ rows: QueueRow[]; total: number; counts: Record<ViolationReportStatus, number> }> {
  const result = (await tx.execute(sql`
    select s.id as subject_id, s.object_type, s.object_id, s.hidden_at is not null as hidden,
      count(r.id)::int as reporters_count, min(r.created_at) as first_reported_at, max(r.created_at) as last_reported_at,
      max(r.id) as newest_id, (array_agg(r.evidence order by r.id desc))[1] as evidence
    from violation_reports r
    join violation_report_subjects s on s.id = r.subject_id
    where r.organization_id = ${organizationId} and r.status = ${status}
    group by s.id
    order by max(r.created_at) desc, s.id desc
    limit ${per} offset ${(page - 1) * per}`)) as unknown as {
    rows: {
      subject_id: number;
      object_type: ViolationObjectType;
      object_id: number;
      hidden: boolean;
      reporters_count: number;
      first_reported_at: string | Date;
      last_reported_at: string | Date;
      newest_id: number;
      evidence: { text: string; authorName: string } | string;
    }[];
  };
  const counts = await statusCounts(tx, organizationId);
  return {
    rows: result.rows.map((row) => {
      const evidence = typeof row.evidence === 'string' ? (JSON.parse(row.evidence) as { text: string; authorName: string }) : row.evidence;
      return {
        id: Number(row.newest_id),
        subjectId: row.subject_id,
        objectType: row.object_type,
        objectId: row.object_id,
        reportersCount: row.reporters_count,
        firstReportedAt: new Date(row.first_reported_at),
        lastReportedAt: new Date(row.last_reported_at),
        authorName: evidence.authorName,
        excerpt: [...evidence.text].slice(0, EXCERPT_LENGTH).join(''),
        hidden: row.hidden,
      };
    }),
    total: counts[status],
    counts,
  };
}

/** Reported objects per status (an object with pending and ignored reports counts under both). */
export async function statusCounts(tx: Executor, organizationId: number): Promise<Record<ViolationReportStatus, number>> {
  const rows = await tx
    .select({ status: violationReports.status, count: sql<number>`count(distinct ${violationReports.subjectId})::int` })
    .from(violationReports)
    .where(eq(violationReports.organizationId, organizationId))
    .groupBy(violationReports.status);
  const counts = { pending: 0, resolved: 0, ignored: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/** A report of the organisation with its subject (404 for another organisation's or an unknown id). */
async function loadReport(tx: Executor, organizationId: number, reportId: number, { lock = false } = {}) {
  const query = tx
    .select({ report: violationReports, subject: violationReportSubjects })
    .from(violationReports)
    .innerJoin(violationReportSubjects, eq(violationReportSubjects.id, violationReports.subjectId))
    .where(and(eq(violationReports.id, reportId), eq(violationReports.organizationId, organizationId)));
  const [row] = lock ? await query.for('update', { of: violationReportSubjects }) : await query;
  if (!row) throw notFound();
  return row;
}

export type ReportDetail = {
  report: ViolationReportRow;
  subject: ViolationReportSubjectRow;
  reports: ViolationReportRow[];
  actions: (typeof violationReportActions.$inferSelect)[];
  authorEarlierReports: { objectType: ViolationObjectType; objectId: number; status: ViolationReportStatus; reportedAt: Date }[];
  context: { id: number; authorName: string; text: string; postedAt: Date; reported: boolean }[];
  postsToDelete: number | null;
};

const CONTEXT_AROUND = 5;

/** The surrounding messages of a post that still exists: up to five before and five after, in its event, guild or team. */
async function contextOf(tx: Executor, subject: ViolationReportSubjectRow): Promise<ReportDetail['context']> {
  const object = await findReportedObject(tx, subject.objectType, subject.objectId);
  if (!object) return [];
  // An event's guests post too (no member): their nickname, as the event's message list shows them.
  const guestName = sql`(select g.nickname from event_guests g where g.id = m.event_guest_id), `;
  const around = (table: string, scope: string, scopeId: number | undefined) =>
    scopeId === undefined
      ? null
      : sql`select m.id, m.body as text, m.created_at as posted_at, coalesce(${memberNameOf(sql`m.organization_member_id`)}, ${
          table === 'event_messages' ? guestName : sql``
        }'') as author_name
        from ${sql.raw(table)} m where m.${sql.raw(scope)} = ${scopeId}`;
  const base =
    object.type === 'EventMessage'
      ? around('event_messages', 'event_id', object.eventId)
      : object.type === 'GuildMessage'
        ? around('guild_messages', 'guild_id', object.guildId)
        : object.type === 'WalkingEventMessage'
          ? around('walking_event_messages', 'team_id', object.teamId)
          : null;
  if (!base) return [];
  const result = (await tx.execute(sql`
    (${base} and m.id < ${object.id} order by m.id desc limit ${CONTEXT_AROUND})
    union all (${base} and m.id >= ${object.id} order by m.id asc limit ${CONTEXT_AROUND + 1})
    order by id`)) as unknown as { rows: { id: number; text: string; posted_at: string | Date; author_name: string }[] };
  return result.rows.map((row) => ({
    id: row.id,
    authorName: row.author_name,
    text: row.text,
    postedAt: new Date(row.posted_at),
    reported: row.id === object.id,
  }));
}

export async function reportDetail(tx: Executor, organizationId: number, reportId: number): Promise<ReportDetail> {
  const { report, subject } = await loadReport(tx, organizationId, reportId);
  const reports = await tx
    .select()
    .from(violationReports)
    .where(eq(violationReports.subjectId, subject.id))
    .orderBy(asc(violationReports.createdAt), asc(violationReports.id));
  const actions = await tx
    .select()
    .from(violationReportActions)
    .where(eq(violationReportActions.subjectId, subject.id))
    .orderBy(asc(violationReportActions.createdAt), asc(violationReportActions.id));
  const author =
    subject.authorMemberId !== null
      ? eq(violationReportSubjects.authorMemberId, subject.authorMemberId)
      : subject.authorGuestId !== null
        ? eq(violationReportSubjects.authorGuestId, subject.authorGuestId)
        : null;
  const earlier = author
    ? await tx
        .select({
          objectType: violationReportSubjects.objectType,
          objectId: violationReportSubjects.objectId,
          status: sql<ViolationReportStatus>`(array_agg(${violationReports.status} order by ${violationReports.id} desc))[1]`,
          reportedAt: sql<Date>`max(${violationReports.createdAt})`,
        })
        .from(violationReportSubjects)
        .innerJoin(violationReports, eq(violationReports.subjectId, violationReportSubjects.id))
        .where(and(author, eq(violationReportSubjects.organizationId, organizationId), ne(violationReportSubjects.id, subject.id)))
        .groupBy(violationReportSubjects.id)
        .orderBy(desc(sql`max(${violationReports.createdAt})`))
        .limit(50)
    : [];
  return {
    report,
    subject,
    reports,
    actions,
    authorEarlierReports: earlier.map((row) => ({ ...row, reportedAt: new Date(row.reportedAt) })),
    context: await contextOf(tx, subject),
    postsToDelete: subject.objectType === 'OrganizationMember' ? await countMemberPosts(tx, subject.objectId) : null,
  };
}

/**
 * Resolve (the post goes, or every post of a reported member, all in this transaction) or ignore (the reports are
 * rejected and a hidden post comes back). Every pending report on the object is decided with it; a decided one is 409.
 */
export async function decideReport(
  tx: Executor,
  {
    organizationId,
    reportId,
    decider,
    decision,
    now,
  }: { organizationId: number; reportId: number; decider: Decider; decision: 'resolve' | 'ignore'; now: Date },
): Promise<{ report: ViolationReportRow; deletedCount: number }> {
  const { report, subject } = await loadReport(tx, organizationId, reportId, { lock: true });
  if (report.status !== 'pending') throw new ApiError(ErrorCode.violationReportAlreadyDecided);
  const object = await findReportedObject(tx, subject.objectType, subject.objectId);
  let deletedCount = 0;
  if (decision === 'resolve') {
    if (object) deletedCount = await deleteReportedObject(tx, object);
    // A member stays a member (their posts went); anything else is gone and no longer hidden, just deleted.
    await tx
      .update(violationReportSubjects)
      .set(subject.objectType === 'OrganizationMember' ? { hiddenAt: null } : { hiddenAt: null, deletedAt: now })
      .where(eq(violationReportSubjects.id, subject.id));
  } else if (subject.hiddenAt) {
    await tx.update(violationReportSubjects).set({ hiddenAt: null }).where(eq(violationReportSubjects.id, subject.id));
    await tx
      .insert(violationReportActions)
      .values({ subjectId: subject.id, action: 'restore', actorUserId: decider.userId, actorName: decider.name, createdAt: now });
    if (object) await signalVisibilityChange(tx, object, false);
  }
  await tx
    .update(violationReports)
    .set({ status: decision === 'resolve' ? 'resolved' : 'ignored', decidedAt: now, updatedAt: now })
    .where(and(eq(violationReports.subjectId, subject.id), eq(violationReports.status, 'pending')));
  await tx.insert(violationReportActions).values({
    subjectId: subject.id,
    action: decision,
    actorUserId: decider.userId,
    actorName: decider.name,
    deletedCount,
    createdAt: now,
  });
  const [decided] = await tx.select().from(violationReports).where(eq(violationReports.id, report.id));
  return { report: decided!, deletedCount };
}

/** The signed-in reporter's own reports, newest first (status only: the queue and evidence are the managers'). */
export async function reportsOf(tx: Executor, memberIds: number[]) {
  if (memberIds.length === 0) return [];
  return tx
    .select({ report: violationReports, subject: violationReportSubjects })
    .from(violationReports)
    .innerJoin(violationReportSubjects, eq(violationReportSubjects.id, violationReports.subjectId))
    .where(or(...memberIds.map((id) => eq(violationReports.reporterMemberId, id))))
    .orderBy(desc(violationReports.createdAt), desc(violationReports.id))
    .limit(200);
}

export async function autoHideThreshold(tx: Executor, organizationId: number): Promise<number> {
  const [row] = await tx
    .select({ threshold: organizations.violationAutoHideThreshold })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound();
  return row.threshold;
}

export async function setAutoHideThreshold(tx: Executor, organizationId: number, threshold: number): Promise<number> {
  const [row] = await tx
    .update(organizations)
    .set({ violationAutoHideThreshold: threshold })
    .where(eq(organizations.id, organizationId))
    .returning({ threshold: organizations.violationAutoHideThreshold });
  if (!row) throw notFound();
  return row.threshold;
}
