import { describe, expect, it } from 'vitest';
import { NewPasswordSchema, SignInEmailSchema } from './actions-schema';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('NewPasswordSchema', () => {
  it('takes a password of the policy typed twice', () => {
    expect(NewPasswordSchema.parse({ newPassword: 'secret-1', confirmPassword: 'secret-1' })).toEqual({
      newPassword: 'secret-1',
      confirmPassword: 'secret-1',
    });
  });

  it.each([
    // The form shows each field's first issue: "required" before "too short".
    [
      { newPassword: '', confirmPassword: '' },
      [
        ['newPassword', 'validation.required'],
        ['newPassword', 'validation.tooShort'],
        ['confirmPassword', 'validation.required'],
      ],
    ],
    [{ newPassword: 'abc', confirmPassword: 'abc' }, [['newPassword', 'validation.tooShort']]],
    [{ newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, [['newPassword', 'validation.tooLong']]],
    [{ newPassword: 'secret-1', confirmPassword: 'secret-2' }, [['confirmPassword', 'mismatch']]],
  ])('refuses %j', (values, expected) => {
    expect(issues(NewPasswordSchema.safeParse(values))).toEqual(expected);
  });
});

describe('SignInEmailSchema', () => {
  it('compares addresses as Firebase stores them: trimmed, lower case', () => {
    expect(SignInEmailSchema.parse({ email: '  Member@Acme.Example ' })).toEqual({ email: 'member@acme.example' });
  });

  it.each([
    ['', 'validation.required'],
    ['not-an-email', 'validation.invalidEmail'],
  ])('refuses %j', (email, code) => {
    expect(issues(SignInEmailSchema.safeParse({ email }))).toEqual([['email', code]]);
  });
});
