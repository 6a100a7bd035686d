import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { ClientConfig } from '@kiwi/shared/api/client-config';

/** One build serves the emulator and a real project: the server tells the portal which one at start-up. */
export function initFirebaseAuth(config: ClientConfig): Auth {
  const app = initializeApp({
    apiKey: config.firebaseApiKey,
    projectId: config.firebaseProjectId,
    authDomain: config.firebaseAuthDomain ?? undefined,
  });
  const auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}
