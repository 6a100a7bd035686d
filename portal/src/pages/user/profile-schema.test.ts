import { describe, expect, it } from 'vitest';
import { changedFields, EmailChangeSchema, PasswordChangeSchema, ProfileFormSchema, profileFormValues } from './profile-schema';

const filled = profileFormValues({
  name: '佐藤 花子',
  nickname: 'はなこ',
  icon: null,
  birthday: '1990-04-01',
  restingHeartRate: 62,
  heightCm: 158.5,
  weightKg: 51,
  language: 'ja',
});
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('ProfileFormSchema', () => {
  it('turns the inputs into the PUT payload: numbers, and null for what was emptied', () => {
    expect(ProfileFormSchema.parse(filled)).toEqual({
      name: '佐藤 花子',
      nickname: 'はなこ',
      icon: null,
      birthday: '1990-04-01',
      resting_heart_rate: 62,
      height_cm: 158.5,
      weight_kg: 51,
      language: 'ja',
    });
    const emptied = { ...filled, nickname: ' ', birthday: '', resting_heart_rate: '', height_cm: '', weight_kg: '' };
    expect(ProfileFormSchema.parse(emptied)).toMatchObject({
      nickname: null,
      birthday: null,
      resting_heart_rate: null,
      height_cm: null,
      weight_kg: null,
    });
  });

  it('answers the server’s codes for each bound', () => {
    const tomorrowAndMore = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);
    const result = ProfileFormSchema.safeParse({
      ...filled,
      name: '',
      nickname: 'あ'.repeat(31),
      birthday: tomorrowAndMore,
      resting_heart_rate: '20',
      height_cm: '251',
      weight_kg: '19.9',
    });
    expect(issues(result)).toEqual([
      ['name', 'validation.required'],
      ['nickname', 'validation.tooLong'],
      ['birthday', 'validation.futureDate'],
      ['resting_heart_rate', 'validation.tooSmall'],
      ['height_cm', 'validation.tooBig'],
      ['weight_kg', 'validation.tooSmall'],
    ]);
  });
});

describe('changedFields', () => {
  it('sends only what the member changed, so an icon stored before the upload rule does not block other edits', () => {
    const values = ProfileFormSchema.parse({ ...filled, icon: 'https://old.example/icon.png', nickname: 'はな' });
    expect(changedFields(values, { nickname: true })).toEqual({ nickname: 'はな' });
    expect(changedFields(values, {})).toEqual({});
  });
});

describe('EmailChangeSchema and PasswordChangeSchema', () => {
  it('checks the new address and asks for the current password', () => {
    expect(EmailChangeSchema.parse({ newEmail: ' New@Example.COM ', currentPassword: 'x' })).toEqual({
      newEmail: 'new@example.com',
      currentPassword: 'x',
    });
    expect(issues(EmailChangeSchema.safeParse({ newEmail: 'nope', currentPassword: '' }))).toEqual([
      ['newEmail', 'validation.invalidEmail'],
      ['currentPassword', 'validation.required'],
    ]);
  });

  it('wants a new password of the policy’s length, typed twice alike', () => {
    expect(issues(PasswordChangeSchema.safeParse({ currentPassword: 'a', newPassword: '12345', confirmPassword: '12345' }))).toEqual([
      ['newPassword', 'validation.tooShort'],
    ]);
    expect(
      issues(PasswordChangeSchema.safeParse({ currentPassword: 'a', newPassword: 'long enough', confirmPassword: 'long enougH' })),
    ).toEqual([['confirmPassword', 'mismatch']]);
    expect(
      PasswordChangeSchema.safeParse({ currentPassword: 'a', newPassword: 'long enough', confirmPassword: 'long enough' }).success,
    ).toBe(true);
  });
});
