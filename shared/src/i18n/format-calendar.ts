// Part of the formatting module (format.ts re-exports it; import from there): calendar days and months as the API sends
// them, short axis days, relative times and time-zone names, on Intl.

import { type DateInput, formatDate, formatDateTime, formatLanguageOf, LOCALES, type ZoneOption } from './format';

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A calendar day as the API sends it ("2025-10-01", in no time zone): "2025年10月1日(水)" / "Wed, Oct 1, 2025". */
export function formatDay(day: string, language: string): string {
  return formatDate(`${day.slice(0, 10)}T00:00:00Z`, language, { timeZone: 'UTC' });
}

const otherFormats = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cachedFormat<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, build: () => T): T {
  let format = otherFormats.get(key) as T | undefined;
  if (!format) {
    format = build();
    otherFormats.set(key, format);
  }
  return format;
}

/**
 * A calendar month: "2026年11月" / "November 2026". `month` is an instant or a "YYYY-MM" month as the API sends it
 * (read as that month, in no time zone).
 */
export function formatMonth(month: DateInput, language: string, { timeZone }: ZoneOption = {}): string {
  const lang = formatLanguageOf(language);
  const monthOnly = typeof month === 'string' && /^\d{4}-\d{2}$/.test(month);
  const zone = monthOnly ? 'UTC' : timeZone;
  const format = cachedFormat(
    `month|${lang}|${zone ?? ''}`,
    () => new Intl.DateTimeFormat(LOCALES[lang], { year: 'numeric', month: 'long', timeZone: zone }),
  );
  return format.format(monthOnly ? new Date(`${month}-01T00:00:00Z`) : toDate(month));
}

/**
 * A short day for chart axes and compact lists: "10/1" / "Oct 1". `day` is an instant or a "YYYY-MM-DD" day as the API
 * sends it (read as that calendar day, in no time zone).
 */
export function formatShortDay(day: DateInput, language: string, { timeZone }: ZoneOption = {}): string {
  const lang = formatLanguageOf(language);
  const dayOnly = typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day);
  const zone = dayOnly ? 'UTC' : timeZone;
  const format = cachedFormat(
    `day|${lang}|${zone ?? ''}`,
    () => new Intl.DateTimeFormat(LOCALES[lang], { month: lang === 'ja' ? 'numeric' : 'short', day: 'numeric', timeZone: zone }),
  );
  return format.format(dayOnly ? new Date(`${day}T00:00:00Z`) : toDate(day));
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * How long ago (or how soon) an instant is, as people say it: "3分前" / "3 min. ago", "2日後" / "in 2 days". Past a week
 * it is the date itself ({@link formatDate}), which reads better than "5 weeks ago". `now` is passed in (tests, and one
 * clock per render).
 */
export function formatRelativeTime(value: DateInput, language: string, now: DateInput, zone: ZoneOption = {}): string {
  const lang = formatLanguageOf(language);
  let amount = (toDate(value).getTime() - toDate(now).getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) {
      const format = cachedFormat(
        `relative|${lang}`,
        () => new Intl.RelativeTimeFormat(LOCALES[lang], { numeric: 'auto', style: 'short' }),
      );
      return format.format(Math.trunc(amount), unit);
    }
    amount /= size;
  }
  return formatDate(value, lang, zone);
}

/**
 * The reader's time zone as people name it, for event times and deadlines: "日本標準時" / "Japan Standard Time"
 * ("GMT+09:00" where the language has no name for it). `at` picks summer or winter time.
 */
export function formatTimeZoneName(at: DateInput, language: string, { timeZone }: ZoneOption = {}): string {
  const lang = formatLanguageOf(language);
  const format = cachedFormat(
    `zone|${lang}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(LOCALES[lang], { timeZoneName: 'long', timeZone }),
  );
  return format.formatToParts(toDate(at)).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * A date and time with the time zone it is written in, where the reader may be elsewhere (event times, deadlines in a
 * mail): "2025年10月1日(水) 10:00 (日本標準時)" / "Wed, Oct 1, 2025 10:00 (Japan Standard Time)".
 */
export function formatDateTimeInZone(value: DateInput, language: string, zone: ZoneOption = {}): string {
  return `${formatDateTime(value, language, zone)} (${formatTimeZoneName(value, language, zone)})`;
}
