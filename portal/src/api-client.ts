import type { User } from 'firebase/auth';
import type { i18n as I18n } from 'i18next';
import { createApiClient, type ApiClient } from '@kiwi/shared/api/client';

export type { ApiClient };

/** Issue 16: dispatched on window when the server keeps a manager without a second factor out (detail: its message). */
export const MFA_REQUIRED_EVENT = 'kiwi:mfa-required';

/** Every answer passes here first: a 403 auth.mfaRequired is announced (with its message) for the page to act on. */
async function announceMfaRequired(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.status === 403) {
    response
      .clone()
      .json()
      .then((body: { errors?: { code?: string; detail?: string }[] }) => {
        const refusal = body.errors?.find((item) => item.code === 'auth.mfaRequired');
        if (refusal) dispatchEvent(new CustomEvent(MFA_REQUIRED_EVENT, { detail: refusal.detail }));
      })
      .catch(() => {});
  }
  return response;
}

/** The portal's API client: the bearer is the signed-in Firebase user's ID token (the SDK refreshes it). */
export function createPortalApiClient(currentUser: () => User | null, i18n: I18n): ApiClient {
  return createApiClient({
    getToken: async () => (await currentUser()?.getIdToken()) ?? null,
    language: () => i18n.language,
    fetch: announceMfaRequired,
  });
}
