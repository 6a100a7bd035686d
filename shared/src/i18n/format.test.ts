import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeInZone,
  formatDay,
  formatLanguageOf,
  formatMonth,
  formatNumber,
  formatRelativeTime,
  formatShortDay,
  formatTime,
  formatTimeZoneName,
  fromLocalInput,
  toLocalInput,
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
    expect(toLocalInput(fromLocalInput('2031-12-24T18:30'))).toBe('2031-12-24T18:30');
    expect(toLocalInput(fromLocalInput('2099-12-31T23:59'))).toBe('2099-12-31T23:59');
  });

  it("sends the browser's offset, so the server sees the day that was picked", () => {
    expect(fromLocalInput('1900-01-01T00:00')).toMatch(/^1900-01-01T00:00:00(Z|[+-]\d{2}:\d{2})$/);
    expect(new Date(fromLocalInput('2031-12-24T18:30')!).getTime()).toBe(new Date('2031-12-24T18:30').getTime());
  });

  it('reads an empty value as nothing', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput(null)).toBeNull();
  });

  it.each<[string]>([['not a date'], ['2031-13-40T99:99'], ['2031-02-30T10:00'], ['2031-12-24T'], ['T10:00'], ['2031']])(
    'hands %j back as it is, for the format check to refuse (not taken for "no date")',
    (value) => expect(fromLocalInput(value)).toBe(value),
  );

  it.each<[string | null]>([[null], [''], ['garbage']])('writes %j as an empty input', (value) => {
    expect(toLocalInput(value)).toBe('');
  });
});

describe('fromLocalInput and toLocalInput across a DST change', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    // Node reads TZ again whenever it is assigned.
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each<[string, string, string, string]>([
    // New York: winter, summer, the hour skipped in March (moves forward), the hour repeated in November (the first).
    ['America/New_York', '2025-01-15T09:00', '2025-01-15T09:00:00-05:00', '2025-01-15T09:00'],
    ['America/New_York', '2025-07-15T09:00', '2025-07-15T09:00:00-04:00', '2025-07-15T09:00'],
    ['America/New_York', '2025-03-09T02:30', '2025-03-09T03:30:00-04:00', '2025-03-09T03:30'],
    ['America/New_York', '2025-11-02T01:30', '2025-11-02T01:30:00-04:00', '2025-11-02T01:30'],
    ['America/New_York', '1900-01-01T00:00', '1900-01-01T00:00:00-05:00', '1900-01-01T00:00'],
    ['America/New_York', '2099-12-31T23:59', '2099-12-31T23:59:00-05:00', '2099-12-31T23:59'],
    // Berlin: the March and October changes, and the day after each.
    ['Europe/Berlin', '2025-03-30T02:30', '2025-03-30T03:30:00+02:00', '2025-03-30T03:30'],
    ['Europe/Berlin', '2025-03-31T02:30', '2025-03-31T02:30:00+02:00', '2025-03-31T02:30'],
    ['Europe/Berlin', '2025-10-26T02:30', '2025-10-26T02:30:00+02:00', '2025-10-26T02:30'],
    ['Europe/Berlin', '2025-10-27T02:30', '2025-10-27T02:30:00+01:00', '2025-10-27T02:30'],
    ['Asia/Tokyo', '2031-12-24T18:30', '2031-12-24T18:30:00+09:00', '2031-12-24T18:30'],
  ])('in %s reads %s as %s and writes it back as %s', (timeZone, picked, instant, shown) => {
    process.env.TZ = timeZone;
    expect(fromLocalInput(picked)).toBe(instant);
    expect(toLocalInput(instant)).toBe(shown);
    expect(toLocalInput(fromLocalInput(shown))).toBe(shown);
  });

  it('reads the same wall-clock time as different instants in different zones', () => {
    process.env.TZ = 'America/New_York';
    const newYork = new Date(fromLocalInput('2025-10-01T10:00')!).getTime();
    process.env.TZ = 'Europe/Berlin';
    const berlin = new Date(fromLocalInput('2025-10-01T10:00')!).getTime();
    expect(newYork - berlin).toBe(6 * 3600_000);
  });
});

describe('formatMonth and formatShortDay', () => {
  it.each<[string, string, string]>([
    ['ja', '2026-11', '2026年11月'],
    ['en', '2026-11', 'November 2026'],
    ['ja', '1900-01', '1900年1月'],
    ['en', '2099-12', 'December 2099'],
  ])('%s writes the month %s as %s', (language, month, expected) => {
    expect(formatMonth(month, language)).toBe(expected);
  });

  it('writes an instant as its month in the given zone', () => {
    expect(formatMonth('2025-09-30T16:00:00Z', 'ja', { timeZone: 'Asia/Tokyo' })).toBe('2025年10月');
    expect(formatMonth('2025-09-30T16:00:00Z', 'en', { timeZone: 'America/New_York' })).toBe('September 2025');
  });

  it.each<[string, string, string]>([
    ['ja', '2025-10-01', '10/1'],
    ['en', '2025-10-01', 'Oct 1'],
    ['en', '1900-01-01', 'Jan 1'],
    ['ja', '2099-12-31', '12/31'],
  ])('%s writes the day %s as %s', (language, day, expected) => {
    expect(formatShortDay(day, language)).toBe(expected);
  });
});

describe('formatRelativeTime', () => {
  const now = '2025-10-01T10:00:00Z';
  it.each<[string, string, string]>([
    ['en', '2025-10-01T09:57:00Z', '3 min. ago'],
    ['ja', '2025-10-01T09:57:00Z', '3 分前'],
    ['en', '2025-10-01T09:59:50Z', '10 sec. ago'],
    ['en', '2025-10-01T07:00:00Z', '3 hr. ago'],
    ['ja', '2025-09-30T10:00:00Z', '昨日'],
    ['en', '2025-10-03T10:00:00Z', 'in 2 days'],
    ['ja', '2025-10-03T10:00:00Z', '明後日'],
  ])('%s writes %s as %s', (language, value, expected) => {
    expect(formatRelativeTime(value, language, now)).toBe(expected);
  });

  it('writes the date itself past a week', () => {
    expect(formatRelativeTime('2025-09-01T01:00:00Z', 'en', now, { timeZone: 'Asia/Tokyo' })).toBe('Mon, Sep 1, 2025');
    expect(formatRelativeTime('2025-09-01T01:00:00Z', 'ja', now, { timeZone: 'Asia/Tokyo' })).toBe('2025年9月1日(月)');
  });
});

describe('formatTimeZoneName', () => {
  it('names the zone in the reader language, summer and winter apart', () => {
    expect(formatTimeZoneName('2025-10-01T01:00:00Z', 'ja', { timeZone: 'Asia/Tokyo' })).toBe('日本標準時');
    expect(formatTimeZoneName('2025-10-01T01:00:00Z', 'en', { timeZone: 'Asia/Tokyo' })).toBe('Japan Standard Time');
    expect(formatTimeZoneName('2025-07-01T12:00:00Z', 'en', { timeZone: 'Europe/Berlin' })).toBe('Central European Summer Time');
    expect(formatTimeZoneName('2025-01-01T12:00:00Z', 'en', { timeZone: 'Europe/Berlin' })).toBe('Central European Standard Time');
  });
});

describe('formatDay', () => {
  it('writes an API calendar day as that day in every zone', () => {
    const zone = process.env.TZ;
    for (const timeZone of ['America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati']) {
      process.env.TZ = timeZone;
      expect(formatDay('2025-10-01', 'ja')).toBe('2025年10月1日(水)');
      expect(formatDay('1900-01-01', 'en')).toBe('Mon, Jan 1, 1900');
      expect(formatDay('2099-12-31', 'en')).toBe('Thu, Dec 31, 2099');
    }
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
});

describe('formatDateTimeInZone', () => {
  it('states the zone a deadline is written in', () => {
    expect(formatDateTimeInZone('2025-10-01T01:00:00Z', 'ja', { timeZone: 'Asia/Tokyo' })).toBe('2025年10月1日(水) 10:00 (日本標準時)');
    expect(formatDateTimeInZone('2025-10-01T01:00:00Z', 'en', { timeZone: 'Asia/Tokyo' })).toBe(
      'Wed, Oct 1, 2025 10:00 (Japan Standard Time)',
    );
    expect(formatDateTimeInZone('2025-07-01T12:00:00Z', 'en', { timeZone: 'America/New_York' })).toBe(
      'Tue, Jul 1, 2025 08:00 (Eastern Daylight Time)',
    );
  });
});
