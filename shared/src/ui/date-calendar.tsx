import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { useTranslation } from 'react-i18next';
import { enUS, ja } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import enStrings from '../../../locales/en/date-calendar.json' with { type: 'json' };
import jaStrings from '../../../locales/ja/date-calendar.json' with { type: 'json' };
import { DATE_RANGE } from '../domain/date-range';
import { formatDate, formatLanguageOf } from '../i18n/format';
import { usePageNamespace } from '../i18n/use-page-namespace';
import { formatMonthName, formatYear } from '../i18n/format-picker';

export interface DateCalendarProps {
  id: string;
  /** A calendar of days ("2025-10-01") or a year of months ("2025-10"). */
  kind: 'date' | 'month';
  language: string;
  /** The value shown as chosen, in the kind's format; anything else shows none. */
  value: string;
  min?: string;
  max?: string;
  onPick: (value: string) => void;
  /** The field around the calendar: a click there or focus moving there does not close it. */
  within: RefObject<HTMLElement | null>;
  /** Closes it; `focusButton` when the focus should return to the button that opened it (Escape, Close). */
  onClose: (focusButton: boolean) => void;
}

const pad = (value: number) => String(value).padStart(2, '0');
const dayString = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** The local day of "YYYY-MM-DD" (or of a month's first day for "YYYY-MM"), or undefined. */
const dateOf = (value: string | undefined) => {
  const parts = value ? /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value) : null;
  if (!parts) return undefined;
  const date = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3] ?? 1));
  // Years below 100 would be read as 19xx by the constructor.
  date.setFullYear(Number(parts[1]));
  return date;
};

/**
 * The calendar of DateInput, in the page's language, as a non-modal dialog under its field: react-day-picker's grid of
 * days (arrow keys, Page Up/Down for months, Home/End, month and year menus) or a grid of the twelve months of a year.
 * Escape closes it and returns to the button that opened it, without closing a dialog around it.
 */
export default function DateCalendar({ id, kind, language, value, min, max, onPick, within, onClose }: DateCalendarProps) {
  // Its strings ride in its chunk (date-picker.json holds the field's).
  const { t } = usePageNamespace('date-calendar', { ja: jaStrings, en: enStrings });
  const lang = formatLanguageOf(language);
  const first = dateOf(min) ?? dateOf(DATE_RANGE.min) ?? new Date(1900, 0, 1);
  const last = dateOf(max) ?? dateOf(DATE_RANGE.max) ?? new Date(2099, 11, 31);
  const chosen = dateOf(value);
  const today = new Date();
  const start = chosen ?? (today < first ? first : today > last ? last : today);
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Handled here: a <dialog> around the form would take the Escape as its own close request.
    event.preventDefault();
    event.stopPropagation();
    onClose(true);
  };
  // A click elsewhere on the page (in a widget's shadow root too) or the focus leaving the field closes it.
  useEffect(() => {
    const outside = (event: Event) => {
      if (!event.composedPath().includes(within.current as EventTarget)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [within, onClose]);
  const leave = (event: FocusEvent) => {
    if (!within.current?.contains(event.relatedTarget as Node | null)) onClose(false);
  };
  return (
    <div
      id={id}
      role="dialog"
      aria-label={t(kind === 'month' ? 'monthsDialog' : 'calendarDialog')}
      className="kiwi-date-popover"
      onKeyDown={onEscape}
      onBlur={leave}
    >
      {kind === 'date' ? (
        <DayPicker
          mode="single"
          locale={lang === 'ja' ? ja : enUS}
          captionLayout="dropdown"
          startMonth={first}
          endMonth={last}
          defaultMonth={start}
          selected={chosen}
          disabled={[{ before: first }, { after: last }]}
          autoFocus
          // Named as Kiwi writes dates ("Wed, Oct 1, 2025" / "2025年10月1日(水)"): the day's number stays a word of
          // its name, as WCAG 2.5.3 asks ("October 1st" would not hold the "1" shown).
          labels={{
            labelDayButton: (date, modifiers) => {
              const name = formatDate(date, lang);
              const named = modifiers.today ? t('todayLabel', { date: name }) : name;
              return modifiers.selected ? t('selectedLabel', { date: named }) : named;
            },
          }}
          onSelect={(date) => date && onPick(dayString(date))}
        />
      ) : (
        <MonthGrid language={lang} chosen={value} first={first} last={last} start={start} onPick={onPick} />
      )}
      <button type="button" className="kiwi-button kiwi-button--text kiwi-date-popover__close" onClick={() => onClose(true)}>
        {t('close')}
      </button>
    </div>
  );
}

/** The twelve months of a year, three to a row, with the year chosen from a menu or the arrows beside it. */
function MonthGrid({
  language,
  chosen,
  first,
  last,
  start,
  onPick,
}: {
  language: string;
  chosen: string;
  first: Date;
  last: Date;
  start: Date;
  onPick: (month: string) => void;
}) {
  const { t } = useTranslation('date-calendar');
  const [year, setYear] = useState(start.getFullYear());
  const grid = useRef<HTMLDivElement>(null);
  const [firstYear, lastYear] = [first.getFullYear(), last.getFullYear()];
  const firstMonth = `${firstYear}-${pad(first.getMonth() + 1)}`;
  const lastMonth = `${lastYear}-${pad(last.getMonth() + 1)}`;
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index);
  const months = Array.from({ length: 12 }, (_, index) => `${year}-${pad(index + 1)}`);
  const focusIndex = Math.max(
    0,
    months.indexOf(chosen) >= 0 ? months.indexOf(chosen) : start.getFullYear() === year ? start.getMonth() : 0,
  );
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const buttons = grid.current?.querySelectorAll('button');
    buttons?.[Math.min(11, Math.max(0, index + step))]?.focus();
  };
  return (
    <div className="kiwi-month-grid">
      <div className="kiwi-month-grid__year">
        <button
          type="button"
          className="kiwi-button kiwi-button--text"
          aria-label={t('previousYear')}
          disabled={year <= firstYear}
          onClick={() => setYear(year - 1)}
        >
          ‹
        </button>
        <select aria-label={t('year')} value={year} onChange={(event) => setYear(Number(event.target.value))}>
          {years.map((option) => (
            <option key={option} value={option}>
              {formatYear(option, language)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="kiwi-button kiwi-button--text"
          aria-label={t('nextYear')}
          disabled={year >= lastYear}
          onClick={() => setYear(year + 1)}
        >
          ›
        </button>
      </div>
      <div ref={grid} className="kiwi-month-grid__months">
        {months.map((month, index) => (
          <button
            key={month}
            type="button"
            className="kiwi-month-grid__month"
            aria-pressed={month === chosen}
            disabled={month < firstMonth || month > lastMonth}
            // biome-ignore lint/a11y/noAutofocus: the dialog opens on the chosen month, as the day calendar does
            autoFocus={index === focusIndex}
            tabIndex={index === focusIndex ? 0 : -1}
            onKeyDown={(event) => move(event, index)}
            onClick={() => onPick(month)}
          >
            {formatMonthName(month, language)}
          </button>
        ))}
      </div>
    </div>
  );
}
