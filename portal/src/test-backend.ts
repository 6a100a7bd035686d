// Pieces of the fetch-level backends the portal's component tests give the real API client.

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
