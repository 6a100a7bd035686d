export type ApiErrorObject = {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  type?: string;
  source?: { pointer?: string; parameter?: string };
};

/** Any backend answer outside 200-299 (spec §8). `errors` is never empty. */
export class HttpResponseError extends Error {
  override name = 'HttpResponseError';
  readonly code: `http-response/${number}`;
  readonly status: number;
  readonly errors: ApiErrorObject[];
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown) {
    const errors = readErrorList(body) ?? [{ status: String(status), type: 'unknown', detail: statusText }];
    super(`${status} ${statusText}: ${errors.map((error) => error.code ?? error.detail ?? error.title).join(', ')}`);
    this.code = `http-response/${status}`;
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

/** Thrown instead of calling the API when nobody is signed in: callers and toasts stay silent. */
export class IgnorableError extends Error {
  override name = 'IgnorableError';
  readonly type = 'ignore';
}

/** The `errors` of a JSON:API error document, or null when the body is not one. */
function readErrorList(body: unknown): ApiErrorObject[] | null {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) return null;
  const errors = body.errors.filter((error): error is ApiErrorObject => typeof error === 'object' && error !== null);
  return errors.length > 0 ? errors : null;
}
