// Gifts, gift categories, exchanges and gacha draws (issue 18): the payloads both ends check, and their enums.
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { PaginationSchema, requiredOrInvalidType, strictPayload, integerError, oneOf, wholeNumber } from './common';
import { dateTimeField } from './dates';
import { imageUrlSchema } from './event';
import { graphemeString } from './text';

export const GIFT_TYPES = ['coin_exchange', 'weekly_gacha', 'dream_gacha'] as const;
export type GiftType = (typeof GIFT_TYPES)[number];
/** A weekly_gacha gift's tier: which stock formula fills it (shared/src/domain/gacha-stock.ts). */
export const WEEKLY_GACHA_TIERS = ['bronze', 'silver', 'gold', 'stamp_complete'] as const;
export type WeeklyGachaTier = (typeof WEEKLY_GACHA_TIERS)[number];
export const GACHA_TYPES = ['weekly_gacha', 'dream_gacha'] as const;
export type GachaType = (typeof GACHA_TYPES)[number];
/** How a member came by a redemption. */
export const REDEMPTION_SOURCES = ['coin_exchange', 'weekly_gacha', 'dream_gacha', 'stamp_complete'] as const;
export type RedemptionSource = (typeof REDEMPTION_SOURCES)[number];
/** pending: won, prize not issued yet; issued: prizeCode set; failed: the issuer refused (coins are refunded). */
export const REDEMPTION_STATUSES = ['pending', 'issued', 'failed'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

export const REWARD_LIMITS = {
  categoryNameMax: 50,
  giftNameMax: 100,
  descriptionMax: 2000,
  gifteeCodeMax: 100,
  needCoinsMax: 1_000_000,
  priceMax: 1_000_000,
  stockMax: 1_000_000,
} as const;

const idField = z
  .int({ error: integerError })
  .positive({ error: ErrorCode.validationPositive })
  .max(2_147_483_647, { error: ErrorCode.validationTooBig });

export const giftTypeSchema = oneOf(GIFT_TYPES);
export const weeklyGachaTierSchema = oneOf(WEEKLY_GACHA_TIERS);
export const gachaTypeSchema = oneOf(GACHA_TYPES);

const categoryFields = { name: graphemeString({ min: 1, max: REWARD_LIMITS.categoryNameMax, trim: true }) };
export const GiftCategorySchema = strictPayload({ gift_category: strictPayload(categoryFields) });
export type GiftCategoryInput = z.output<typeof GiftCategorySchema>['gift_category'];

const giftFields = {
  gift_type: giftTypeSchema,
  name: graphemeString({ min: 1, max: REWARD_LIMITS.giftNameMax, trim: true }),
  description: graphemeString({ max: REWARD_LIMITS.descriptionMax }),
  thumbnail_url: imageUrlSchema.nullable(),
  need_coins: wholeNumber(0, REWARD_LIMITS.needCoinsMax),
  giftee_code: graphemeString({ max: REWARD_LIMITS.gifteeCodeMax, trim: true }).nullable(),
  price: wholeNumber(0, REWARD_LIMITS.priceMax),
  active_from: dateTimeField().nullable(),
  active_to: dateTimeField().nullable(),
  disabled: z.boolean({ error: requiredOrInvalidType }),
  /** Required for weekly_gacha, null otherwise (the server answers validation.required / validation.mustBeEmpty). */
  weekly_gacha_calculation_type: weeklyGachaTierSchema.nullable(),
  category_id: idField.nullable(),
  /** coin_exchange and dream_gacha: what remains (null = unlimited); weekly_gacha stock comes from the formulas. */
  stock: wholeNumber(0, REWARD_LIMITS.stockMax).nullable(),
};

const requiredGiftKeys = ['gift_type', 'name', 'need_coins'] as const;
export const CreateGiftSchema = strictPayload({
  gift: strictPayload(giftFields)
    .partial()
    .required(Object.fromEntries(requiredGiftKeys.map((key) => [key, true])) as { [K in (typeof requiredGiftKeys)[number]]: true }),
});
export const UpdateGiftSchema = strictPayload({ gift: strictPayload(giftFields).partial() });
export type CreateGift = z.output<typeof CreateGiftSchema>['gift'];
export type UpdateGift = z.output<typeof UpdateGiftSchema>['gift'];

/** GET /gifts (admin): filters and paging. */
export const GiftListQuerySchema = PaginationSchema.extend({
  gift_type: oneOf(GIFT_TYPES).optional(),
  category_id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: ErrorCode.requestInvalidParameter })
    .transform(Number)
    .optional(),
  disabled: z.enum(['true', 'false'], { error: ErrorCode.requestInvalidParameter }).optional(),
  q: z.string().max(100, { error: ErrorCode.requestInvalidParameter }).optional(),
});

/** POST /api/gacha_draws. */
export const GachaDrawSchema = strictPayload({ gacha_draw: strictPayload({ gacha_type: gachaTypeSchema }) });
export type GachaDrawInput = z.output<typeof GachaDrawSchema>['gacha_draw'];
