import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadingReference } from './columns';
import { organizationMembers, organizations } from './organizations';
import { users } from './users';

export const COIN_TRANSFER_STATUSES = ['pending', 'transferred', 'canceled'] as const;
export type CoinTransferStatus = (typeof COIN_TRANSFER_STATUSES)[number];
/** message: member to member; grant: organisation balance to a member (manager); admin_grant: issued by a platform admin. */
export const COIN_TRANSFER_KINDS = ['message', 'grant', 'admin_grant'] as const;
export type CoinTransferKind = (typeof COIN_TRANSFER_KINDS)[number];
/** Why a transfer was canceled (the portal translates it): by a manager or admin, or by the worker at the scheduled time. */
export const COIN_CANCEL_REASONS = ['manual', 'organizationBalanceShort', 'recipientInactive'] as const;
export type CoinCancelReason = (typeof COIN_CANCEL_REASONS)[number];
export const COIN_ACCOUNT_KINDS = ['member', 'organization', 'issuance'] as const;
export type CoinAccountKind = (typeof COIN_ACCOUNT_KINDS)[number];
/**
 * forfeit: a member's balance retired to issuance when they cancel their membership (issue 16).
 * gift_exchange, dream_gacha: coins a member spends on rewards, retired to issuance; gift_refund: the reverse when a
 * prize cannot be issued; quest_reward: a quest's coins, issued to the member (issue 18).
 */
export const COIN_MOVEMENT_REASONS = [
  'activity',
  'message',
  'grant',
  'admin_grant',
  'forfeit',
  'gift_exchange',
  'dream_gacha',
  'gift_refund',
  'quest_reward',
] as const;
export type CoinMovementReason = (typeof COIN_MOVEMENT_REASONS)[number];

/** A coin message: one text sent by one member to one or more colleagues (one transfer each). */
export const coinMessages = pgTable(
  'coin_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    senderMemberId: cascadingReference('sender_member_id', () => organizationMembers.id),
    /** As typed, with {name}/{nickname} placeholders; each transfer keeps its filled-in text. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coin_messages_sender_member_id_index').on(t.senderMemberId)],
);

/** Spec §3 "Kiwi coin transfer": what was asked for (pending, transferred, canceled). Coins move only in the ledger. */
export const kiwiCoinTransfers = pgTable(
  'kiwi_coin_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: COIN_TRANSFER_KINDS }).notNull(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    /** The recipient; null for an admin grant to the organisation's own balance. */
    organizationMemberId: integer('organization_member_id').references(() => organizationMembers.id, { onDelete: 'cascade' }),
    senderMemberId: integer('sender_member_id').references(() => organizationMembers.id, { onDelete: 'cascade' }),
    coinMessageId: integer('coin_message_id').references(() => coinMessages.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description'),
    message: text('message'),
    status: text('status', { enum: COIN_TRANSFER_STATUSES }).notNull().default('pending'),
    transferredAt: timestamp('transferred_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: COIN_CANCEL_REASONS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('kiwi_coin_transfers_sender_member_id_index').on(t.senderMemberId),
    index('kiwi_coin_transfers_created_by_user_id_index').on(t.createdByUserId),
    index('kiwi_coin_transfers_organization_id_index').on(t.organizationId, t.transferredAt),
    // The member's transfers newest first (the home's latest coin messages received) without a sort.
    index('kiwi_coin_transfers_member_index').on(t.organizationMemberId, t.createdAt),
    index('kiwi_coin_transfers_coin_message_id_index').on(t.coinMessageId),
    check('kiwi_coin_transfers_amount_check', sql`${t.amount} > 0`),
    check('kiwi_coin_transfers_status_check', sql`${t.status} in ('pending', 'transferred', 'canceled')`),
    check('kiwi_coin_transfers_kind_check', sql`${t.kind} in ('message', 'grant', 'admin_grant')`),
    check('kiwi_coin_transfers_cancel_reason_check', sql`${t.cancelReason} in ('manual', 'organizationBalanceShort', 'recipientInactive')`),
  ],
);

/** One movement of coins: its entries sum to zero. */
export const coinMovements = pgTable(
  'coin_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reason: text('reason', { enum: COIN_MOVEMENT_REASONS }).notNull(),
    kiwiCoinTransferId: integer('kiwi_coin_transfer_id').references(() => kiwiCoinTransfers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation's transfers sets this null row by row; indexed so it does not scan.
    index('coin_movements_kiwi_coin_transfer_id_index').on(t.kiwiCoinTransferId),
    // The admin dashboard's coins of a period (issue 20): the period's movements without reading the whole ledger.
    index('coin_movements_created_at_index').on(t.createdAt, t.reason),
  ],
);

/**
 * Double-entry postings. A member's or organisation's balance column equals the sum of its entries; the `issuance`
 * account is where activity rewards and admin grants come from, so the sum over all entries is always zero.
 */
export const coinLedgerEntries = pgTable(
  'coin_ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    movementId: bigint('movement_id', { mode: 'number' })
      .notNull()
      .references(() => coinMovements.id, { onDelete: 'cascade' }),
    account: text('account', { enum: COIN_ACCOUNT_KINDS }).notNull(),
    organizationMemberId: integer('organization_member_id').references(() => organizationMembers.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coin_ledger_entries_movement_id_index').on(t.movementId),
    index('coin_ledger_entries_member_index').on(t.organizationMemberId),
    check('coin_ledger_entries_account_check', sql`${t.account} in ('member', 'organization', 'issuance')`),
  ],
);

/** One row per member and day once activity coins were awarded (amount may be 0), so awarding is idempotent. */
export const coinActivityAwards = pgTable(
  'coin_activity_awards',
  {
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    day: date('day', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    movementId: bigint('movement_id', { mode: 'number' }).references(() => coinMovements.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('coin_activity_awards_movement_id_index').on(t.movementId),
    primaryKey({ columns: [t.organizationMemberId, t.day] }),
    check('coin_activity_awards_amount_check', sql`${t.amount} >= 0`),
  ],
);

export type KiwiCoinTransferRow = typeof kiwiCoinTransfers.$inferSelect;
export type CoinMessageRow = typeof coinMessages.$inferSelect;
