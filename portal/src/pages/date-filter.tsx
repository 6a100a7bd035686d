import type { ComponentProps } from 'react';

/**
 * A list filter's date (within the API's bounds), for use-filter-form's drafts: `id` is the input's (its label's
 * htmlFor); with an `error` (the draft's range refused), the error line `${id}-error` under it, tied to it.
 */
export function DateFilter({ id, error, ...input }: { id: string; error?: string } & Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <>
      <input
        id={id}
        type="date"
        min="1900-01-01"
        max="2099-12-31"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <small id={`${id}-error`} className="field__error">
          {error}
        </small>
      )}
    </>
  );
}
