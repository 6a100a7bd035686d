import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { coinLedgerEntries } from '../../db/schema/coins';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError } from '../../jsonapi/errors';
import { createTestDatabase } from '../../test/database';
import { awardActivityCoins, memberBalance, moveCoins, organizationBalance } from './ledger';

let db: DatabaseHandle;
let organizationId: number;
let counter = 0;

async function member(): Promise<number> {
  counter += 1;
  const [user] = await db.db
    .insert(users)
    .values({ firebaseUid: `ledger-${counter}-${Math.random()}`, email: `ledger${counter}@test.example`, name: `Ledger ${counter}` })
    .returning();
  const [row] = await db.db.insert(organizationMembers).values({ userId: user!.id, organizationId }).returning();
  return row!.id;
}

async function ledgerSum(): Promise<number> {
  const [row] = await db.db.select({ sum: sql<string>`coalesce(sum(${coinLedgerEntries.delta}), 0)` }).from(coinLedgerEntries);
  return Number(row!.sum);
}

async function balancesMatchEntries(): Promise<void> {
  const result = (await db.db.execute(sql`
    select count(*)::int as mismatches from organization_members m
    where m.coin_balance <> coalesce((select sum(delta) from coin_ledger_entries e where e.account = 'member' and e.organization_member_id = m.id), 0)
  `)) as unknown as { rows: { mismatches: number }[] };
  expect(result.rows[0]!.mismatches).toBe(0);
}

beforeAll(async () => {
  db = await createTestDatabase();
  const [org] = await db.db
    .insert(organizations)
    .values({ name: 'Ledger org', identifier: `ledger-${Date.now()}` })
    .returning();
  organizationId = org!.id;
});
afterAll(() => db.close());

describe('awardActivityCoins', () => {
  it('is idempotent per member and day, and a zero award still counts for the day', async () => {
    const id = await member();
    const moved = await db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: id, amount: 12, day: '2026-05-01' }));
    const again = await db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: id, amount: 12, day: '2026-05-01' }));
    await db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: id, amount: 0, day: '2026-05-02' }));
    const afterZero = await db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: id, amount: 7, day: '2026-05-02' }));
    await db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: id, amount: 5, day: '2026-05-03' }));
    expect([moved, again, afterZero]).toEqual([12, 0, 0]);
    expect(await db.db.transaction((tx) => memberBalance(tx, id))).toBe(17);
    expect(await ledgerSum()).toBe(0);
    await balancesMatchEntries();
  });
});

describe('moveCoins', () => {
  it('refuses to overdraw and moves nothing', async () => {
    const [from, to] = [await member(), await member()];
    await db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: from, amount: 5, day: '2026-05-01' }));
    const attempt = db.db.transaction((tx) =>
      moveCoins(tx, {
        from: { kind: 'member', organizationMemberId: from },
        legs: [{ to: { kind: 'member', organizationMemberId: to }, amount: 6 }],
        reason: 'message',
      }),
    );
    await expect(attempt).rejects.toSatisfy((error) => error instanceof ApiError && error.code === 'coins.notEnough');
    expect(await db.db.transaction((tx) => memberBalance(tx, from))).toBe(5);
    expect(await db.db.transaction((tx) => memberBalance(tx, to))).toBe(0);
  });

  it('the CHECK constraint keeps a balance from going negative even when code forgets to check', async () => {
    const id = await member();
    await expect(db.db.update(organizationMembers).set({ coinBalance: -1 }).where(eq(organizationMembers.id, id))).rejects.toThrow();
    await expect(db.db.update(organizations).set({ coinBalance: -1 }).where(eq(organizations.id, organizationId))).rejects.toThrow();
  });

  it('500 simultaneous transfers from one sender leave the balance non-negative and the ledger sum unchanged', async () => {
    const sender = await member();
    const recipients = [await member(), await member(), await member()];
    await db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: sender, amount: 300, day: '2026-05-01' }));
    const before = await ledgerSum();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 500 }, (_, i) =>
        db.db.transaction((tx) =>
          moveCoins(tx, {
            from: { kind: 'member', organizationMemberId: sender },
            legs: [{ to: { kind: 'member', organizationMemberId: recipients[i % 3]! }, amount: 1 }],
            reason: 'message',
          }),
        ),
      ),
    );
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(succeeded).toBe(300);
    expect(refused.every((o) => o.status === 'rejected' && o.reason instanceof ApiError && o.reason.code === 'coins.notEnough')).toBe(true);
    expect(await db.db.transaction((tx) => memberBalance(tx, sender))).toBe(0);
    const received = await Promise.all(recipients.map((id) => db.db.transaction((tx) => memberBalance(tx, id))));
    expect(received.reduce((a, b) => a + b, 0)).toBe(300);
    expect(await ledgerSum()).toBe(before);
    await balancesMatchEntries();
  }, 120_000);

  it('moves between an organisation and members in both directions without deadlocking', async () => {
    const [a, b] = [await member(), await member()];
    await db.db.transaction((tx) =>
      moveCoins(tx, {
        from: { kind: 'issuance' },
        legs: [{ to: { kind: 'organization', organizationId }, amount: 100 }],
        reason: 'admin_grant',
      }),
    );
    await db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: a, amount: 50, day: '2026-05-01' }));
    await db.db.transaction((tx) => awardActivityCoins(tx, { organizationMemberId: b, amount: 50, day: '2026-05-01' }));
    const orgBefore = await db.db.transaction((tx) => organizationBalance(tx, organizationId));
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.db.transaction((tx) =>
          i % 2 === 0
            ? moveCoins(tx, {
                from: { kind: 'member', organizationMemberId: a },
                legs: [{ to: { kind: 'member', organizationMemberId: b }, amount: 1 }],
                reason: 'message',
              })
            : moveCoins(tx, {
                from: { kind: 'organization', organizationId },
                legs: [
                  { to: { kind: 'member', organizationMemberId: b }, amount: 1 },
                  { to: { kind: 'member', organizationMemberId: a }, amount: 1 },
                ],
                reason: 'grant',
              }),
        ),
      ),
    );
    expect(await db.db.transaction((tx) => organizationBalance(tx, organizationId))).toBe(orgBefore - 40);
    expect(await db.db.transaction((tx) => memberBalance(tx, a))).toBe(50 - 20 + 20);
    expect(await db.db.transaction((tx) => memberBalance(tx, b))).toBe(50 + 20 + 20);
    expect(await ledgerSum()).toBe(0);
  }, 60_000);
});
