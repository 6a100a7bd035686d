import {
  type FetchContext,
  type FetchOptions,
  type FetchResponse,
  FetchError,
  type MappedResponseType,
  ofetch,
  type ResolvedFetchOptions,
  type ResponseType,
} from 'ofetch';
import { backoffDelay, parseRetryAfter } from '../domain/backoff';
import { HttpResponseError, IgnorableError } from './errors';
import { type DecodedDocument, decodeDocument } from './jsonapi';
import { type QueryParams, withQuery } from './query';

/** When a failed call is sent again (docs/decisions.md, "One API client"). */
export type RetryPolicy = {
  /** Retries after the first attempt. */
  retries: number;
  /** Backoff of network failures and of 429/503 without Retry-After (shared/src/domain/backoff.ts). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the caller gets the 429/503 at once. */
  maxRetryAfterMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 4_000, maxRetryAfterMs: 10_000 };

export type ApiClientOptions = {
  baseURL?: string;
  /** The signed-in user's ID token, or null when nobody is signed in. */
  getToken: () => Promise<string | null>;
  /** Sent as Accept-Language. */
  language?: () => string;
  fetch?: typeof globalThis.fetch;
  retryPolicy?: RetryPolicy;
};

export type ApiCallOptions = {
  /** A call that needs no sign-in (spec §6): no token is asked for and none is required. */
  public?: boolean;
  /** A bearer token to send instead of the session's, e.g. a shared-event guest token. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: never sent twice (event streams, which reconnect on their own). */
  retry?: false;
};

export type ApiBody = FetchOptions['body'];

export type ApiRawOptions<R extends ResponseType = 'json'> = ApiCallOptions & {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  body?: ApiBody;
  responseType?: R;
};

export type ApiClient = {
  get<T>(path: string, query?: QueryParams, options?: ApiCallOptions): Promise<DecodedDocument<T>>;
  post<T>(path: string, body?: ApiBody, options?: ApiCallOptions): Promise<DecodedDocument<T>>;
  put<T>(path: string, body?: ApiBody, options?: ApiCallOptions): Promise<DecodedDocument<T>>;
  delete<T = null>(path: string, options?: ApiCallOptions & { query?: QueryParams; body?: ApiBody }): Promise<DecodedDocument<T>>;
  /** The same call without JSON:API decoding (downloads, non-JSON answers); `_data` holds the body. Errors as above. */
  raw<R extends ResponseType = 'json'>(path: string, options?: ApiRawOptions<R>): Promise<FetchResponse<MappedResponseType<R>>>;
};

const ACCEPT = 'application/vnd.api+json, application/json';
/** Methods that change nothing, so a request that may have reached the server can be sent again. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BUSY_STATUSES = new Set([429, 503]);
/** A load balancer's "the replica went away" (a rolling restart): a safe call is sent again, to another replica. */
const BAD_GATEWAY = 502;
/** ofetch reports a call that got no answer at all as status 500 to its retryStatusCodes check. */
const NO_ANSWER = 500;

/** Who a call is made as; carried on ofetch's options so that onRequest (on every attempt) can read it. */
type CallAuth = { public: boolean; token: string | null };
type KiwiContext = FetchContext & { options: ResolvedFetchOptions & { kiwiAuth?: CallAuth } };

/**
 * Whether ofetch may send a failed call again: a safe method after no answer, a 502 or a 429/503; any method after a
 * 429/503 whose Retry-After says when (the server did not act on it). A Retry-After beyond the cap is not waited for.
 * A write is never sent again after no answer or a 502: it may have been done (docs/deploy.md, rolling restarts).
 */
function mayRetry(context: FetchContext, policy: RetryPolicy): boolean {
  const safe = SAFE_METHODS.has((context.options.method ?? 'GET').toUpperCase());
  if (!context.response) return safe;
  if (context.response.status === BAD_GATEWAY) return safe;
  if (!BUSY_STATUSES.has(context.response.status)) return false;
  const retryAfter = parseRetryAfter(context.response.headers.get('retry-after'), new Date());
  if (retryAfter !== null && retryAfter > policy.maxRetryAfterMs) return false;
  return safe || retryAfter !== null;
}

/**
 * The backend client of spec §7 and §8, one `ofetch.create` for the portal and the widgets: bearer token from the
 * session, Rails-style query strings, JSON:API documents decoded to camelCase with relationships resolved, retries with
 * backoff (RetryPolicy). `T` is the decoded `data` (a list type for list calls); 204 gives `data: null`.
 * Fails with IgnorableError (nothing sent) when a non-public call has no token, and with HttpResponseError outside 2xx.
 */
export function createApiClient({
  baseURL = '/api',
  getToken,
  language,
  fetch,
  retryPolicy = DEFAULT_RETRY_POLICY,
}: ApiClientOptions): ApiClient {
  const refuseRetryUnlessAllowed = (context: FetchContext) => {
    if (!mayRetry(context, retryPolicy)) context.options.retry = false;
  };
  const $fetch = ofetch.create(
    {
      baseURL,
      retry: retryPolicy.retries,
      retryStatusCodes: [...BUSY_STATUSES, BAD_GATEWAY, NO_ANSWER],
      retryDelay: (context) => {
        const retryAfter = context.response ? parseRetryAfter(context.response.headers.get('retry-after'), new Date()) : null;
        const attempt = retryPolicy.retries - Number(context.options.retry) + 1;
        return retryAfter ?? backoffDelay(attempt, retryPolicy);
      },
      // Runs before every attempt: a retry carries a fresh token, and one whose user signed out meanwhile is abandoned.
      onRequest: async (context) => {
        const auth = (context as KiwiContext).options.kiwiAuth ?? { public: false, token: null };
        const token = auth.token ?? (auth.public ? null : await getToken());
        if (!token && !auth.public) throw new IgnorableError('Nobody is signed in');
        const headers = context.options.headers;
        if (!headers.has('Accept')) headers.set('Accept', ACCEPT);
        if (token) headers.set('Authorization', `Bearer ${token}`);
        const lng = language?.();
        if (lng) headers.set('Accept-Language', lng);
      },
      onRequestError: refuseRetryUnlessAllowed,
      onResponseError: refuseRetryUnlessAllowed,
    },
    fetch ? { fetch } : {},
  );

  async function raw<R extends ResponseType = 'json'>(path: string, options: ApiRawOptions<R> = {}) {
    const kiwiAuth: CallAuth = { public: options.public ?? false, token: options.token ?? null };
    try {
      return await $fetch.raw<MappedResponseType<R>, R>(withQuery(path, options.query), {
        method: options.method ?? 'GET',
        body: options.body,
        headers: options.headers,
        signal: options.signal,
        responseType: options.responseType,
        ...(options.retry === false ? { retry: false } : {}),
        kiwiAuth,
      } as FetchOptions<R>);
    } catch (error) {
      const response = error instanceof FetchError ? error.response : undefined;
      if (response) throw new HttpResponseError(response.status, response.statusText, await readErrorBody(response._data));
      throw error;
    }
  }

  async function request<T>(method: NonNullable<ApiRawOptions['method']>, path: string, options: ApiRawOptions = {}) {
    const response = await raw(path, { ...options, method, responseType: 'text' });
    const text = response._data;
    if (!text) return { data: null } as DecodedDocument<T>;
    return decodeDocument<T>(JSON.parse(text)) as DecodedDocument<T>;
  }

  return {
    get: (path, query, options) => request('GET', path, { ...options, query }),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    raw,
  };
}

/** The error body as JSON when it parses, else as the text it was (undefined when empty). */
async function readErrorBody(data: unknown): Promise<unknown> {
  let text: string;
  if (typeof data === 'string') text = data;
  else if (data instanceof Blob || data instanceof ReadableStream) text = await new Response(data).text();
  else if (data instanceof ArrayBuffer) text = new TextDecoder().decode(data);
  else return data;
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
