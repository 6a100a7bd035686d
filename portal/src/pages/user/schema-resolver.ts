import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

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
 * profile page uses it instead of @hookform/resolvers/zod, which, shared with the sign-in page, would drag zod's core
 * into a chunk /login loads (its 150 KB budget; issue 14). Flat forms only: the field is the issue's first path key (a list's item error is the list's).
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
