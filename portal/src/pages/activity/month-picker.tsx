import { shiftMonth } from '@kiwi/shared/domain/health-points';
import { DateInput } from '@kiwi/shared/ui/date-input';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The earliest month the API accepts (SPEC §9 date picker range starts 1900-01-01). */
export const MIN_MONTH = '1900-01';

/**
 * A month (YYYY-MM) with previous / next buttons, kept within [min, max]: `max` keeps it from going past the current
 * month, `min` from asking the API for a month it refuses (a browser's month input accepts years like 0001 or 275760).
 */
export function MonthPicker({
  value,
  onChange,
  max,
  min = MIN_MONTH,
}: {
  value: string;
  onChange: (month: string) => void;
  max?: string;
  min?: string;
}) {
  const { t } = useTranslation('activity');
  const id = useId();
  const atMax = max !== undefined && value >= max;
  const atMin = value <= min;
  return (
    <div className="month-picker" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="visually-hidden">
        {t('month.label')}
      </span>
      <button
        type="button"
        className="kiwi-button kiwi-button--text"
        onClick={() => onChange(shiftMonth(value, -1))}
        disabled={atMin}
        aria-label={t('month.previous')}
      >
        ‹
      </button>
      <label htmlFor={id} className="visually-hidden">
        {t('month.label')}
      </label>
      <DateInput
        id={id}
        kind="month"
        value={value}
        max={max}
        min={min}
        onChange={(next) => {
          if (/^\d{4}-(0[1-9]|1[0-2])$/.test(next) && next >= min && (max === undefined || next <= max)) onChange(next);
        }}
      />
      <button
        type="button"
        className="kiwi-button kiwi-button--text"
        onClick={() => onChange(shiftMonth(value, 1))}
        disabled={atMax}
        aria-label={t('month.next')}
      >
        ›
      </button>
    </div>
  );
}
