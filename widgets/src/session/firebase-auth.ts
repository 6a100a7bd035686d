// The Firebase Auth chunk: loaded only when a widget's sign-in form is submitted or the widgets' Firebase app has a
// persisted user on this origin. A named app ('kiwi-widgets') keeps it apart from any Firebase app of the host page;
// initializeAuth with only browserLocalPersistence (no popup/redirect resolver) keeps the chunk small.
import { getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  initializeAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { ClientConfig } from '@kiwi/shared/api/client-config';

export type FirebaseSession = {
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  getToken(): Promise<string | null>;
};

let auth: Auth | null = null;

/** Starts (once) the widgets' Firebase Auth on this origin; `onUser` hears every identity change, the first one included. */
export function startFirebaseSession(config: ClientConfig, appName: string, onUser: (signedIn: boolean) => void): FirebaseSession {
  if (!auth) {
    const app =
      getApps().find((existing) => existing.name === appName) ??
      initializeApp(
        { apiKey: config.firebaseApiKey, projectId: config.firebaseProjectId, authDomain: config.firebaseAuthDomain ?? undefined },
        appName,
      );
    auth = initializeAuth(app, { persistence: browserLocalPersistence });
    if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  const current = auth;
  onAuthStateChanged(current, (user) => onUser(user !== null));
  return {
    async signIn(email, password) {
      await signInWithEmailAndPassword(current, email, password);
    },
    signOut: () => signOut(current),
    getToken: async () => (await current.currentUser?.getIdToken()) ?? null,
  };
}
