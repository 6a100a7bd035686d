import { describe, expect, it } from 'vitest';
import { factorViews, maskPhoneNumber } from './factor-view';

describe('maskPhoneNumber', () => {
  it.each([
    ['+819012345678', '•••• 5678'],
    ['+16505553434', '•••• 3434'],
    // A real project (and a sign-in hint) sends it obfuscated already.
    ['+*******5678', '•••• 5678'],
    ['+***', '+***'],
  ])('%s -> %s', (input, expected) => {
    expect(maskPhoneNumber(input)).toBe(expected);
  });
});

describe('factorViews', () => {
  const sms = {
    uid: 'a',
    factorId: 'phone',
    displayName: null,
    enrollmentTime: 'Wed, 26 Nov 2025 01:57:46 GMT',
    phoneNumber: '+819012345678',
  };
  const app = { uid: 'b', factorId: 'totp', displayName: 'iPhone', enrollmentTime: 'Mon, 01 Dec 2025 09:00:00 GMT' };

  it('lists the factors oldest first with the kind, the name or masked number and the date in the language', () => {
    expect(factorViews([app, sms], 'ja')).toEqual([
      { uid: 'a', kind: 'phone', label: '•••• 5678', enrolledOn: '2025年11月26日(水)' },
      { uid: 'b', kind: 'totp', label: 'iPhone', enrolledOn: '2025年12月1日(月)' },
    ]);
    expect(factorViews([sms], 'en')[0]?.enrolledOn).toBe('Wed, Nov 26, 2025');
  });

  it('names both a phone with a display name, keeps an unknown kind apart and survives a missing date', () => {
    const named = { ...sms, displayName: ' 仕事用 ' };
    const odd = { uid: 'c', factorId: 'email', enrollmentTime: 'not a date' };
    expect(factorViews([named, odd], 'en')).toEqual([
      { uid: 'a', kind: 'phone', label: '仕事用 •••• 5678', enrolledOn: 'Wed, Nov 26, 2025' },
      { uid: 'c', kind: 'other', label: '', enrolledOn: '' },
    ]);
  });

  it('is empty without factors', () => {
    expect(factorViews([], 'ja')).toEqual([]);
  });
});
