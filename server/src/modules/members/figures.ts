// Issue 21 point 6, figures agree: the one query behind every member figure an endpoint reports (the members page's
// seats, the organisation list and detail, the admin dashboard, seat checks). A membership counts by its period alone
// (membershipState, as the list's state filter); an invitee whose period has begun is active and also counted in
// `invited`; a cancelled account's membership ended when it left, so it is expired.
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitationTokens } from '../../db/schema/invitations';
import { organizationMembers } from '../../db/schema/organizations';
import { stateCondition } from './queries';

export type MemberFigures = {
  /** Memberships that have not ended: active and pending. What "members" means on every page, and the seats in use. */
  members: number;
  active: number;
  pending: number;
  expired: number;
  /** Members (not ended) whose invitation is not accepted yet. */
  invited: number;
};

export const NO_MEMBERS: MemberFigures = { members: 0, active: 0, pending: 0, expired: 0, invited: 0 };

/** The figures of each organisation of `organizationIds` at `now` (organisations without memberships get NO_MEMBERS). */
export async function memberFiguresOf(tx: Executor, organizationIds: number[], now: Date): Promise<Map<number, MemberFigures>> {
  const figures = new Map<number, MemberFigures>(organizationIds.map((id) => [id, { ...NO_MEMBERS }]));
  if (organizationIds.length === 0) return figures;
  const invitationOpen = sql`exists (select 1 from ${invitationTokens} where ${invitationTokens.userId} = ${organizationMembers.userId})
    and not exists (select 1 from ${invitationTokens} where ${invitationTokens.userId} = ${organizationMembers.userId} and ${invitationTokens.usedAt} is not null)`;
  const rows = await tx
    .select({
      organizationId: organizationMembers.organizationId,
      active: sql<number>`count(*) filter (where ${stateCondition('active', now)})`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${stateCondition('pending', now)})`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${stateCondition('expired', now)})`.mapWith(Number),
      invited: sql<number>`count(*) filter (where not (${stateCondition('expired', now)}) and ${invitationOpen})`.mapWith(Number),
    })
    .from(organizationMembers)
    .where(inArray(organizationMembers.organizationId, organizationIds))
    .groupBy(organizationMembers.organizationId);
  for (const { organizationId, active, pending, expired, invited } of rows) {
    figures.set(organizationId, { members: active + pending, active, pending, expired, invited });
  }
  return figures;
}

/** One organisation's figures. */
export async function memberFiguresOfOrganization(tx: Executor, organizationId: number, now: Date): Promise<MemberFigures> {
  return (await memberFiguresOf(tx, [organizationId], now)).get(organizationId) ?? { ...NO_MEMBERS };
}
