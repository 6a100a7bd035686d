import { describe, expect, it } from 'vitest';
import { formatMonthName, formatYear } from './format-picker';

describe('the calendar names', () => {
  it('name a month and a year in each language, at both ends of the range', () => {
    expect(formatMonthName('2025-10', 'ja')).toBe('10月');
    expect(formatMonthName('2025-10', 'en')).toBe('Oct');
    expect(formatMonthName('1900-01-01', 'en-GB')).toBe('Jan');
    expect(formatYear(2099, 'ja')).toBe('2099年');
    expect(formatYear(1900, 'en')).toBe('1900');
  });
});
