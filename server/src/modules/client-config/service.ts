import type { Config } from '../../config';

export type ClientConfig = {
  id: 'web';
  firebaseApiKey: string;
  firebaseProjectId: string;
  firebaseAuthDomain: string;
  /** The browser connects its Firebase SDK here; null for a real project. */
  authEmulatorUrl: string | null;
  /** Firebase Messaging for push on the portal's device; null = the portal does not offer it. */
  firebaseMessaging: { appId: string; messagingSenderId: string; vapidKey: string } | null;
  /** The portal offers authenticator-app second factors (issue 16); false with the Auth Emulator. */
  totpMfa: boolean;
};

export function clientConfig(config: Pick<Config, 'firebase' | 'push'>): ClientConfig {
  const { apiKey, projectId, authDomain, emulatorHost } = config.firebase;
  return {
    id: 'web',
    firebaseApiKey: apiKey,
    firebaseProjectId: projectId,
    firebaseAuthDomain: authDomain,
    authEmulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
    // Offered only where the server can also send (a token nobody pushes to would be a promise not kept).
    firebaseMessaging: config.push.fcmBaseUrl ? config.push.web : null,
    totpMfa: config.firebase.totpMfa,
  };
}
