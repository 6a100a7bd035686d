import type { ApiErrorObject } from '@kiwi/shared/api/errors';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { ApiError, ApiErrorList } from '../jsonapi/errors';
import { requestLanguage, translatorFor } from './i18n';

/** body-parser and router failures carry `type`/`status`; these are the ones a client can cause. */
const BODY_ERRORS: Record<string, ErrorCode> = {
  'entity.parse.failed': ErrorCode.requestMalformedJson,
  'entity.verify.failed': ErrorCode.requestMalformedJson,
  'request.aborted': ErrorCode.requestMalformedJson,
  'request.size.invalid': ErrorCode.requestMalformedJson,
  'entity.too.large': ErrorCode.requestTooLarge,
  'parameters.too.many': ErrorCode.requestTooLarge,
  'encoding.unsupported': ErrorCode.requestUnsupportedMediaType,
  'charset.unsupported': ErrorCode.requestUnsupportedMediaType,
};

/** Normalises anything thrown into ApiErrors; unknown errors become one 500 server.unexpected. */
export function toApiErrors(error: unknown): { errors: ApiError[]; unexpected: boolean } {
  if (error instanceof ApiErrorList) return { errors: error.errors, unexpected: false };
  if (error instanceof ApiError) return { errors: [error], unexpected: false };
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (typeof type === 'string' && BODY_ERRORS[type]) return { errors: [new ApiError(BODY_ERRORS[type])], unexpected: false };
  // The router refuses a path parameter it cannot percent-decode with a plain 400.
  if (status === 400) return { errors: [new ApiError(ErrorCode.requestInvalidParameter)], unexpected: false };
  return { errors: [new ApiError(ErrorCode.serverUnexpected)], unexpected: true };
}

export function sendErrors(req: Request, res: Response, errors: ApiError[]): void {
  const translate = translatorFor(requestLanguage(req));
  const body: { errors: ApiErrorObject[] } = {
    errors: errors.map((error) => {
      const object: ApiErrorObject = {
        status: String(error.status),
        code: error.code,
        title: translate(`errors:${error.code}`, error.params),
        detail: translate(`errors:${error.code}`, error.params),
      };
      if (error.pointer !== undefined || error.parameter !== undefined) {
        object.source = error.pointer !== undefined ? { pointer: error.pointer } : { parameter: error.parameter };
      }
      return object;
    }),
  };
  res.status(errors[0]?.status ?? 500).json(body);
}

/** The last handler: a JSON:API error document with a stable code; stack traces only ever go to the log. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const { errors, unexpected } = toApiErrors(error);
  if (unexpected) req.log?.error({ err: error }, 'unexpected error');
  else if (errors[0] && errors[0].status >= 500) req.log?.error({ err: error }, 'server error');
  sendErrors(req, res, errors);
};

/** Unknown /api paths answer JSON:API, not the SPA's index.html. */
export const apiNotFound: RequestHandler = () => {
  throw new ApiError(ErrorCode.routeNotFound);
};
