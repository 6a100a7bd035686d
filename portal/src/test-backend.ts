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
