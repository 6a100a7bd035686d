import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { GACHA_TYPES, GIFT_TYPES, REDEMPTION_SOURCES, REDEMPTION_STATUSES, WEEKLY_GACHA_TIERS } from '@kiwi/shared/schemas/rewards';
import { cascadingReference, timestamps } from './columns';
import { coinMovements } from './coins';
import { organizationMembers, organizations } from './organizations';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** SPEC §3 "Gift category": the platform's (admin only). Deleting one is refused while a gift uses it. */
export const giftCategories = pgTable('gift_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  ...timestamps,
});

/**
 * SPEC §3 "Gift": the platform's catalogue (admin only), never deleted (redemptions refer to it): disabled instead.
 * `stock` is what remains of a coin_exchange or dream_gacha gift (null = unlimited); a weekly_gacha gift's stock is
 * per organisation and week (weekly_gacha_stocks), its tier in weeklyGachaCalculationType.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    giftType: text('gift_type', { enum: GIFT_TYPES }).notNull(),
    categoryId: integer('category_id').references(() => giftCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    needCoins: integer('need_coins').notNull().default(0),
    /** The e-gift product code the prize is issued with. */
    gifteeCode: text('giftee_code'),
    /** Yen, for budgets. */
    price: integer('price').notNull().default(0),
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeTo: timestamp('active_to', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    weeklyGachaCalculationType: text('weekly_gacha_calculation_type', { enum: WEEKLY_GACHA_TIERS }),
    stock: integer('stock'),
    ...timestamps,
  },
  (t) => [
    index('gifts_gift_type_index').on(t.giftType, t.disabled),
    index('gifts_category_id_index').on(t.categoryId),
    check('gifts_gift_type_check', sql`${t.giftType} in (${inList(GIFT_TYPES)})`),
    check('gifts_weekly_gacha_calculation_type_check', sql`${t.weeklyGachaCalculationType} in (${inList(WEEKLY_GACHA_TIERS)})`),
    check('gifts_amounts_check', sql`${t.needCoins} >= 0 and ${t.price} >= 0 and (${t.stock} is null or ${t.stock} >= 0)`),
    check('gifts_active_range_check', sql`${t.activeFrom} is null or ${t.activeTo} is null or ${t.activeTo} > ${t.activeFrom}`),
  ],
);

/**
 * One organisation's stock of one weekly_gacha gift for one Tokyo week (weekStart is that week's Monday), computed
 * from the stock formulas (shared/src/domain/gacha-stock.ts) when the week starts. `remaining` only goes down.
 */
export const weeklyGachaStocks = pgTable(
  'weekly_gacha_stocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'restrict' }),
    tier: text('tier', { enum: WEEKLY_GACHA_TIERS }).notNull(),
    initialStock: integer('initial_stock').notNull(),
    remaining: integer('remaining').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('weekly_gacha_stocks_organization_week_gift_unique').on(t.organizationId, t.weekStart, t.giftId),
    check('weekly_gacha_stocks_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.initialStock}`),
    check('weekly_gacha_stocks_tier_check', sql`${t.tier} in (${inList(WEEKLY_GACHA_TIERS)})`),
  ],
);

/** What a member got: a coin exchange, a gacha win or a stamp-complete reward. The prize is issued from it. */
export const giftRedemptions = pgTable(
  'gift_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'restrict' }),
    source: text('source', { enum: REDEMPTION_SOURCES }).notNull(),
    coinsSpent: integer('coins_spent').notNull().default(0),
    /** The gift's price when redeemed (yen), so budgets add up after the catalogue changes. */
    price: integer('price').notNull().default(0),
    coinMovementId: bigint('coin_movement_id', { mode: 'number' }).references(() => coinMovements.id, { onDelete: 'set null' }),
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('pending'),
    /** The issued e-gift's code or URL, once issued. */
    prizeCode: text('prize_code'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** The client's Idempotency-Key: a replayed request answers the redemption it made instead of redeeming again. */
    requestKey: text('request_key'),
    /** Prize issuing (server/src/modules/gift-issuing): attempts made, when the next may start (also the lease), last error. */
    issueAttempts: integer('issue_attempts').notNull().default(0),
    issueNextAt: timestamp('issue_next_at', { withTimezone: true }).notNull().defaultNow(),
    issueError: text('issue_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 20: deleting an organisation cascades through this key, row by row; indexed so it does not scan.
    index('gift_redemptions_coin_movement_id_index').on(t.coinMovementId),
    index('gift_redemptions_issue_queue_index').on(t.issueNextAt).where(sql`${t.status} = 'pending'`),
    index('gift_redemptions_member_index').on(t.organizationMemberId, t.createdAt),
    index('gift_redemptions_organization_index').on(t.organizationId, t.createdAt),
    index('gift_redemptions_gift_id_index').on(t.giftId),
    unique('gift_redemptions_member_request_key_unique').on(t.organizationMemberId, t.requestKey),
    check('gift_redemptions_source_check', sql`${t.source} in (${inList(REDEMPTION_SOURCES)})`),
    check('gift_redemptions_status_check', sql`${t.status} in (${inList(REDEMPTION_STATUSES)})`),
    check('gift_redemptions_amounts_check', sql`${t.coinsSpent} >= 0 and ${t.price} >= 0`),
  ],
);

/** One entry of the odds table a draw was made from: giftId null is "no prize". */
export type GachaOddsEntry = { giftId: number | null; name: string; remaining: number; probability: number };

/**
 * Every gacha draw, won or not, with the random value it used and the odds table it was drawn from, so an admin can
 * audit any draw later (issue 18 §4).
 */
export const gachaDraws = pgTable(
  'gacha_draws',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    gachaType: text('gacha_type', { enum: GACHA_TYPES }).notNull(),
    /** The Tokyo week (its Monday) a weekly draw belongs to. */
    weekStart: date('week_start', { mode: 'string' }),
    randomValue: doublePrecision('random_value').notNull(),
    odds: jsonb('odds').$type<GachaOddsEntry[]>().notNull(),
    giftId: integer('gift_id').references(() => gifts.id, { onDelete: 'restrict' }),
    redemptionId: integer('redemption_id').references(() => giftRedemptions.id, { onDelete: 'set null' }),
    coinsSpent: integer('coins_spent').notNull().default(0),
    /** The client's Idempotency-Key: a replayed request answers the draw it made instead of drawing again. */
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('gacha_draws_member_request_key_unique').on(t.organizationMemberId, t.requestKey),
    index('gacha_draws_member_index').on(t.organizationMemberId, t.weekStart),
    index('gacha_draws_organization_index').on(t.organizationId, t.createdAt),
    check('gacha_draws_gacha_type_check', sql`${t.gachaType} in (${inList(GACHA_TYPES)})`),
    check('gacha_draws_random_value_check', sql`${t.randomValue} >= 0 and ${t.randomValue} < 1`),
  ],
);

export type GiftCategoryRow = typeof giftCategories.$inferSelect;
export type GiftRow = typeof gifts.$inferSelect;
export type WeeklyGachaStockRow = typeof weeklyGachaStocks.$inferSelect;
export type GiftRedemptionRow = typeof giftRedemptions.$inferSelect;
export type GachaDrawRow = typeof gachaDraws.$inferSelect;
