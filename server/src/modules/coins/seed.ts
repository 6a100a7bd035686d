import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { kiwiCoinTransfers } from '../../db/schema/coins';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { createGrant } from './grants';

/** Demo coins, issued by the platform admin as grants: organisation balances and a starting balance per active member. */
const DEMO_COINS = [
  { organization: 'acme', organizationBalance: 5000, members: { 'member@acme.example': 300, 'manager@acme.example': 200 } },
  { organization: 'globex', organizationBalance: 2000, members: { 'member@globex.example': 300, 'manager@globex.example': 200 } },
] as const;

export async function seedCoins(tx: Executor, now: Date): Promise<void> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (!admin) return;
  for (const demo of DEMO_COINS) {
    const [organization] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.identifier, demo.organization));
    if (!organization) continue;
    const [already] = await tx
      .select({ id: kiwiCoinTransfers.id })
      .from(kiwiCoinTransfers)
      .where(and(eq(kiwiCoinTransfers.organizationId, organization.id), eq(kiwiCoinTransfers.kind, 'admin_grant')))
      .limit(1);
    if (already) continue;
    const grant = (organizationMemberId: number | null, amount: number, description: string) =>
      createGrant(tx, {
        kind: 'admin_grant',
        organizationId: organization.id,
        organizationMemberId,
        amount,
        description,
        message: null,
        transferredAt: now,
        createdByUserId: admin.id,
        now,
      });
    await grant(null, demo.organizationBalance, 'Demo balance');
    const members = await tx
      .select({ id: organizationMembers.id, email: users.email })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organization.id), inArray(users.email, Object.keys(demo.members))));
    for (const member of members) await grant(member.id, demo.members[member.email as keyof typeof demo.members], 'Demo balance');
  }
}
