import type { RequestedChange } from '@kiwi/shared/domain/change-request';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { OrganizationChangeRequestRow } from '../../db/schema/admin-console';
import type { OrganizationRow } from '../../db/schema/organizations';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { type Language, translatorFor } from '../../http/i18n';
import { enqueue } from '../../outbox/enqueue';

type Recipient = { email: string; name: string; language: Language };

/** Who hears of a decision: the manager who asked; when their account is gone, the organisation's managers. */
async function recipientsOf(tx: Executor, request: OrganizationChangeRequestRow): Promise<Recipient[]> {
  const columns = { email: users.email, name: users.name, language: users.language };
  const asker =
    request.requestedByUserId === null ? [] : await tx.select(columns).from(users).where(eq(users.id, request.requestedByUserId));
  const found =
    asker.length > 0
      ? asker
      : await tx
          .select(columns)
          .from(organizationMembers)
          .innerJoin(users, eq(users.id, organizationMembers.userId))
          .where(and(eq(organizationMembers.organizationId, request.organizationId), eq(organizationMembers.role, 'manager')))
          .orderBy(asc(organizationMembers.id));
  return found.map((row) => ({ ...row, language: row.language === 'en' ? 'en' : 'ja' }));
}

/** The requested change as lines in `language` ("Seats: 120"), for the mail. */
export function describeRequest(request: RequestedChange, language: Language): string {
  const t = translatorFor(language);
  const lines: string[] = [];
  if (request.requestedPlan !== null) lines.push(t('mail:changeRequest.fields.plan', { value: request.requestedPlan }));
  if (request.requestedUnlimitedSeats) lines.push(t('mail:changeRequest.fields.unlimited'));
  else if (request.requestedNumberOfMembers !== null)
    lines.push(t('mail:changeRequest.fields.seats', { count: request.requestedNumberOfMembers }));
  if (request.requestedName !== null) lines.push(t('mail:changeRequest.fields.name', { value: request.requestedName }));
  return lines.map((line) => `- ${line}`).join('\n');
}

/**
 * The decision by mail through the outbox (written with the decision, so it goes exactly when the decision commits),
 * in each recipient's language, with a link to the organisation's change request page where the status shows.
 */
export async function notifyDecision(
  tx: Executor,
  { request, organization, publicUrl }: { request: OrganizationChangeRequestRow; organization: OrganizationRow; publicUrl: string },
): Promise<void> {
  const template = request.status === 'approved' ? 'changeRequestApproved' : 'changeRequestRejected';
  const link = `${publicUrl}/org/${encodeURIComponent(organization.identifier)}/change_requests`;
  for (const recipient of await recipientsOf(tx, request)) {
    const t = translatorFor(recipient.language);
    await enqueue(
      tx,
      'mail.send',
      {
        to: recipient.email,
        language: recipient.language,
        template,
        params: {
          name: recipient.name || recipient.email,
          organizationName: organization.name,
          changes: describeRequest(request, recipient.language),
          note: request.decisionNote ? t('mail:changeRequest.note', { note: request.decisionNote }) : '',
          link,
        },
      },
      { organizationId: organization.id },
    );
  }
}
