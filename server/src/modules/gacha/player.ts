// The member who draws or exchanges: loaded with their organisation (optionally locked), and why they may not play.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { ApiError } from '../../jsonapi/errors';

export type Member = { id: number; organizationId: number; activeFrom: Date | null; activeTo: Date | null; coinBalance: number };
export type Organization = { id: number; name: string; plan: string; archived: boolean };

export async function loadMember(
  tx: Executor,
  memberId: number,
  { lock = false } = {},
): Promise<{ member: Member; organization: Organization }> {
  const query = tx
    .select({
      id: organizationMembers.id,
      organizationId: organizationMembers.organizationId,
      activeFrom: organizationMembers.activeFrom,
      activeTo: organizationMembers.activeTo,
      coinBalance: organizationMembers.coinBalance,
    })
    .from(organizationMembers)
    .where(eq(organizationMembers.id, memberId));
  // The same lock mode as the coin ledger's (FOR NO KEY UPDATE), so it serialises this member's draws only.
  const [member] = lock ? await query.for('no key update') : await query;
  if (!member) throw new ApiError(ErrorCode.authForbidden);
  const [organization] = await tx
    .select({ id: organizations.id, name: organizations.name, plan: organizations.plan, archived: organizations.archived })
    .from(organizations)
    .where(eq(organizations.id, member.organizationId));
  if (!organization) throw new ApiError(ErrorCode.authForbidden);
  return { member, organization };
}

/** Why this member cannot draw or exchange at all (SPEC §4): an archived organisation, a membership not active now. */
export function memberRefusal(member: Member, organization: Organization, now: Date): ErrorCode | null {
  if (organization.archived || !isMembershipActive(member, now)) return ErrorCode.gachaNotAllowed;
  return null;
}
