import { eq } from 'drizzle-orm';
import { UNKNOWN_USER, type UserSubject } from '../../auth/authorize';
import type { Executor } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

/** The user behind an id as `authorize` sees them; an unknown id is UNKNOWN_USER, so only an admin learns it is unknown. */
export async function userSubject(tx: Executor, userId: number): Promise<UserSubject> {
  const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) return UNKNOWN_USER;
  const memberships = await tx
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  return { kind: 'user', role: user.role, organizationIds: memberships.map((membership) => membership.organizationId) };
}
