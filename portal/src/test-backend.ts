// Pieces of the fetch-level backends the portal's component tests give the real API client.
import { createApiClient } from '@kiwi/shared/api/client';

/** A JSON:API answer, as the server sends it. */
export const jsonApiResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

/** GET /api/user for the session provider: a member of no organisation. */
export const productUserResponse = () =>
  jsonApiResponse(200, { data: { type: 'users', id: '1', attributes: { role: 'member', name: 'Someone', email: 's@kiwi.example' } } });

/** A gate a backend awaits before it answers, so a test sees the page while the call is in flight; `release` opens it. */
export function answerGate() {
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release };
}

/** GET /api/user for the session provider: Sato, an active `role` of ACME (organisation 9, identifier "acme"). */
export const acmeUserResponse = (role: 'manager' | 'member' = 'member') =>
  jsonApiResponse(200, {
    data: {
      type: 'users',
      id: '1',
      attributes: { role: 'member', name: 'Sato', email: 'sato@example.com', language: 'en' },
      relationships: { 'organization-members': { data: [{ type: 'organization-members', id: '5' }] } },
    },
    included: [
      {
        type: 'organization-members',
        id: '5',
        attributes: { role, state: 'active' },
        relationships: { organization: { data: { type: 'organizations', id: '9' } } },
      },
      { type: 'organizations', id: '9', attributes: { name: 'ACME', identifier: 'acme' } },
    ],
  });

/** GET /api/user for the session provider: a Kiwi admin who belongs to no organisation. */
export const adminUserResponse = () =>
  jsonApiResponse(200, {
    data: {
      type: 'users',
      id: '1',
      attributes: { role: 'admin', name: 'Admin', email: 'admin@example.com', language: 'en' },
      relationships: { 'organization-members': { data: [] } },
    },
  });

/** The real API client on http://kiwi.test/api, signed in with the token "token", over `fetch`. */
export const testApiClient = (fetch: typeof globalThis.fetch) =>
  createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch });

/** A call the backend saw: the path below /api, the body parsed. */
export type BackendCall = { method: string; path: string; body: unknown };

/**
 * The real API client over a backend that keeps every call and answers it with `answer` (which also gets the URL, for
 * the query); `writes` lists the calls that are not GETs.
 */
export function recordingBackend(answer: (call: BackendCall, url: URL) => Response | Promise<Response>) {
  const calls: BackendCall[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call, url);
  }) as typeof globalThis.fetch;
  return { api: testApiClient(fetch), calls, writes: () => calls.filter((call) => call.method !== 'GET') };
}
