import { DateField, type DateFieldForm } from '@kiwi/shared/forms/date-field';
import { DATE_RANGE } from '@kiwi/shared/domain/date-range';
import type { FieldValues, Path } from 'react-hook-form';

/**
 * A list filter's date (within the API's bounds), a field of use-filter-form's draft: `id` is the input's (its label's
 * htmlFor); with an `error` (the draft's range refused), the error line `${id}-error` under it, tied to it.
 */
export function DateFilter<Values extends FieldValues>({
  id,
  error,
  form,
  name,
}: {
  id: string;
  error?: string;
  form: DateFieldForm<Values>;
  name: Path<Values>;
}) {
  return (
    <>
      <DateField
        id={id}
        kind="date"
        {...DATE_RANGE}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        form={form}
        name={name}
      />
      {error && (
        <small id={`${id}-error`} className="field__error">
          {error}
        </small>
      )}
    </>
  );
}
