import { createFetch, ofetch, type FetchOptions, type FetchResponse, type MappedResponseType, type ResponseType } from 'ofetch';
import { HttpResponseError, IgnorableError } from './errors';
import { decodeDocument, type DecodedDocument } from './jsonapi';
import { withQuery, type QueryParams } from './query';

export type ApiClientOptions = {
  baseURL?: string;
  /** The signed-in user's ID token, or null when nobody is signed in. */
  getToken: () => Promise<string | null>;
  /** Sent as Accept-Language. */
  language?: () => string;
  fetch?: typeof globalThis.fetch;
};

export type ApiCallOptions = {
  /** A call that needs no sign-in (spec §6): no token is asked for and none is required. */
  public?: boolean;
  /** A bearer token to send instead of the session's, e.g. a shared-event guest token. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
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

/**
 * The backend client of spec §7: bearer token from the session, Rails-style query strings, JSON:API documents decoded to
 * camelCase with relationships resolved. `T` is the decoded `data` (a list type for list calls); 204 gives `data: null`.
 * Fails with IgnorableError (nothing sent) when a non-public call has no token, and with HttpResponseError outside 2xx.
 */
export function createApiClient({ baseURL = '/api', getToken, language, fetch }: ApiClientOptions): ApiClient {
  const $fetch = fetch ? createFetch({ fetch }) : ofetch;

  async function raw<R extends ResponseType = 'json'>(path: string, options: ApiRawOptions<R> = {}) {
    const token = options.token ?? (options.public ? null : await getToken());
    if (!token && !options.public) throw new IgnorableError('Nobody is signed in');
    const headers: Record<string, string> = { Accept: ACCEPT };
    if (token) headers.Authorization = `Bearer ${token}`;
    const lng = language?.();
    if (lng) headers['Accept-Language'] = lng;

    const response = await $fetch.raw<MappedResponseType<R>, R>(withQuery(path, options.query), {
      baseURL,
      method: options.method ?? 'GET',
      body: options.body,
      headers: { ...headers, ...options.headers },
      signal: options.signal,
      responseType: options.responseType,
      retry: false,
      ignoreResponseError: true,
    });
    if (!response.ok) throw new HttpResponseError(response.status, response.statusText, await readErrorBody(response._data));
    return response;
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
  else if (data instanceof Blob) text = await data.text();
  else if (data instanceof ArrayBuffer) text = new TextDecoder().decode(data);
  else return data;
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
