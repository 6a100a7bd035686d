import { describe, expect, it } from 'vitest';
import { GiftFormSchema, giftFormValues } from './gift-form-schema';

const issuesOf = (values: Record<string, unknown>) => {
  const result = GiftFormSchema.safeParse({ ...giftFormValues(null), name: 'Coffee', ...values });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the admin gift form', () => {
  it('turns the inputs into the payload the server takes', () => {
    const result = GiftFormSchema.safeParse({
      ...giftFormValues(null),
      name: '  Coffee  ',
      need_coins: '300',
      price: '',
      stock: '',
      giftee_code: '  ',
      category_id: '7',
      active_from: '2026-01-01T09:00',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      gift_type: 'coin_exchange',
      name: 'Coffee',
      need_coins: 300,
      price: 0,
      stock: null,
      giftee_code: null,
      category_id: 7,
      weekly_gacha_calculation_type: null,
      active_to: null,
    });
    expect(result.data?.active_from).toMatch(/^2026-01-01T09:00:00([+-]\d{2}:\d{2}|Z)$/);
  });

  it('drops the stock of a weekly prize and the tier of other types', () => {
    const weekly = GiftFormSchema.safeParse({
      ...giftFormValues(null),
      name: 'Gold',
      gift_type: 'weekly_gacha',
      weekly_gacha_calculation_type: 'gold',
      stock: '5',
    });
    expect(weekly.data).toMatchObject({ weekly_gacha_calculation_type: 'gold', stock: null });
    const dream = GiftFormSchema.safeParse({
      ...giftFormValues(null),
      name: 'Trip',
      gift_type: 'dream_gacha',
      weekly_gacha_calculation_type: 'gold',
      stock: '1',
    });
    expect(dream.data).toMatchObject({ weekly_gacha_calculation_type: null, stock: 1 });
  });

  it('answers the same codes as the server', () => {
    expect(issuesOf({ gift_type: 'weekly_gacha' })).toEqual([['weekly_gacha_calculation_type', 'validation.required']]);
    expect(issuesOf({ name: ' ' })).toEqual([['name', 'validation.required']]);
    expect(issuesOf({ need_coins: '' })).toEqual([['need_coins', 'validation.required']]);
    expect(issuesOf({ need_coins: '1.5' })).toEqual([['need_coins', 'validation.integer']]);
    expect(issuesOf({ need_coins: '-1' })).toEqual([['need_coins', 'validation.tooSmall']]);
    expect(issuesOf({ stock: '2000000' })).toEqual([['stock', 'validation.tooBig']]);
    expect(issuesOf({ active_from: '2026-05-02T00:00', active_to: '2026-05-01T00:00' })).toEqual([
      ['active_to', 'validation.endAfterStart'],
    ]);
  });

  it('fills the form from a stored gift', () => {
    const values = giftFormValues({
      id: '1',
      giftType: 'dream_gacha',
      name: 'Trip',
      description: 'd',
      thumbnailUrl: null,
      needCoins: 0,
      gifteeCode: null,
      price: 1000,
      activeFrom: null,
      activeTo: null,
      disabled: true,
      weeklyGachaCalculationType: null,
      stock: 2,
      categoryId: '4',
      categoryName: 'Travel',
    });
    expect(values).toMatchObject({
      gift_type: 'dream_gacha',
      price: '1000',
      stock: '2',
      category_id: '4',
      disabled: true,
      giftee_code: '',
    });
  });
});
