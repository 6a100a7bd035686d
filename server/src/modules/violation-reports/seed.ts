import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { guildMessages, guilds } from '../../db/schema/guilds';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { violationReports } from '../../db/schema/violation-reports';
import { findReportedObject } from './objects';
import { fileReport } from './service';

/**
 * Two pending reports in acme for the manager's queue (issue 19): the demo member reports a colleague's guild message
 * and another colleague. Idempotent: nothing happens once any report exists. Runs after the guild seed.
 */
export async function seedViolationReportsDemo(tx: Executor, now: Date): Promise<void> {
  const [existing] = await tx.select({ id: violationReports.id }).from(violationReports).limit(1);
  if (existing) return;
  const [reporter] = await tx
    .select({ memberId: organizationMembers.id, organizationId: organizationMembers.organizationId, name: users.name })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(users.email, 'member@acme.example'), eq(organizations.identifier, 'acme')));
  if (!reporter) return;
  const [message] = await tx
    .select({ id: guildMessages.id })
    .from(guildMessages)
    .innerJoin(guilds, eq(guilds.id, guildMessages.guildId))
    .where(and(eq(guilds.organizationId, reporter.organizationId), ne(guildMessages.organizationMemberId, reporter.memberId)))
    .orderBy(asc(guildMessages.id))
    .limit(1);
  const [colleague] = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, reporter.organizationId),
        ne(organizationMembers.id, reporter.memberId),
        eq(organizationMembers.role, 'member'),
        sql`${organizationMembers.activeTo} is null`,
      ),
    )
    .orderBy(asc(organizationMembers.id))
    .limit(1);
  const reports = [
    message && ({ type: 'GuildMessage', id: message.id, reason_category: 'harassment', reason: '言葉がきつすぎます' } as const),
    colleague &&
      ({ type: 'OrganizationMember', id: colleague.id, reason_category: 'spam', reason: '同じ宣伝を何度も投稿しています' } as const),
  ];
  for (const entry of reports) {
    if (!entry) continue;
    const object = await findReportedObject(tx, entry.type, entry.id);
    if (!object) continue;
    await fileReport(tx, {
      object,
      reporter: { memberId: reporter.memberId, guestId: null, name: reporter.name },
      input: {
        violation_object_type: entry.type,
        violation_object_id: entry.id,
        reason_category: entry.reason_category,
        reason: entry.reason,
      },
      now,
    });
  }
}
