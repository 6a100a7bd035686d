import { describe, expect, it } from 'vitest';
import { CodeFormSchema, normalisePhoneNumber, PhoneFormSchema, ReauthFormSchema } from './mfa-schema';

describe('normalisePhoneNumber', () => {
  it.each<[string, string | null]>([
    ['090-1234-5678', '+819012345678'],
    ['09012345678', '+819012345678'],
    ['０９０−１２３４−５６７８', '+819012345678'],
    ['(03) 1234 5678', '+81312345678'],
    ['+81 90 1234 5678', '+819012345678'],
    ['+81-90-1234-5678', '+819012345678'],
    ['0044 20 7946 0958', '+442079460958'],
    ['+1 650-555-3434', '+16505553434'],
    ['90-1234-5678', null],
    ['+0 123 456 789', null],
    ['+81 90', null],
    ['+8190123456789012', null],
    ['090-1234-abcd', null],
    ['++819012345678', null],
    ['+81 90 1234 5678 ext 1', null],
    ['', null],
    [`0${'9'.repeat(100)}`, null],
  ])('%s -> %s', (input, expected) => {
    expect(normalisePhoneNumber(input)).toBe(expected);
  });
});

describe('the MFA forms', () => {
  it('send the normalised number, or a code the page translates', () => {
    expect(PhoneFormSchema.parse({ phoneNumber: ' 090-1234-5678 ' })).toEqual({ phoneNumber: '+819012345678' });
    expect(PhoneFormSchema.safeParse({ phoneNumber: '  ' }).error?.issues[0]?.message).toBe('validation.required');
    expect(PhoneFormSchema.safeParse({ phoneNumber: '12345' }).error?.issues[0]?.message).toBe('validation.invalidFormat');
  });

  it('take six digits as a code, forgiving spaces and full-width digits', () => {
    expect(CodeFormSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(CodeFormSchema.parse({ code: '１２３４５６' })).toEqual({ code: '123456' });
    expect(CodeFormSchema.safeParse({ code: '' }).error?.issues[0]?.message).toBe('validation.required');
    expect(CodeFormSchema.safeParse({ code: '12345' }).error?.issues[0]?.message).toBe('validation.invalidFormat');
    expect(CodeFormSchema.safeParse({ code: '12345a' }).error?.issues[0]?.message).toBe('validation.invalidFormat');
  });

  it('need the current password before a removal', () => {
    expect(ReauthFormSchema.safeParse({ currentPassword: '' }).error?.issues[0]?.message).toBe('validation.required');
    expect(ReauthFormSchema.parse({ currentPassword: 'kiwi-demo-1234' })).toEqual({ currentPassword: 'kiwi-demo-1234' });
  });
});
