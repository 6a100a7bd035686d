import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type CoinMovementReason, coinActivityAwards, coinLedgerEntries, coinMovements } from '../../db/schema/coins';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { ApiError } from '../../jsonapi/errors';

/** Where coins sit: a member's balance, an organisation's balance, or the platform's issuance (activity, admin grants). */
export type CoinAccount =
  | { kind: 'member'; organizationMemberId: number }
  | { kind: 'organization'; organizationId: number }
  | { kind: 'issuance' };

export type CoinLeg = { to: CoinAccount; amount: number };

/** Thrown (422 coins.notEnough) when the paying account holds less than the movement needs; nothing moved. */
export const notEnoughCoins = () => new ApiError(ErrorCode.coinsNotEnough);

const sameAccount = (a: CoinAccount, b: CoinAccount) =>
  a.kind === b.kind &&
  (a.kind === 'issuance' ||
    (a.kind === 'member' && b.kind === 'member' && a.organizationMemberId === b.organizationMemberId) ||
    (a.kind === 'organization' && b.kind === 'organization' && a.organizationId === b.organizationId));

/**
 * Moves coins from one account to one or more others, as one movement whose entries sum to zero. Must run inside the
 * caller's transaction: it locks every balance involved (organisations first, then members, each by ascending id, so
 * two movements never wait on each other in opposite orders), checks the payer can afford the total, then writes the
 * entries and the balances. The CHECK constraints on both balance columns are the last line of defence.
 * The lock is FOR NO KEY UPDATE: it serialises balance changes but not rows that merely reference the member or
 * organisation (a transfer's foreign keys take KEY SHARE), which FOR UPDATE would turn into deadlocks.
 * Call it before inserting rows that reference the accounts, so the balance locks are the first ones taken.
 */
export async function moveCoins(
  tx: Executor,
  {
    from,
    legs,
    reason,
    kiwiCoinTransferId = null,
  }: { from: CoinAccount; legs: CoinLeg[]; reason: CoinMovementReason; kiwiCoinTransferId?: number | null },
): Promise<number> {
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount < 0) throw new Error(`invalid coin amount ${leg.amount}`);
    if (sameAccount(leg.to, from)) throw new Error('a movement cannot pay its own account');
  }
  const total = legs.reduce((sum, leg) => sum + leg.amount, 0);
  if (!Number.isSafeInteger(total)) throw new Error('coin total overflows');

  const accounts = [from, ...legs.map((leg) => leg.to)];
  const organizationIds = [...new Set(accounts.flatMap((a) => (a.kind === 'organization' ? [a.organizationId] : [])))].sort(
    (a, b) => a - b,
  );
  const memberIds = [...new Set(accounts.flatMap((a) => (a.kind === 'member' ? [a.organizationMemberId] : [])))].sort((a, b) => a - b);

  const balances = new Map<string, number>();
  if (organizationIds.length > 0) {
    const rows = await tx
      .select({ id: organizations.id, balance: organizations.coinBalance })
      .from(organizations)
      .where(inArray(organizations.id, organizationIds))
      .orderBy(asc(organizations.id))
      .for('no key update');
    for (const row of rows) balances.set(`o${row.id}`, row.balance);
  }
  if (memberIds.length > 0) {
    const rows = await tx
      .select({ id: organizationMembers.id, balance: organizationMembers.coinBalance })
      .from(organizationMembers)
      .where(inArray(organizationMembers.id, memberIds))
      .orderBy(asc(organizationMembers.id))
      .for('no key update');
    for (const row of rows) balances.set(`m${row.id}`, row.balance);
  }
  const key = (a: CoinAccount) =>
    a.kind === 'member' ? `m${a.organizationMemberId}` : a.kind === 'organization' ? `o${a.organizationId}` : 'i';
  for (const account of accounts) {
    if (account.kind !== 'issuance' && !balances.has(key(account))) throw new Error(`coin account ${key(account)} does not exist`);
  }
  if (from.kind !== 'issuance' && (balances.get(key(from)) ?? 0) < total) throw notEnoughCoins();

  const [movement] = await tx.insert(coinMovements).values({ reason, kiwiCoinTransferId }).returning({ id: coinMovements.id });
  if (!movement) throw new Error('coin movement not inserted');
  const posting = (account: CoinAccount, delta: number) => ({
    movementId: movement.id,
    account: account.kind,
    organizationMemberId: account.kind === 'member' ? account.organizationMemberId : null,
    organizationId: account.kind === 'organization' ? account.organizationId : null,
    delta,
  });
  await tx.insert(coinLedgerEntries).values([posting(from, -total), ...legs.map((leg) => posting(leg.to, leg.amount))]);

  const deltas = new Map<string, { account: CoinAccount; delta: number }>();
  const add = (account: CoinAccount, delta: number) => {
    const entry = deltas.get(key(account)) ?? { account, delta: 0 };
    entry.delta += delta;
    deltas.set(key(account), entry);
  };
  add(from, -total);
  for (const leg of legs) add(leg.to, leg.amount);
  for (const { account, delta } of deltas.values()) {
    if (delta === 0 || account.kind === 'issuance') continue;
    if (account.kind === 'member') {
      await tx
        .update(organizationMembers)
        .set({ coinBalance: sql`${organizationMembers.coinBalance} + ${delta}` })
        .where(eq(organizationMembers.id, account.organizationMemberId));
    } else {
      await tx
        .update(organizations)
        .set({ coinBalance: sql`${organizations.coinBalance} + ${delta}` })
        .where(eq(organizations.id, account.organizationId));
    }
  }
  return movement.id;
}

/**
 * Coins earned from a day's activity (Organisation issue). Idempotent per member and day: the first call records the
 * award (even 0) and issues the coins; any later call for that day moves nothing. Returns the coins moved by this call.
 */
export async function awardActivityCoins(
  tx: Executor,
  { organizationMemberId, amount, day }: { organizationMemberId: number; amount: number; day: string },
): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`invalid activity coin amount ${amount}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`invalid activity day ${day}`);
  const [award] = await tx
    .insert(coinActivityAwards)
    .values({ organizationMemberId, day, amount })
    .onConflictDoNothing()
    .returning({ day: coinActivityAwards.day });
  if (!award || amount === 0) return 0;
  const movementId = await moveCoins(tx, {
    from: { kind: 'issuance' },
    legs: [{ to: { kind: 'member', organizationMemberId }, amount }],
    reason: 'activity',
  });
  await tx
    .update(coinActivityAwards)
    .set({ movementId })
    .where(and(eq(coinActivityAwards.organizationMemberId, organizationMemberId), eq(coinActivityAwards.day, day)));
  return amount;
}

/** A member's current coin balance (0 for an unknown member). */
export async function memberBalance(tx: Executor, organizationMemberId: number): Promise<number> {
  const [row] = await tx
    .select({ balance: organizationMembers.coinBalance })
    .from(organizationMembers)
    .where(eq(organizationMembers.id, organizationMemberId));
  return row?.balance ?? 0;
}

/** An organisation's current coin balance (0 for an unknown organisation). */
export async function organizationBalance(tx: Executor, organizationId: number): Promise<number> {
  const [row] = await tx.select({ balance: organizations.coinBalance }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.balance ?? 0;
}
