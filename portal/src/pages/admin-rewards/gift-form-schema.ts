// The admin's gift form (issue 18 point 1): what the inputs hold, turned into the POST/PUT /gifts payload and checked
// with the same schema the server parses, plus the cross-field rules the server applies (messages are error codes).
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { fromLocalInput, toLocalInput } from '@kiwi/shared/i18n/format';
import { CreateGiftSchema, type GiftType, giftTypeSchema, type WeeklyGachaTier } from '@kiwi/shared/schemas/rewards';
import { z } from 'zod';

/** A gift as GET /gifts answers an admin (attributes camelized by the API client). */
export type Gift = {
  id: string;
  giftType: GiftType;
  name: string;
  description: string;
  thumbnailUrl: string | null;
  needCoins: number;
  gifteeCode: string | null;
  price: number;
  activeFrom: string | null;
  activeTo: string | null;
  disabled: boolean;
  weeklyGachaCalculationType: WeeklyGachaTier | null;
  stock: number | null;
  categoryId: string | null;
  categoryName: string | null;
};

export type GiftCategory = { id: string; name: string; giftsCount: number };

/** Types whose stock the admin sets (a weekly gacha prize's comes from the formulas, per organisation and week). */
export const hasOwnStock = (type: GiftType) => type !== 'weekly_gacha';

const text = z.string();
const FormFieldsSchema = z.object({
  gift_type: giftTypeSchema,
  name: text,
  description: text,
  thumbnail_url: text.nullable(),
  need_coins: text,
  giftee_code: text,
  price: text,
  active_from: text,
  active_to: text,
  disabled: z.boolean(),
  weekly_gacha_calculation_type: text,
  category_id: text,
  stock: text,
});
export type GiftFormValues = z.input<typeof FormFieldsSchema>;

/** An integer input's text: '' is none; anything else a number for the payload schema to judge (NaN is not whole). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function toPayload(values: z.output<typeof FormFieldsSchema>) {
  const weekly = values.gift_type === 'weekly_gacha';
  return {
    gift_type: values.gift_type,
    name: values.name,
    description: values.description,
    thumbnail_url: values.thumbnail_url,
    // Empty is "required", as on the server.
    need_coins: numberOrNull(values.need_coins) ?? undefined,
    giftee_code: values.giftee_code.trim() === '' ? null : values.giftee_code,
    price: numberOrNull(values.price) ?? 0,
    active_from: fromLocalInput(values.active_from),
    active_to: fromLocalInput(values.active_to),
    disabled: values.disabled,
    weekly_gacha_calculation_type:
      weekly && values.weekly_gacha_calculation_type ? (values.weekly_gacha_calculation_type as WeeklyGachaTier) : null,
    category_id: values.category_id === '' ? null : Number(values.category_id),
    stock: weekly ? null : numberOrNull(values.stock),
  };
}

const PayloadSchema = CreateGiftSchema.shape.gift;
const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

/** The inputs as the payload, judged by the server's own schema (its issues keep their field names and codes). */
export const GiftFormSchema = FormFieldsSchema.transform((values, context) => {
  const parsed = PayloadSchema.safeParse(toPayload(values));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    // A required key left out answers zod's own words (the server maps it to validation.required the same way).
    const message = KNOWN_CODES.has(issue.message) ? issue.message : ErrorCode.validationRequired;
    context.addIssue({ code: 'custom', path: issue.path, message });
  }
  return z.NEVER;
}).superRefine((gift, context) => {
  if (gift.gift_type === 'weekly_gacha' && gift.weekly_gacha_calculation_type === null) {
    context.addIssue({ code: 'custom', path: ['weekly_gacha_calculation_type'], message: ErrorCode.validationRequired });
  }
  if (gift.active_from && gift.active_to && new Date(gift.active_to) <= new Date(gift.active_from)) {
    context.addIssue({ code: 'custom', path: ['active_to'], message: ErrorCode.validationEndAfterStart });
  }
});
export type GiftPayload = z.output<typeof GiftFormSchema>;

/** The form's values for a stored gift, or a new coin exchange gift. */
export function giftFormValues(gift: Gift | null): GiftFormValues {
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    gift_type: gift?.giftType ?? 'coin_exchange',
    name: gift?.name ?? '',
    description: gift?.description ?? '',
    thumbnail_url: gift?.thumbnailUrl ?? null,
    need_coins: number(gift?.needCoins ?? 0),
    giftee_code: gift?.gifteeCode ?? '',
    price: number(gift?.price ?? 0),
    active_from: toLocalInput(gift?.activeFrom ?? null),
    active_to: toLocalInput(gift?.activeTo ?? null),
    disabled: gift?.disabled ?? false,
    weekly_gacha_calculation_type: gift?.weeklyGachaCalculationType ?? '',
    category_id: gift?.categoryId ?? '',
    stock: number(gift?.stock),
  };
}
