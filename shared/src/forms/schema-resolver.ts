import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { HttpResponseError } from '../api/errors';

/** What the resolver needs of a zod schema (structural: no zod import here). */
type Schema<Output> = {
  safeParse(values: unknown):
    | { success: true; data: Output }
    | {
        success: false;
        error: {
          issues: readonly {
            path: readonly PropertyKey[];
            message: string;
            code?: string;
            maximum?: unknown;
            minimum?: unknown;
            params?: Record<string, unknown>;
          }[];
        };
      };
};

/**
 * react-hook-form's resolver for a zod schema whose messages are our error codes: the first issue per field. The
 * portal's forms and the portal-only feature forms (event and guild forms) use it instead of @hookform/resolvers/zod,
 * which, shared with the sign-in page, would drag zod's core into a chunk /login loads (its 150 KB budget; issue 14). Flat forms only: the field is the issue's first path key (a list's item error is the list's).
 */
export function schemaResolver<Input extends FieldValues, Output>(schema: Schema<Output>): Resolver<Input, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= { type: issue.code ?? 'validation', message: issue.message, ...messageValues(issue) };
    }
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}

/**
 * What a message names besides its code, as `types`: the limit of a too-long / too-big issue ("50 or fewer
 * characters") as `count`, and a custom issue's own `params` (grapheme limits, date ranges, duplicate tags).
 */
function messageValues(issue: { maximum?: unknown; minimum?: unknown; params?: Record<string, unknown> }): {
  types?: Record<string, string>;
} {
  const types: Record<string, string> = {};
  const limit = issue.maximum ?? issue.minimum;
  if (typeof limit === 'number' || typeof limit === 'bigint') types.count = String(limit);
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') types[name] = String(value);
  }
  return Object.keys(types).length > 0 ? { types } : {};
}

/**
 * A field's error text: the server's as given, the schema's code (a key of `errors`) translated with `params`, else
 * with the limit schemaResolver kept (`types.count`) as count, min and max.
 */
export function fieldMessage(t: TFunction, error: FieldError | undefined, params?: Record<string, unknown>): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === 'server') return error.message;
  // One limit, named as each message names it: "{{count}} or fewer characters", "{{min}} or more", "{{max}} or less".
  const limit = error.types?.count;
  return t(`errors:${error.message}`, params ?? { min: limit, max: limit, ...error.types });
}

/**
 * The field errors of a 422 whose pointers are Rails-style (`/resource/field`, `/resource/list/2`) under their fields
 * (type `server`, the code translated), the first per field, only for `fields`. Returns how many it placed.
 */
export function showResponseFieldErrors<Values extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): number {
  if (!(error instanceof HttpResponseError) || error.status !== 422) return 0;
  const placed = new Set<string>();
  for (const item of error.errors) {
    const field = item.source?.pointer?.split('/')[2] as Path<Values> | undefined;
    if (!field || !item.code || placed.has(field) || !fields.includes(field)) continue;
    setError(field, { type: 'server', message: t(`errors:${item.code}`) });
    placed.add(field);
  }
  return placed.size;
}

/**
 * A resolver that judges `toPayload(values)` (what the form will send: dates as instants, blanks as null) with the
 * API's schema, its issues under the fields of the same names, and hands the submit handler the form's own values
 * when it passes (the handler builds the request from them, as it was judged).
 */
export function payloadResolver<Values extends FieldValues>(
  schema: Schema<unknown>,
  toPayload: (values: Values) => unknown,
): Resolver<Values> {
  const check = schemaResolver<FieldValues, unknown>(schema);
  return async (values, context, options) => {
    const { errors } = await check(toPayload(values) as FieldValues, context, options as never);
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<Values> } : { values, errors: {} };
  };
}
