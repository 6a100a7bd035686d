import type { User } from 'firebase/auth';
import type { i18n as I18n } from 'i18next';
import { createApiClient, type ApiClient } from '@kiwi/shared/api/client';

export type { ApiClient };

/** The portal's API client: the bearer is the signed-in Firebase user's ID token (the SDK refreshes it). */
export function createPortalApiClient(currentUser: () => User | null, i18n: I18n): ApiClient {
  return createApiClient({
    getToken: async () => (await currentUser()?.getIdToken()) ?? null,
    language: () => i18n.language,
  });
}
