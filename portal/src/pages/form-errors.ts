import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from './organization/api-error';

/**
 * The one way a react-hook-form form shows a failed call: each field error the API named goes under its field (type
 * `server`, already translated). Returns how many it placed, so the caller can say the rest above the form.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<Values>,
  fields?: readonly Path<Values>[],
): number {
  let placed = 0;
  for (const [field, message] of Object.entries(fieldErrors(t, error))) {
    if (fields && !fields.includes(field as Path<Values>)) continue;
    setError(field as Path<Values>, { type: 'server', message });
    placed += 1;
  }
  return placed;
}

/**
 * A field's error text: the server's as given, the schema's code (a key of `errors`) translated with `params`, else
 * with the limit schemaResolver kept (`types.count`).
 */
export function fieldMessage(t: TFunction, error: FieldError | undefined, params?: Record<string, unknown>): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === 'server') return error.message;
  return t(`errors:${error.message}`, params ?? { count: error.types?.count });
}
