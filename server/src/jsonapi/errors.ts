import { ErrorCode, errorStatus } from '@kiwi/shared/api/error-codes';
import type { z } from 'zod';

export type ErrorParams = Record<string, string | number>;
type ErrorOptions = {
  /** Overrides the status that normally goes with the code. */
  status?: number;
  /** JSON pointer into the request body, e.g. `/user/name`. */
  pointer?: string;
  /** Query or path parameter name, e.g. `id` or `q[most_used]`. */
  parameter?: string;
  /** Interpolation values for the translated text, e.g. `{ count: 50 }`. */
  params?: ErrorParams;
  cause?: unknown;
};

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

/** One failure with a stable machine code; the error handler turns it into a JSON:API error object. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly pointer: string | undefined;
  readonly parameter: string | undefined;
  readonly params: ErrorParams | undefined;

  constructor(code: ErrorCode | (string & {}), options: ErrorOptions = {}) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status ?? (KNOWN_CODES.has(code) ? errorStatus(code as ErrorCode) : 400);
    this.pointer = options.pointer;
    this.parameter = options.parameter;
    this.params = options.params;
  }
}

/** Several failures answered together (a form with many wrong fields): status of the first. */
export class ApiErrorList extends Error {
  override name = 'ApiErrorList';
  readonly status: number;
  constructor(readonly errors: ApiError[]) {
    super(errors.map((error) => error.code).join(', '));
    this.status = errors[0]?.status ?? 400;
  }
}

export const notFound = () => new ApiError(ErrorCode.resourceNotFound);
export const forbidden = () => new ApiError(ErrorCode.authForbidden);
/** 422 for an id in the body (at `pointer`) naming nothing in the organisation of the path: unknown or someone else's alike. */
export const notFoundInOrganization = (pointer: string) => new ApiError(ErrorCode.validationNotFoundInOrganization, { pointer });
export const invalidParameter = (parameter: string) => new ApiError(ErrorCode.requestInvalidParameter, { parameter });

type Issue = z.core.$ZodIssue;
type Location = { in: 'body' } | { in: 'query' } | { in: 'path' };

/**
 * One error per zod issue. Body issues are 422 `validation.<rule>` with a JSON pointer;
 * query and path issues are 400 `request.invalidParameter` naming the parameter Rails-style (`q[most_used]`).
 */
export function errorsFromIssues(issues: readonly Issue[], input: unknown, location: Location): ApiErrorList {
  const errors: ApiError[] = [];
  for (const issue of issues) {
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) {
      if (location.in === 'body') {
        const { code, params } = validationCode(issue, input);
        errors.push(new ApiError(code, { status: 422, pointer: toPointer(path), params }));
      } else {
        errors.push(new ApiError(ErrorCode.requestInvalidParameter, { parameter: toParameterName(path) }));
      }
    }
  }
  return new ApiErrorList(errors.length > 0 ? errors : [new ApiError(ErrorCode.requestInvalidParameter)]);
}

function validationCode(issue: Issue, input: unknown): { code: string; params?: ErrorParams } {
  const params = issueParams(issue);
  // Shared schemas put the stable code in the message (and the limit in params.count).
  if (KNOWN_CODES.has(issue.message)) return { code: issue.message, params };
  switch (issue.code) {
    case 'invalid_type':
      return { code: valueAt(input, issue.path) === undefined ? ErrorCode.validationRequired : ErrorCode.validationInvalidType };
    case 'too_small':
      return {
        code: ['string', 'array', 'set'].includes(issue.origin) ? ErrorCode.validationTooShort : ErrorCode.validationTooSmall,
        params,
      };
    case 'too_big':
      return {
        code: ['string', 'array', 'set'].includes(issue.origin) ? ErrorCode.validationTooLong : ErrorCode.validationTooBig,
        params,
      };
    case 'invalid_format':
      return { code: issue.format === 'email' ? ErrorCode.validationInvalidEmail : ErrorCode.validationInvalidFormat };
    case 'unrecognized_keys':
      return { code: ErrorCode.validationUnknownKey };
    case 'invalid_value':
      return { code: ErrorCode.validationOneOf, params };
    case 'not_multiple_of':
      return { code: ErrorCode.validationInteger };
    default:
      return { code: ErrorCode.validationInvalidFormat };
  }
}

function issueParams(issue: Issue): ErrorParams | undefined {
  // Locale texts use {{count}} for lengths and {{min}}/{{max}} for values; give both.
  if (issue.code === 'too_small') return { count: Number(issue.minimum), min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { count: Number(issue.maximum), max: Number(issue.maximum) };
  if (issue.code === 'invalid_value') return { values: issue.values.map(String).join(', ') };
  if (issue.code === 'custom' && issue.params) {
    const entries = Object.entries(issue.params).filter(
      (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    );
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return undefined;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** RFC 6901: `~` and `/` inside a key are escaped. */
export function toPointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

export function toParameterName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ''}${rest.map((key) => `[${key}]`).join('')}`;
}
