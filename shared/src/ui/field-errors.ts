// Form field errors shared by the feature forms: the same error codes whether the client's own check (the server's
// zod schema) or the server's 422 found them, each shown under its field.
import { HttpResponseError } from '../api/errors';

/**
 * What schemaFieldErrors needs of a zod schema. Structural, so this module names no zod type: it is shared UI, and a
 * form that passes a schema brings zod itself.
 */
export type PayloadSchema = {
  safeParse(
    payload: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

export type FieldError = { code: string; params?: Record<string, unknown> };
export type FieldErrors<Field extends string> = Partial<Record<Field, FieldError>>;

/** A Rails-style payload (`{ resource: { field } }`) checked with the server's own schema: the first issue per field. */
export function schemaFieldErrors<Field extends string>(schema: PayloadSchema, payload: unknown): FieldErrors<Field> {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[1] as Field | undefined;
    if (field && !errors[field]) errors[field] = { code: issue.message, params: (issue as { params?: Record<string, unknown> }).params };
  }
  return errors;
}

/** The field errors of a 422 (source pointer `/resource/field`), the first per field; null for any other error. */
export function responseFieldErrors<Field extends string>(error: unknown): FieldErrors<Field> | null {
  if (!(error instanceof HttpResponseError) || error.status !== 422) return null;
  const errors: FieldErrors<Field> = {};
  for (const item of error.errors) {
    const field = item.source?.pointer?.split('/')[2] as Field | undefined;
    if (field && item.code && !errors[field]) errors[field] = { code: item.code };
  }
  return errors;
}
