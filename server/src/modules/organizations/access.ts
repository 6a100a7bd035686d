import { eq } from 'drizzle-orm';
import { authorize, can } from '../../auth/authorize';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type OrganizationRow, organizations } from '../../db/schema/organizations';
import { notFound } from '../../jsonapi/errors';

/** A numeric id or a route identifier (identifiers are never all digits). */
export type OrganizationKey = number | string;

/**
 * Spec §6 for `/organizations/:id` where :id may be an identifier: decided from the session alone, before the database
 * is asked, so a stranger learns nothing about which organisations exist.
 */
export function assertOrganizationAccess(session: Session, key: OrganizationKey, { managerOnly }: { managerOnly: boolean }): void {
  authorize(session, managerOnly ? 'organization.edit' : 'organization.open', { kind: 'organizationKey', key });
}

/** Whether the caller manages this organisation (admins do); members see less of it and of its people. */
export function managesOrganization(session: Session, organizationId: number): boolean {
  return can(session, 'organization.manage', { kind: 'organization', id: organizationId });
}

export async function findOrganization(executor: Executor, key: OrganizationKey, { forUpdate = false } = {}): Promise<OrganizationRow> {
  const query = executor
    .select()
    .from(organizations)
    .where(typeof key === 'number' ? eq(organizations.id, key) : eq(organizations.identifier, key))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
