import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';

type IssueLike = { code?: string; input?: unknown };

/** Error map for a value that must be there: absent -> validation.required, present but of the wrong type -> validation.invalidType. */
export const requiredOrInvalidType = (issue: IssueLike) =>
  issue.input === undefined ? ErrorCode.validationRequired : ErrorCode.validationInvalidType;

/** Error map for one of a list: a string outside it -> validation.oneOf, else required or invalid type. */
export const oneOfError = (issue: IssueLike) =>
  typeof issue.input === 'string' ? ErrorCode.validationOneOf : requiredOrInvalidType(issue);

/** Error map for a whole number: a fraction -> validation.integer, else required or invalid type. */
export const integerError = (issue: IssueLike) =>
  typeof issue.input === 'number' ? ErrorCode.validationInteger : requiredOrInvalidType(issue);

/** One of `values`, with the errors of oneOfError. */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: oneOfError });

/** A whole number from `min` to `max` (validation.tooSmall, validation.tooBig). */
export const wholeNumber = (min: number, max: number) =>
  z.int({ error: integerError }).min(min, { error: ErrorCode.validationTooSmall }).max(max, { error: ErrorCode.validationTooBig });

/** A request payload object: unknown keys are refused with validation.unknownKey rather than silently dropped. */
export function strictPayload<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? ErrorCode.validationUnknownKey : requiredOrInvalidType(issue)),
  });
}

const invalidParameter = { error: ErrorCode.requestInvalidParameter };
// Ids are integer (int4) keys: anything larger cannot exist, and refusing it here keeps it from reaching the database.
const MAX_ID = 2_147_483_647;

/** Path or query integers arrive as strings (`"12"`); numbers are accepted too so the client can build the same object. */
const integerParameter = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)], invalidParameter).pipe(z.int(invalidParameter));

/** `:id` in a path: a positive integer string, parsed to a number. */
export const IdParamSchema = z
  .string(invalidParameter)
  .regex(/^[1-9]\d*$/, invalidParameter)
  .transform(Number)
  .pipe(z.number().max(MAX_ID, invalidParameter));

/** An optional id filter in a query (`?organization_id=12`): a positive int4, else 400 request.invalidParameter. */
export const optionalIdQueryParameter = () =>
  z
    .string(invalidParameter)
    .regex(/^[1-9]\d{0,9}$/, invalidParameter)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, invalidParameter))
    .optional();

/** `page` (from 1) and `per` (1..100) of a list request; unknown query keys are left to other schemas. */
export const PaginationSchema = z.object({
  page: integerParameter.pipe(z.number().min(1, invalidParameter).max(MAX_ID, invalidParameter)).default(1),
  per: integerParameter.pipe(z.number().min(1, invalidParameter).max(100, invalidParameter)).default(20),
});

export type Pagination = z.infer<typeof PaginationSchema>;
