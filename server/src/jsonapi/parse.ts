import { IdParamSchema } from '@kiwi/shared/schemas/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { errorsFromIssues } from './errors';

/** The request body through a shared schema: 422 with one error per issue (pointer `/user/name`). */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  // No body at all is judged like an empty object, so the answer names the missing fields.
  const input: unknown = req.body ?? {};
  const result = schema.safeParse(input);
  if (!result.success) throw errorsFromIssues(result.error.issues, input, { in: 'body' });
  return result.data;
}

/** Query parameters: 400 request.invalidParameter naming the parameter (`q[most_used]`). */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.query);
  if (!result.success) throw errorsFromIssues(result.error.issues, req.query, { in: 'query' });
  return result.data;
}

/** Path parameters: 400 request.invalidParameter naming the parameter. */
export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.params);
  if (!result.success) throw errorsFromIssues(result.error.issues, req.params, { in: 'path' });
  return result.data;
}

/** A positive integer id from the path (`/users/:id`), or 400 request.invalidParameter with `source.parameter`. */
export function parseId(req: Request, name = 'id'): number {
  const raw = req.params[name];
  const result = IdParamSchema.safeParse(raw);
  if (!result.success)
    throw errorsFromIssues(
      result.error.issues.map((issue) => ({ ...issue, path: [name] })),
      raw,
      { in: 'path' },
    );
  return result.data;
}
