import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** What the resolver needs of a zod schema (structural: no zod import here). */
type Schema<Output> = {
  safeParse(values: unknown):
    | { success: true; data: Output }
    | {
        success: false;
        error: {
          issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; maximum?: unknown; minimum?: unknown }[];
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
      // The limit a too-long / too-short message names ("50 or fewer characters") travels as `types.count`.
      const limit = issue.maximum ?? issue.minimum;
      const count = typeof limit === 'number' || typeof limit === 'bigint' ? String(limit) : undefined;
      errors[field] ??= { type: issue.code ?? 'validation', message: issue.message, ...(count === undefined ? {} : { types: { count } }) };
    }
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}
