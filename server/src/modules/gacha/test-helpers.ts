// Shared by the gacha tests and the benchmark (tests/load/gacha.ts): members made in bulk, and the ledger's
// conservation check.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { moveCoins } from '../coins/ledger';

/** `count` members of the organisation (users without a sign-in), each given `coins` from issuance. Returns their ids. */
export async function bulkMembers(db: DatabaseHandle, organizationId: number, count: number, coins: number): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const people = await db.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        firebaseUid: `bulk-${tag}-${i}`,
        email: `bulk-${tag}-${i}@test.example`,
        name: `Bulk ${i}`,
      })),
    )
    .returning({ id: users.id });
  const members = await db.db
    .insert(organizationMembers)
    .values(people.map((person) => ({ userId: person.id, organizationId })))
    .returning({ id: organizationMembers.id });
  const ids = members.map((member) => member.id);
  if (coins > 0) {
    await db.db.transaction((tx) =>
      moveCoins(tx, {
        from: { kind: 'issuance' },
        legs: ids.map((id) => ({ to: { kind: 'member' as const, organizationMemberId: id }, amount: coins })),
        reason: 'admin_grant',
      }),
    );
  }
  return ids;
}

/**
 * The ledger's invariants: every movement's entries sum to zero (so all entries do), every member's and organisation's
 * balance equals the sum of its entries, and no balance is negative. All zero when conserved.
 */
export async function ledgerProblems(
  db: DatabaseHandle,
): Promise<{ ledgerSum: number; mismatchedBalances: number; negativeBalances: number }> {
  const result = (await db.db.execute(sql`
    select
      (select coalesce(sum(delta), 0) from coin_ledger_entries)::bigint as ledger_sum,
      ((select count(*) from organization_members m
         where m.coin_balance <> coalesce((select sum(delta) from coin_ledger_entries e
           where e.account = 'member' and e.organization_member_id = m.id), 0))
       + (select count(*) from organizations o
         where o.coin_balance <> coalesce((select sum(delta) from coin_ledger_entries e
           where e.account = 'organization' and e.organization_id = o.id), 0)))::int as mismatched,
      ((select count(*) from organization_members where coin_balance < 0)
       + (select count(*) from organizations where coin_balance < 0))::int as negative
  `)) as unknown as { rows: { ledger_sum: string | number; mismatched: number; negative: number }[] };
  const row = result.rows[0]!;
  return { ledgerSum: Number(row.ledger_sum), mismatchedBalances: Number(row.mismatched), negativeBalances: Number(row.negative) };
}
