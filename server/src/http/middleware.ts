import { ErrorCode } from '@kiwi/shared/api/error-codes';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';
import { ApiError } from '../jsonapi/errors';

/** Bodies the API reads: JSON (also JSON:API's media type) and, for later uploads, multipart forms. */
export const ACCEPTED_BODY_TYPES = ['application/json', 'application/*+json', 'multipart/form-data'];

export function hasBody({ headers }: { headers: Record<string, string | string[] | undefined> }): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/** 415 request.unsupportedMediaType for a body of any other type (or none declared). */
export const requireAcceptedContentType: RequestHandler = (req, _res, next) => {
  if (hasBody(req) && !req.is(ACCEPTED_BODY_TYPES)) throw new ApiError(ErrorCode.requestUnsupportedMediaType);
  next();
};

const GOOGLE_IDENTITY_HOSTS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];

/**
 * helmet with a CSP that lets the portal talk to the API, Firebase Auth (or its emulator) and nothing else.
 * The headers never vary per request (no nonces), so helmet runs once here and each response gets the recorded set:
 * running its dozen middlewares on every request cost a tenth of GET /api/user.
 */
export function securityHeaders(config: Pick<Config, 'firebase' | 'nodeEnv'>): RequestHandler {
  const emulator = config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [];
  const headers = recordHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'connect-src': ["'self'", ...emulator, ...GOOGLE_IDENTITY_HOSTS],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'font-src': ["'self'", 'data:'],
          'frame-src': ["'self'", `https://${config.firebase.authDomain}`],
          // Plain http on localhost must keep working in development.
          'upgrade-insecure-requests': config.nodeEnv === 'production' ? [] : null,
        },
      },
      strictTransportSecurity: config.nodeEnv === 'production',
    }),
  );
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

function recordHeaders(middleware: (req: never, res: never, next: (error?: unknown) => void) => void): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let failure: unknown;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}
