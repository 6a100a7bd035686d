import { ErrorCode } from '@kiwi/shared/api/error-codes';
import bytes from 'bytes';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';
import { ApiError, ApiErrorList, toParameterName, toPointer } from '../jsonapi/errors';

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

const JSON_TYPES = ['application/json', 'application/*+json'];

/** A JSON body larger than BODY_LIMIT that one group of routes needs (`path` as Express mounts it, a prefix). */
export type LargerJsonBody = { path: string; limit: string };

/**
 * JSON bodies up to `limit` (BODY_LIMIT: a text field never needs megabytes, and parsing is work done before any
 * check), except under the paths in `larger`. Above its limit a body is refused without parsing it: 413
 * request.tooLarge. Requests without a body (most GETs) skip the parser altogether. Multipart uploads (images, the
 * member CSV) are not JSON: multer reads them in their routes, each with its own file size limit.
 */
export function jsonBodies(limit: string, larger: LargerJsonBody[] = []): RequestHandler {
  const parser = (max: string): RequestHandler => {
    const parse = express.json({ limit: max, type: JSON_TYPES });
    const maxBytes = bytes.parse(max) ?? Number.POSITIVE_INFINITY;
    return (req, res, next) => {
      // No body, a body read already (by a route's larger parser), or not JSON (multipart uploads): not this parser's.
      if (!hasBody(req) || req.readableEnded || !req.is(JSON_TYPES)) return next();
      // A declared length over the limit is refused before a byte is read, and the connection closes after the answer:
      // reading (and discarding) megabytes to keep it open would cost more than the client's next connection.
      if (Number(req.headers['content-length']) > maxBytes) {
        res.setHeader('Connection', 'close');
        return next(new ApiError(ErrorCode.requestTooLarge));
      }
      parse(req, res, next);
    };
  };
  const router = express.Router();
  // A body parsed under a larger limit is marked parsed, and the default parser after it leaves it alone.
  for (const route of larger) router.use(route.path, parser(route.limit));
  router.use(parser(limit));
  return router;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in what a client sends would surface as a 500 from
 * the database. Refused here, once for every route: 422 validation.invalidFormat with a pointer for the JSON body,
 * 400 request.invalidParameter for the path and the query (a URL can carry it only as %00).
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const queryStart = req.url.indexOf('?');
  const path = queryStart === -1 ? req.url : req.url.slice(0, queryStart);
  if (NUL_IN_URL.test(path)) throw new ApiError(ErrorCode.requestInvalidParameter);
  if (queryStart !== -1 && NUL_IN_URL.test(req.url.slice(queryStart))) {
    const found = pathsToNul(req.query);
    // A parameter past the parser's limits is dropped, not named; the request is refused all the same.
    if (found.length === 0) throw new ApiError(ErrorCode.requestInvalidParameter);
    throw new ApiErrorList(found.map((at) => new ApiError(ErrorCode.requestInvalidParameter, { parameter: toParameterName(at) })));
  }
  const found = pathsToNul(req.body);
  if (found.length > 0) {
    throw new ApiErrorList(found.map((at) => new ApiError(ErrorCode.validationInvalidFormat, { pointer: toPointer(at) })));
  }
  next();
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const NUL_IN_URL = /%00|\u0000/;

/** Where a string (value or key) holds U+0000; walked without recursion, so a deeply nested body cannot overflow the stack. */
function pathsToNul(root: unknown): string[][] {
  type Node = { value: unknown; key: string; parent: Node | null };
  const found: string[][] = [];
  const pathOf = (node: Node): string[] => {
    const path: string[] = [];
    for (let at = node; at?.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Node[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const { value } = node;
    if (node.key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) {
      found.push(pathOf(node));
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      // Pushed in reverse so the errors come out in the body's order.
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return found;
}

const GOOGLE_IDENTITY_HOSTS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
/** Where Firebase's popup sign-in loads gapi (its iframe messaging) from. */
const GOOGLE_API_SCRIPT_HOST = 'https://apis.google.com';
/** Firebase Messaging in the portal (push on the device): its installation id and its FCM registration. */
const FIREBASE_MESSAGING_HOSTS = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];

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
          // Issue 16: Google and Microsoft sign-in (signInWithPopup) loads Google's iframe helper script; its frame
          // comes from the auth domain, or from the emulator, which serves its own.
          'script-src': ["'self'", GOOGLE_API_SCRIPT_HOST],
          'connect-src': ["'self'", ...emulator, ...GOOGLE_IDENTITY_HOSTS, ...FIREBASE_MESSAGING_HOSTS],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'font-src': ["'self'", 'data:'],
          'frame-src': ["'self'", `https://${config.firebase.authDomain}`, ...emulator],
          // Plain http on localhost must keep working in development.
          'upgrade-insecure-requests': config.nodeEnv === 'production' ? [] : null,
        },
      },
      strictTransportSecurity: config.nodeEnv === 'production',
      // The sign-in popup (Google, Microsoft) must keep its opener to hand the result back (issue 16).
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
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
