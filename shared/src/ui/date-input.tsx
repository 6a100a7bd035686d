import { type ComponentPropsWithRef, Suspense, useId, useRef, useState } from 'react';
import en from '../../../locales/en/date-picker.json' with { type: 'json' };
import ja from '../../../locales/ja/date-picker.json' with { type: 'json' };
import { usePageNamespace } from '../i18n/use-page-namespace';
import { DATE_TEXT_MAX_LENGTH, dateTextValue, joinDateTime, splitDateTime, splitTypedDateTime } from '../i18n/date-text';
import type { DateCalendarProps } from './date-calendar';
import { lazyOr } from './lazy-chunk';
import './date-input.css';

/** What the field holds, as the <input type> of the same name: "2025-10-01", "2025-10-01T10:00", "2025-10", "10:00". */
export type DateInputKind = 'date' | 'datetime-local' | 'month' | 'time';

export type DateInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max'> & {
  kind: DateInputKind;
  /** The value in the <input type>'s format ('' for none); a half-typed one is handed back as typed. */
  value: string;
  onChange: (value: string) => void;
  /** The first and last day (or month) the calendar offers, in the value's format. */
  min?: string;
  max?: string;
};

// Fetched on the first click of a calendar button: react-day-picker and its two locales stay out of the pages' budgets.
const DateCalendar = lazyOr<DateCalendarProps>(
  () => import('./date-calendar'),
  () => null,
);

const dayOf = (value: string) => splitDateTime(value)[0];

/**
 * Kiwi's date, date-time, month and time field, in the page's language: Chromium draws its own date inputs in the
 * browser's language whatever the page says, so the values are typed as text (any usual spelling, read by
 * date-text.ts) and picked from a calendar drawn in the page's language (react-day-picker, its own chunk). Controlled:
 * `value` and `onChange` carry the <input type>'s format, so the forms and their schemas are those of the native inputs
 * (react-hook-form through DateField, lists' filters directly). The other props (id, aria-*, name, onBlur, ref) are
 * the first text field's, which its label names; a date-time's time field is labelled "time" after it.
 */
export function DateInput({ kind, value, onChange, min, max, className, disabled, onBlur, ...input }: DateInputProps) {
  // Its strings ride with it (a namespace of their own), not in every page's common strings (/login's included).
  const { t, i18n } = usePageNamespace('date-picker', { ja, en });
  const fieldsOf = (of: string): [string, string] => (kind === 'time' ? ['', of] : splitDateTime(of));
  const [texts, setTexts] = useState(() => fieldsOf(value));
  const [shown, setShown] = useState(value);
  const handedOn = useRef(value);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const timeField = useRef<HTMLInputElement>(null);
  const popoverId = useId();
  // A value set from outside (a reset, a loaded record) replaces what was typed; the one this field handed on does not,
  // nor does a parent that keeps its value (a filter that takes only whole months).
  if (value !== shown) {
    setShown(value);
    if (value !== handedOn.current) setTexts(fieldsOf(value));
  }
  const [dayText, timeText] = texts;

  const change = (typedDay: string, typedTime: string) => {
    // A whole date-time typed or pasted into the day ("2031-12-24T18:30", "2031/12/24 18:30") fills both fields.
    const [day, time] = (kind === 'datetime-local' && splitTypedDateTime(typedDay)) || [typedDay, typedTime];
    setTexts([day, time]);
    const next =
      kind === 'datetime-local' ? joinDateTime(day, time) : kind === 'time' ? dateTextValue('time', time) : dateTextValue(kind, day);
    handedOn.current = next;
    onChange(next);
  };
  // On leaving a field it shows the value as kept: "2025/1/2" becomes "2025-01-02", a month the filter refused goes back.
  const tidy = () => {
    const [day, time] = fieldsOf(value);
    handedOn.current = value;
    if (day !== dayText || time !== timeText) setTexts([day, time]);
  };

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  const textProps = {
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    spellCheck: false,
    maxLength: DATE_TEXT_MAX_LENGTH,
    disabled,
  } as const;

  return (
    <span ref={wrapper} className={`kiwi-date-input${className ? ` ${className}` : ''}`}>
      {kind !== 'time' && (
        <input
          {...textProps}
          {...input}
          className="kiwi-date-input__day"
          placeholder={t(kind === 'month' ? 'monthPlaceholder' : 'dayPlaceholder')}
          value={dayText}
          onChange={(event) => change(event.target.value, timeText)}
          onBlur={(event) => {
            tidy();
            onBlur?.(event);
          }}
        />
      )}
      {kind !== 'time' && (
        <button
          ref={button}
          type="button"
          className="kiwi-date-input__open"
          aria-label={t('openCalendar')}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          disabled={disabled}
          onClick={() => setOpen(!open)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 5h16v15H4zm0 5h16M8 3v4m8-4v4" />
          </svg>
        </button>
      )}
      {kind === 'datetime-local' || kind === 'time' ? (
        <input
          {...textProps}
          {...(kind === 'time'
            ? input
            : {
                'aria-label': t('time'),
                'aria-invalid': input['aria-invalid'],
                'aria-describedby': input['aria-describedby'],
                required: input.required,
              })}
          ref={kind === 'time' ? input.ref : timeField}
          className="kiwi-date-input__time"
          placeholder={t('timePlaceholder')}
          value={timeText}
          onChange={(event) => change(dayText, event.target.value)}
          onBlur={(event) => {
            tidy();
            onBlur?.(event);
          }}
        />
      ) : null}
      {open && (
        <Suspense fallback={null}>
          <DateCalendar
            id={popoverId}
            kind={kind === 'month' ? 'month' : 'date'}
            language={i18n.language}
            value={kind === 'month' ? dayText && dateTextValue('month', dayText) : dayOf(dayText && dateTextValue('date', dayText))}
            min={min && (kind === 'month' ? min : dayOf(min))}
            max={max && (kind === 'month' ? max : dayOf(max))}
            onPick={(picked) => {
              change(picked, timeText);
              close(kind !== 'datetime-local' || timeText !== '');
              // A day picked for a date-time: its time comes next.
              if (kind === 'datetime-local' && timeText === '') timeField.current?.focus();
            }}
            within={wrapper}
            onClose={close}
          />
        </Suspense>
      )}
    </span>
  );
}
