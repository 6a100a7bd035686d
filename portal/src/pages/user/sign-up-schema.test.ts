import { describe, expect, it } from 'vitest';
import { confirmationTokenOf, messageParams, ResendFormSchema, SignUpFormSchema, signUpPayload } from './sign-up-schema';

const valid = {
  email: ' Hanako@Example.com ',
  password: 'secret-1',
  password_confirmation: 'secret-1',
  name: ' Hanako ',
  nickname: 'はなこ',
  join_code: 'k7qm 4xrt 9hcp',
};
const firstIssue = (values: Record<string, string>) => {
  const result = SignUpFormSchema.safeParse(values);
  return result.success ? null : { field: result.error.issues[0]?.path[0], code: result.error.issues[0]?.message };
};

describe('SignUpFormSchema', () => {
  it('checks with the server field schemas and answers what the server would store', () => {
    const result = SignUpFormSchema.parse(valid);
    expect(result).toMatchObject({ email: 'hanako@example.com', name: 'Hanako', join_code: 'K7QM4XRT9HCP' });
    expect(signUpPayload(result, 'en')).toEqual({
      consumer_user: {
        email: 'hanako@example.com',
        password: 'secret-1',
        name: 'Hanako',
        nickname: 'はなこ',
        join_code: 'K7QM4XRT9HCP',
        language: 'en',
      },
    });
    expect(signUpPayload(result, 'fr').consumer_user.language).toBe('ja');
  });

  it.each([
    [{ password_confirmation: 'secret-2' }, 'password_confirmation', 'passwordMismatch'],
    [{ join_code: 'K7QM-4XRT-9HC' }, 'join_code', 'validation.invalidFormat'],
    [{ join_code: '' }, 'join_code', 'validation.required'],
    [{ email: 'not an address' }, 'email', 'validation.invalidEmail'],
    [{ password: '12345', password_confirmation: '12345' }, 'password', 'validation.tooShort'],
    [{ nickname: '  ' }, 'nickname', 'validation.required'],
    [{ name: 'x'.repeat(51) }, 'name', 'validation.tooLong'],
  ])('refuses %j at %s with %s', (override, field, code) => {
    expect(firstIssue({ ...valid, ...override })).toEqual({ field, code });
  });
});

describe('messageParams', () => {
  it.each([
    ['password', 'validation.tooShort', { count: 6 }],
    ['password', 'validation.tooLong', { count: 128 }],
    ['nickname', 'validation.tooLong', { count: 30 }],
    ['name', 'validation.tooLong', { count: 50 }],
    ['email', 'validation.invalidEmail', {}],
  ] as const)('%s %s -> %j', (field, code, params) => {
    expect(messageParams(field, code)).toEqual(params);
  });
});

describe('confirmationTokenOf', () => {
  it.each([
    ['?confirmation_token=abc_DEF-123', 'abc_DEF-123'],
    ['?confirmation_token=', ''],
    ['?confirmation_token=%3Cscript%3E', ''],
    [`?confirmation_token=${'a'.repeat(201)}`, ''],
    ['?unconfirmed', null],
    ['', null],
  ])('%s -> %j', (search, token) => {
    expect(confirmationTokenOf(new URLSearchParams(search))).toBe(token);
  });
});

describe('ResendFormSchema', () => {
  it('takes an address in any case and spacing, refuses anything else', () => {
    expect(ResendFormSchema.parse({ email: ' A@Example.COM ' })).toEqual({ email: 'a@example.com' });
    expect(ResendFormSchema.safeParse({ email: 'nope' }).success).toBe(false);
  });
});
