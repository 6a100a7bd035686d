import { DATE_RANGE } from '../domain/date-range';

/**
 * Reading what a person typed into Kiwi's date, month and time fields (shared/src/ui/date-input.tsx), in either
 * language: "2025-10-01", "2025/10/1", "2025年10月1日", "20251001", full-width digits from a Japanese IME; "9:05",
 * "0905", "9時5分". Each reader answers the canonical value of the matching <input type> ("2025-10-01", "2025-10",
 * "09:05"), or null when the text is not one (the form then refuses it as it stands). Longer texts are refused before
 * any work: no value is longer than DATE_TEXT_MAX_LENGTH, whatever its spelling.
 */
export const DATE_TEXT_MAX_LENGTH = 24;

export type DateTextKind = 'date' | 'month' | 'time';

const pad = (value: number) => String(value).padStart(2, '0');

// NFKC turns full-width digits, slashes and colons into ASCII; 年月日時分 are read as separators like - / . : and spaces.
const SPELLING = /^[\d\s\-/.:年月日時分]*$/;

/**
 * The numbers of a typed value: its runs of digits ("2025/10/1" → 2025, 10, 1), or one unbroken run cut at `widths`
 * ("20251001" → 2025, 10, 01); null for other characters, the wrong count, or a first number outside
 * [firstMin, widths[0]] digits (a year has four; an hour one or two).
 */
function numbersOf(text: string, widths: number[], firstMin = widths[0] ?? 0): number[] | null {
  if (text.length > DATE_TEXT_MAX_LENGTH) return null;
  const value = text.normalize('NFKC');
  if (!SPELLING.test(value)) return null;
  let runs: string[] = value.match(/\d+/g) ?? [];
  const whole = widths.reduce((sum, width) => sum + width, 0);
  const run = runs.length === 1 ? (runs[0] ?? '') : '';
  if (run.length === whole) {
    const starts = widths.map((_, index) => widths.slice(0, index).reduce((sum, width) => sum + width, 0));
    runs = widths.map((width, index) => run.slice(starts[index], (starts[index] ?? 0) + width));
  }
  const first = runs[0]?.length ?? 0;
  return runs.length === widths.length && first >= firstMin && first <= (widths[0] ?? 0) ? runs.map(Number) : null;
}

/** A calendar day "YYYY-MM-DD", or null. */
export function readDateText(text: string): string | null {
  const [year, month, day] = numbersOf(text, [4, 2, 2]) ?? [];
  if (year === undefined || month === undefined || day === undefined) return null;
  const valid = month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
  return valid ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** A month "YYYY-MM", or null. */
export function readMonthText(text: string): string | null {
  const [year, month] = numbersOf(text, [4, 2]) ?? [];
  return year !== undefined && month !== undefined && month >= 1 && month <= 12 ? `${year}-${pad(month)}` : null;
}

/** A time of day "HH:mm" (24-hour), or null; an hour on its own is on the hour ("9時" → "09:00"). */
export function readTimeText(text: string): string | null {
  const [hour, minute = 0] = numbersOf(text, [2, 2], 1) ?? numbersOf(text, [2], 1) ?? [];
  return hour !== undefined && hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : null;
}

const readers: Record<DateTextKind, (text: string) => string | null> = {
  date: readDateText,
  month: readMonthText,
  time: readTimeText,
};

/** The canonical value of `text` for `kind`, or the text as typed (trimmed) for the form's format check to refuse. */
export function dateTextValue(kind: DateTextKind, text: string): string {
  return readers[kind](text) ?? text.trim();
}

/**
 * A datetime-local value ("2031-12-24T18:30") from its day and time fields: '' when both are empty, otherwise both
 * parts joined by "T" (each canonical when readable), so a half-filled pair is a value the format check refuses.
 */
export function joinDateTime(day: string, time: string): string {
  if (!day.trim() && !time.trim()) return '';
  return `${dateTextValue('date', day)}T${dateTextValue('time', time)}`;
}

/** The day and time fields of a datetime-local value: "2031-12-24T18:30" → ["2031-12-24", "18:30"]. */
export function splitDateTime(value: string): [string, string] {
  const at = value.indexOf('T');
  return at < 0 ? [value, ''] : [value.slice(0, at), value.slice(at + 1, at + 6)];
}

/** Whether `value` is a canonical day "YYYY-MM-DD" within the pickers' range (SPEC §9), as a list filter may ask. */
export function isDayInRange(value: string): boolean {
  return readDateText(value) === value && value >= DATE_RANGE.min && value <= DATE_RANGE.max;
}

/**
 * A whole date-time typed or pasted into a day field ("2031-12-24T18:30", "2031/12/24 18:30", "2031年12月24日 18時30分")
 * as its canonical day and time, or null when the text is not both.
 */
export function splitTypedDateTime(text: string): [string, string] | null {
  const parts = /^\s*(\S+?)(?:T|\s+)(\S+)\s*$/.exec(text);
  const day = parts && readDateText(parts[1] as string);
  const time = parts && readTimeText(parts[2] as string);
  return day && time ? [day, time] : null;
}
