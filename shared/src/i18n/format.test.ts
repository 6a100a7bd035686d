import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLanguageOf,
  formatNumber,
  formatTime,
  fromDateTimeLocalInput,
  toDateTimeLocalInput,
} from './format';

// 2025-10-01 01:00 UTC: Wednesday 10:00 in Tokyo, still Tuesday 21:00 in New York.
const instant = '2025-10-01T01:00:00Z';

describe('formatDate, formatTime, formatDateTime', () => {
  it.each<[string, string, string, string, string]>([
    ['ja', 'Asia/Tokyo', '2025年10月1日(水)', '10:00', '2025年10月1日(水) 10:00'],
    ['en', 'Asia/Tokyo', 'Wed, Oct 1, 2025', '10:00', 'Wed, Oct 1, 2025 10:00'],
    ['ja', 'America/New_York', '2025年9月30日(火)', '21:00', '2025年9月30日(火) 21:00'],
    ['en', 'America/New_York', 'Tue, Sep 30, 2025', '21:00', 'Tue, Sep 30, 2025 21:00'],
    ['en-US', 'UTC', 'Wed, Oct 1, 2025', '01:00', 'Wed, Oct 1, 2025 01:00'],
    ['ja-JP', 'UTC', '2025年10月1日(水)', '01:00', '2025年10月1日(水) 01:00'],
    ['fr', 'UTC', '2025年10月1日(水)', '01:00', '2025年10月1日(水) 01:00'],
  ])('%s in %s', (language, timeZone, date, time, dateTime) => {
    expect(formatDate(instant, language, { timeZone })).toBe(date);
    expect(formatTime(instant, language, { timeZone })).toBe(time);
    expect(formatDateTime(instant, language, { timeZone })).toBe(dateTime);
  });

  it.each<[string, string, string]>([
    ['ja', '2099-12-31T14:59:00Z', '2099年12月31日(木) 23:59'],
    ['en', '1900-01-01T00:00:00Z', 'Mon, Jan 1, 1900 09:00'],
    ['en', '2024-02-29T15:00:00Z', 'Fri, Mar 1, 2024 00:00'],
  ])('%s keeps the ends of the 1900..2099 range and the midnight hour: %s', (language, iso, expected) => {
    expect(formatDateTime(iso, language, { timeZone: 'Asia/Tokyo' })).toBe(expected);
  });

  it('accepts a Date, an ISO string and epoch milliseconds alike', () => {
    const date = new Date(instant);
    const texts = [date, instant, date.getTime()].map((value) => formatDateTime(value, 'en', { timeZone: 'Asia/Tokyo' }));
    expect(new Set(texts)).toEqual(new Set(['Wed, Oct 1, 2025 10:00']));
  });
});

describe('formatNumber', () => {
  it.each<[string, number, Intl.NumberFormatOptions | undefined, string]>([
    ['ja', 1234567, undefined, '1,234,567'],
    ['en', 1234567, undefined, '1,234,567'],
    ['en', 0.1234, { style: 'percent', maximumFractionDigits: 1 }, '12.3%'],
    ['ja', 0.5, { style: 'percent' }, '50%'],
    ['en', 1234.5678, { maximumFractionDigits: 2 }, '1,234.57'],
  ])('%s %d %j', (language, value, options, expected) => {
    expect(formatNumber(value, language, options)).toBe(expected);
  });
});

describe('formatLanguageOf', () => {
  it.each<[string | null | undefined, 'ja' | 'en']>([
    ['en', 'en'],
    ['en-GB', 'en'],
    ['EN', 'en'],
    ['ja', 'ja'],
    ['de', 'ja'],
    [null, 'ja'],
    [undefined, 'ja'],
  ])('%s is %s', (language, expected) => {
    expect(formatLanguageOf(language)).toBe(expected);
  });
});

describe('datetime-local inputs', () => {
  it('round-trips a picked local date-time', () => {
    expect(toDateTimeLocalInput(fromDateTimeLocalInput('2031-12-24T18:30'))).toBe('2031-12-24T18:30');
    expect(toDateTimeLocalInput(fromDateTimeLocalInput('2099-12-31T23:59'))).toBe('2099-12-31T23:59');
  });

  it("sends the browser's offset, so the server sees the day that was picked", () => {
    expect(fromDateTimeLocalInput('1900-01-01T00:00')).toMatch(/^1900-01-01T00:00:00(Z|[+-]\d{2}:\d{2})$/);
    expect(new Date(fromDateTimeLocalInput('2031-12-24T18:30')!).getTime()).toBe(new Date('2031-12-24T18:30').getTime());
  });

  it.each<[string]>([[''], ['not a date'], ['2031-13-40T99:99']])('reads %j as nothing', (value) => {
    expect(fromDateTimeLocalInput(value)).toBeNull();
  });

  it.each<[string | null]>([[null], [''], ['garbage']])('writes %j as an empty input', (value) => {
    expect(toDateTimeLocalInput(value)).toBe('');
  });
});
