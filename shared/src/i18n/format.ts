// Kiwi's one formatting module, on Intl (no date library): dates, times and date-times as the product writes them in ja
// and en, numbers, and a post's author. Formatters are costly to build, so each (language, time zone, kind) is built once and kept.
// `timeZone` is the IANA zone to write the instant in; by default the reader's (the browser's, or the server's process).

import type { TFunction } from 'i18next';

// Months, short days, relative times and zone names live in a file of their own so that a bundle (a widget) that does not
// write them does not carry them; callers import them from here like everything else.
export {
  formatDateTimeInZone,
  formatDay,
  formatMonth,
  formatRelativeTime,
  formatShortDay,
  formatTimeZoneName,
} from './format-calendar';

import { formatRelativeTime } from './format-calendar';

export type FormatLanguage = 'ja' | 'en';
export type DateInput = Date | string | number;
export type ZoneOption = { timeZone?: string };

/** Japanese unless the language is English ("en", "en-US"): ja is the product's fallback. */
export const formatLanguageOf = (language: string | null | undefined): FormatLanguage =>
  language?.toLowerCase().startsWith('en') ? 'en' : 'ja';

export const LOCALES: Record<FormatLanguage, string> = { ja: 'ja-JP', en: 'en-US' };

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', day: 'numeric', weekday: 'short' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DATE_TIME_PARTS = { date: DATE, time: TIME } as const;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(kind: keyof typeof DATE_TIME_PARTS, language: FormatLanguage, timeZone: string | undefined) {
  const key = `${kind}|${language}|${timeZone ?? ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    // ja writes the month as "10月" (long), en as "Oct" (short).
    const month = kind === 'date' ? { month: language === 'ja' ? 'long' : 'short' } : {};
    format = new Intl.DateTimeFormat(LOCALES[language], { ...DATE_TIME_PARTS[kind], ...month, timeZone } as Intl.DateTimeFormatOptions);
    dateTimeFormats.set(key, format);
  }
  return format;
}

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** "2025年10月1日(水)" / "Wed, Oct 1, 2025". */
export function formatDate(value: DateInput, language: string, { timeZone }: ZoneOption = {}): string {
  return dateTimeFormat('date', formatLanguageOf(language), timeZone).format(toDate(value));
}

/** "10:00" in both languages (24-hour clock). */
export function formatTime(value: DateInput, language: string, { timeZone }: ZoneOption = {}): string {
  return dateTimeFormat('time', formatLanguageOf(language), timeZone).format(toDate(value));
}

/** "2025年10月1日(水) 10:00" / "Wed, Oct 1, 2025 10:00". */
export function formatDateTime(value: DateInput, language: string, zone: ZoneOption = {}): string {
  return `${formatDate(value, language, zone)} ${formatTime(value, language, zone)}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** "1,234.5"; `options` as Intl.NumberFormat's (percent: `{ style: 'percent', maximumFractionDigits: 1 }`). */
export function formatNumber(value: number, language: string, options: Intl.NumberFormatOptions = {}): string {
  const lang = formatLanguageOf(language);
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const pad = (value: number) => String(value).padStart(2, '0');
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * The value of an <input type="datetime-local"> ("2031-12-24T18:30") for an instant, in the browser's time zone; '' for
 * none. The inverse of {@link fromLocalInput}.
 */
export function toLocalInput(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Kiwi's one reader of <input type="datetime-local">: the picked wall-clock time in the browser's time zone, as an instant
 * with that zone's offset on that day ("2031-12-24T18:30:00+09:00"), so the server judges the 1900..2099 range on the day
 * the person picked, not on its UTC day. Across a DST change it reads as the browser does: a time skipped by the spring
 * change moves forward by the gap, a time repeated in autumn is the first of the two. null for an empty value; a text
 * that is no such value (half typed in a DateInput, "2031-02-30T10:00") comes back as it is, for the format check of the
 * form or the API to refuse under its field rather than be taken for "no date".
 */
export function fromLocalInput(value: string | null | undefined): string | null {
  if (!value) return null;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  // (Date would roll 2031-02-30 over into March.)
  if (!LOCAL_INPUT.test(value) || month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  // Rounded: a zone's old local mean time can be seconds off the minute.
  const minutes = Math.round(-date.getTimezoneOffset());
  const offset =
    minutes === 0 ? 'Z' : `${minutes > 0 ? '+' : '-'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return `${toLocalInput(date)}:${pad(date.getSeconds())}${offset}`;
}

/** @deprecated Former name of {@link toLocalInput}, kept while other branches merge. */
export const toDateTimeLocalInput = toLocalInput;
/** @deprecated Former name of {@link fromLocalInput}, kept while other branches merge. */
export const fromDateTimeLocalInput = fromLocalInput;

/**
 * The name a post's author is shown by. A member who cancelled their membership (issue 16) comes from the server with an
 * empty name: their posts stay, attributed to "former member" / 退会したメンバー in the viewer's language.
 */
export function formatAuthorName(t: TFunction, name: string | null | undefined): string {
  return name?.trim() ? name : t('cancellation:formerMember');
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * How soon an instant to come is, next to its date where people count the days (an event's start, a deadline): "2日後" /
 * "in 2 days", "3時間後" / "in 3 hr."; null once it has passed or when it is a week or more away (the date says it).
 */
export function formatTimeUntil(value: DateInput, language: string, now: DateInput): string | null {
  const ahead = toDate(value).getTime() - toDate(now).getTime();
  return ahead > 0 && ahead < WEEK_MS ? formatRelativeTime(value, language, now) : null;
}
