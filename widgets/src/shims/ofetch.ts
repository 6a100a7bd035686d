// The part of ofetch (1.5) that shared/src/api/client.ts uses, in a fraction of its size (ofetch + ufo + destr are
// ~5.5 KB gzip). The widget build aliases `ofetch` to this file; ofetch.test.ts holds it to ofetch's behaviour:
// baseURL joining, JSON bodies, response types, null-body statuses, FetchError (with the fetch failure as `cause`).
// Not supported (the client never asks for them): retries (it passes retry: false), timeouts, hooks, query options.

type ResponseType = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'stream';

export type FetchOptions = Omit<RequestInit, 'body' | 'headers'> & {
  baseURL?: string;
  body?: unknown;
  headers?: HeadersInit;
  responseType?: ResponseType;
  retry?: number | false;
  ignoreResponseError?: boolean;
};

export type FetchResponse<T> = Response & { _data?: T };

export class FetchError<T = unknown> extends Error {
  override name = 'FetchError';
  response?: FetchResponse<T>;
  data?: T;
  status?: number;
  statusCode?: number;
  statusText?: string;
  statusMessage?: string;
}

const PAYLOAD_METHODS = new Set(['PATCH', 'POST', 'PUT', 'DELETE']);
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
const JSON_TYPE = /^application\/(?:[\w!#$%&*.^`~-]*\+)?json(;.+)?$/i;
const TEXT_TYPES = new Set(['image/svg', 'application/xml', 'application/xhtml', 'application/html']);

function isJSONSerializable(value: unknown): boolean {
  if (value === undefined) return false;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean' || value === null) return true;
  if (type !== 'object') return false;
  if (Array.isArray(value)) return true;
  const object = value as { buffer?: unknown; constructor?: { name?: string }; toJSON?: unknown };
  if (object.buffer) return false;
  if (value instanceof FormData || value instanceof URLSearchParams) return false;
  return object.constructor?.name === 'Object' || typeof object.toJSON === 'function';
}

function detectResponseType(contentType: string): ResponseType | 'text' {
  if (!contentType) return 'json';
  const type = contentType.split(';')[0] ?? '';
  if (JSON_TYPE.test(type)) return 'json';
  if (type === 'text/event-stream') return 'stream';
  if (TEXT_TYPES.has(type) || type.startsWith('text/')) return 'text';
  return 'blob';
}

/** ufo's withBase: relative inputs are joined to the base (once), absolute URLs stay as they are. */
function withBase(input: string, base: string | undefined): string {
  if (!base || base === '/' || /^[a-z][a-z\d+\-.]*:\/\//i.test(input)) return input;
  const trimmed = base.replace(/\/+$/, '');
  if (input.startsWith(trimmed)) return input;
  if (!input) return trimmed;
  return `${trimmed}/${input.replace(/^\/+/, '')}`;
}

/** destr, for the bodies a JSON API sends: JSON when it parses, else the text. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fetchErrorOf(method: string, url: string, response: FetchResponse<unknown> | undefined, cause?: unknown): FetchError {
  const reason = cause instanceof Error ? cause.message : cause === undefined ? '' : String(cause);
  const status = response ? `${response.status} ${response.statusText}` : '<no response>';
  const error = new FetchError(
    `[${method}] ${JSON.stringify(url)}: ${status}${reason ? ` ${reason}` : ''}`,
    cause === undefined ? undefined : { cause },
  );
  if (response) {
    error.response = response;
    error.data = response._data;
    error.status = error.statusCode = response.status;
    error.statusText = error.statusMessage = response.statusText;
  }
  return error;
}

export type $Fetch = {
  <T = unknown>(request: string, options?: FetchOptions): Promise<T>;
  raw<T = unknown>(request: string, options?: FetchOptions): Promise<FetchResponse<T>>;
  native: typeof globalThis.fetch;
};

export function createFetch({
  fetch = (...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args),
}: {
  fetch?: typeof globalThis.fetch;
} = {}): $Fetch {
  async function raw<T>(request: string, options: FetchOptions = {}): Promise<FetchResponse<T>> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers = new Headers(options.headers);
    const url = withBase(request, options.baseURL);
    let body = options.body;
    if (body && PAYLOAD_METHODS.has(method) && isJSONSerializable(body)) {
      const contentType = headers.get('content-type');
      if (typeof body !== 'string') {
        body =
          contentType === 'application/x-www-form-urlencoded'
            ? new URLSearchParams(body as Record<string, string>).toString()
            : JSON.stringify(body);
      }
      if (!contentType) headers.set('content-type', 'application/json');
      if (!headers.has('accept')) headers.set('accept', 'application/json');
    }
    let response: FetchResponse<T>;
    try {
      response = await fetch(url, { ...options, method, headers, body: body as BodyInit | null | undefined });
    } catch (error) {
      throw fetchErrorOf(method, url, undefined, error);
    }
    if (response.body && !NULL_BODY_STATUSES.has(response.status) && method !== 'HEAD') {
      const type = options.responseType ?? detectResponseType(response.headers.get('content-type') ?? '');
      if (type === 'json') response._data = parseJson(await response.text()) as T;
      else if (type === 'stream') response._data = response.body as T;
      else response._data = (await response[type]()) as T;
    }
    if (!options.ignoreResponseError && response.status >= 400 && response.status < 600)
      throw fetchErrorOf(method, url, response as FetchResponse<unknown>);
    return response;
  }
  const $fetch = (async <T>(request: string, options?: FetchOptions) => (await raw<T>(request, options))._data as T) as $Fetch;
  $fetch.raw = raw;
  $fetch.native = fetch;
  return $fetch;
}

export const ofetch = createFetch();
export const $fetch = ofetch;
