import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import type { ViolationReportSubjectRow } from '../../db/schema/violation-reports';
import { enqueue } from '../../outbox/enqueue';
import { pushToMembers } from '../push/notify';

/**
 * Issue 19 point 5, once per object (the first pending report on it, not one per reporter): the organisation's Slack
 * webhook hears that a report waits, naming the object's type only (never the content), and every active manager gets
 * a push. The drawer badge needs nothing sent: it reads GET .../violation_reports/pending_count.
 */
export async function notifyManagersOfReport(
  tx: Executor,
  { subject, organizationId }: { subject: ViolationReportSubjectRow; organizationId: number },
): Promise<void> {
  const [organization] = await tx
    .select({ identifier: organizations.identifier })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return;
  const path = `/org/${organization.identifier}/violation_reports`;
  await enqueue(tx, 'slack.violation_reported', { objectType: subject.objectType, path }, { organizationId });
  const now = sql`now()`;
  const managers = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.role, 'manager'),
        or(isNull(organizationMembers.activeFrom), lte(organizationMembers.activeFrom, now)),
        or(isNull(organizationMembers.activeTo), sql`${organizationMembers.activeTo} > ${now}`),
      ),
    );
  await pushToMembers(tx, {
    kind: 'violation_report',
    organizationMemberIds: managers.map((manager) => manager.id),
    path,
    organizationId,
    render: (t) => ({
      title: t('push:violation_report.title'),
      body: t('push:violation_report.body', { type: t(`push:violation_report.types.${subject.objectType}`) }),
    }),
  });
}
