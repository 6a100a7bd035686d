import { describe, expect, it } from 'vitest';
import { maskEmail, personLabel } from './people';

describe('people with the same name', () => {
  it('masks an email to a fragment: two characters of the local part and of the domain', () => {
    expect(maskEmail('taro.sato@acme.example')).toBe('ta***@ac…');
    expect(maskEmail('t@a.jp')).toBe('t***@a.…');
    expect(maskEmail('ab@cd')).toBe('a***@c…');
    // Whole characters, never half a surrogate pair.
    expect(maskEmail('😀😀x@例え.jp')).toBe('😀😀***@例え…');
    expect(maskEmail('no-at-sign')).toBe('***');
  });

  it('labels two "Sato Hanako"s differently by nickname, group and email fragment', () => {
    const sales = { id: '1', name: 'Sato Hanako', nickname: null, icon: null, emailHint: 'ha***@ac…', groups: [{ name: 'Sales' }] };
    const design = { id: '2', name: 'Sato Hanako', nickname: 'Hana-D', icon: null, emailHint: 'hs***@de…', groups: [] };
    expect(personLabel(sales)).toBe('Sato Hanako · Sales · ha***@ac…');
    expect(personLabel(design)).toBe('Hana-D (Sato Hanako) · hs***@de…');
    expect(personLabel({ id: '3', name: 'Old Answer', nickname: null, icon: null })).toBe('Old Answer');
  });
});
