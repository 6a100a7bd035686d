// Part of the formatting module (format.ts): the month and year names of the date fields' calendar
// (shared/src/ui/date-calendar.tsx), in a file of their own so that they ride in the calendar's chunk only. On Intl.

import { formatLanguageOf, LOCALES } from './format';

const formats = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>();
const cached = (key: string, options: Intl.DateTimeFormatOptions) => {
  const lang = formatLanguageOf(key.split('|')[1]);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
};

/** A month of a "YYYY-MM" on its own, as a month picker lists them: "10月" / "Oct". */
export function formatMonthName(month: string, language: string): string {
  return cached(`month|${language}`, { month: 'short' }).format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/** A year as a year menu lists it: "2025年" / "2025". */
export function formatYear(year: number, language: string): string {
  return cached(`year|${language}`, { year: 'numeric' }).format(new Date(`${String(year).padStart(4, '0')}-07-01T00:00:00Z`));
}
