// The widgets' date-fns shim against date-fns itself, for every pattern shared/src/schemas/event-resources.ts uses.
import { format as realFormat } from 'date-fns';
import { enUS as realEnUS } from 'date-fns/locale/en-US';
import { ja as realJa } from 'date-fns/locale/ja';
import { afterAll, describe, expect, it } from 'vitest';
import { format } from './date-fns';
import { enUS } from './date-fns-en-us';
import { ja } from './date-fns-ja';

const PATTERNS = [
  ['yyyy年M月d日(EEE) HH:mm', ja, realJa],
  ['EEE, MMM d, yyyy HH:mm', enUS, realEnUS],
  ["yyyy-MM-dd'T'HH:mm", undefined, undefined],
  ["yyyy-MM-dd'T'HH:mm:ssXXX", undefined, undefined],
] as const;

// Every month and weekday, single and double digits, midnight and the last minute of a day, leap day, far years.
const DATES = [
  ...Array.from(
    { length: 24 },
    (_, index) => new Date(2026, index % 12, 1 + ((index * 5) % 28), (index * 7) % 24, (index * 13) % 60, index % 60),
  ),
  new Date(2028, 1, 29, 0, 0, 0),
  new Date(1999, 11, 31, 23, 59, 59),
  new Date(2099, 0, 1, 9, 5, 7),
  new Date(1900, 6, 4, 12, 30, 0),
];

// The browser's time zone decides the local fields and the XXX offset: UTC, Japan, a DST zone, half and quarter hours,
// and zones whose 1900 offset had seconds (local mean time; event dates start at 1900-01-01).
const TIME_ZONES = [
  'UTC',
  'Asia/Tokyo',
  'America/New_York',
  'Asia/Kolkata',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Europe/Amsterdam',
  'Africa/Monrovia',
  'Pacific/Kiritimati',
];
const initialTimeZone = process.env.TZ;
afterAll(() => {
  if (initialTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = initialTimeZone;
});

describe('date-fns shim', () => {
  for (const timeZone of TIME_ZONES) {
    for (const [pattern, locale, realLocale] of PATTERNS) {
      it(`formats ${pattern} as date-fns does in ${timeZone}`, () => {
        process.env.TZ = timeZone;
        // Dates made in this time zone (DATES were made in the one the run started in), and DST transitions.
        const dates = [
          ...DATES.map(
            (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds()),
          ),
          new Date(1900, 0, 1, 0, 0, 0),
          new Date(1900, 0, 1, 12, 0, 0),
          new Date(Date.UTC(2026, 2, 8, 6, 59, 0)),
          new Date(Date.UTC(2026, 2, 8, 7, 0, 0)),
          new Date(Date.UTC(2026, 10, 1, 5, 30, 0)),
        ];
        for (const date of dates) {
          const expected = realFormat(date, pattern, realLocale ? { locale: realLocale } : {});
          expect(format(date, pattern, locale ? { locale } : {}), `${date.toISOString()} in ${timeZone}`).toBe(expected);
          expect(format(date.toISOString(), pattern, locale ? { locale } : {})).toBe(expected);
          expect(format(date.getTime(), pattern, locale ? { locale } : {})).toBe(expected);
        }
      });
    }
  }

  it('refuses what it does not know instead of printing something else', () => {
    expect(() => format(new Date(), 'yyyy QQQ')).toThrow(RangeError);
    expect(() => format(new Date('nope'), 'yyyy')).toThrow(RangeError);
  });
});
