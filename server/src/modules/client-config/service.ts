import type { Config } from '../../config';

export type ClientConfig = {
  id: 'web';
  firebaseApiKey: string;
  firebaseProjectId: string;
  firebaseAuthDomain: string;
  /** The browser connects its Firebase SDK here; null for a real project. */
  authEmulatorUrl: string | null;
};

export function clientConfig(config: Pick<Config, 'firebase'>): ClientConfig {
  const { apiKey, projectId, authDomain, emulatorHost } = config.firebase;
  return {
    id: 'web',
    firebaseApiKey: apiKey,
    firebaseProjectId: projectId,
    firebaseAuthDomain: authDomain,
    authEmulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
  };
}
