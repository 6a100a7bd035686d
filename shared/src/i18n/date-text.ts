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

// NFKC turns full-width digits, slashes and colons into ASCII; 年月日時分 stay and are read as separators.
const normalized = (text: string): string | null => (text.length > DATE_TEXT_MAX_LENGTH ? null : text.normalize('NFKC').trim());

const isDay = (year: number, month: number, day: number) => {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** A calendar day "YYYY-MM-DD", or null. */
export function readDateText(text: string): string | null {
  const value = normalized(text);
  if (value === null) return null;
  const parts = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(value) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return isDay(year, month, day) ? `${parts[1]}-${pad(month)}-${pad(day)}` : null;
}

/** A month "YYYY-MM", or null. */
export function readMonthText(text: string): string | null {
  const value = normalized(text);
  if (value === null) return null;
  const parts = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?$/.exec(value) ?? /^(\d{4})(\d{2})$/.exec(value);
  if (!parts) return null;
  const month = Number(parts[2]);
  return month >= 1 && month <= 12 ? `${parts[1]}-${pad(month)}` : null;
}

/** A time of day "HH:mm" (24-hour), or null. */
export function readTimeText(text: string): string | null {
  const value = normalized(text);
  if (value === null) return null;
  const parts = /^(\d{1,2})\s*[:.時]\s*(\d{1,2})\s*分?$/.exec(value) ?? /^(\d{2})(\d{2})$/.exec(value) ?? /^(\d{1,2})\s*時?$/.exec(value);
  if (!parts) return null;
  const [hour, minute] = [Number(parts[1]), Number(parts[2] ?? 0)];
  return hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : null;
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
