import type { ApiClient } from './client';

/** GET /api/client_config (public): the web settings the portal and the widgets start Firebase with. */
export type ClientConfig = {
  firebaseApiKey: string;
  firebaseProjectId: string;
  firebaseAuthDomain?: string | null;
  authEmulatorUrl?: string | null;
  /** Web push settings (Firebase Messaging); null or absent = push is not offered on this device. */
  firebaseMessaging?: { appId: string; messagingSenderId: string; vapidKey: string } | null;
  /** The project allows authenticator-app (TOTP) second factors; absent or false = not offered. */
  totpMfa?: boolean;
};

export async function fetchClientConfig(api: ApiClient): Promise<ClientConfig> {
  const { data } = await api.get<ClientConfig>('/client_config', undefined, { public: true });
  return data;
}
