// The Firebase Auth chunk: main.tsx imports it dynamically after the first paint, so no page waits for the SDK to
// download before something shows. initializeAuth without a popup/redirect resolver (the portal signs in by email and
// password only) keeps the chunk small; the persistences are getAuth's, so sessions stored before still restore.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  EmailAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  verifyBeforeUpdateEmail,
  type Auth,
  type User,
} from 'firebase/auth';
import type { ClientConfig } from '@kiwi/shared/api/client-config';
import type { PortalIdentity } from '../session/portal-identity';

/** One build serves the emulator and a real project: the server tells the portal which one at start-up. */
export function initFirebaseAuth(config: ClientConfig): Auth {
  const app = initializeApp({
    apiKey: config.firebaseApiKey,
    projectId: config.firebaseProjectId,
    authDomain: config.firebaseAuthDomain ?? undefined,
  });
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/** The session's view of an Auth: the SDK's functions it calls come with it, so the session code imports no SDK. */
export function portalIdentity(auth: Auth): PortalIdentity {
  return {
    auth,
    onUserChanged: (listener) => onAuthStateChanged(auth, listener),
    signOut: () => signOut(auth),
    signIn: async (email, password) => {
      await signInWithEmailAndPassword(auth, email, password);
    },
    // The mail's link opens /user/actions (the template's action URL, docs/decisions.md); after the reset it continues to /login.
    sendPasswordResetEmail: (email) => sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/login` }),
    changePassword: async (currentPassword, newPassword) => {
      await updatePassword(await reauthenticated(auth, currentPassword), newPassword);
    },
    // Firebase mails a link (mode verifyAndChangeEmail) to the new address; the address changes when it is opened.
    changeEmail: async (currentPassword, newEmail, continueUrl) => {
      await verifyBeforeUpdateEmail(await reauthenticated(auth, currentPassword), newEmail, { url: continueUrl });
    },
  };
}

/** SPEC §7: the signed-in user, re-authenticated with the current password (Firebase's auth/... error when wrong). */
async function reauthenticated(auth: Auth, currentPassword: string): Promise<User> {
  const user = auth.currentUser;
  if (!user?.email) throw Object.assign(new Error('No signed-in user'), { code: 'auth/requires-recent-login' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
  return user;
}
