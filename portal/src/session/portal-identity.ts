import type { Auth, User } from 'firebase/auth';

/**
 * Firebase Auth as the session uses it. Built by startup/firebase.ts, in the chunk that holds the SDK: the session and
 * the entry import only these types, so the SDK is not in the entry chunk.
 */
export type PortalIdentity = {
  /** The SDK's Auth, for the API client's token. */
  auth: Auth;
  /** Firebase's onAuthStateChanged: called with the restored user (or null) first, then on every change. */
  onUserChanged(listener: (user: User | null) => void): () => void;
  signOut(): Promise<void>;
  /** Email and password sign-in; Firebase's error (auth/...) when refused. */
  signIn(email: string, password: string): Promise<void>;
  /** The password-reset mail, in the interface language (auth.languageCode). */
  sendPasswordResetEmail(email: string): Promise<void>;
  /** Re-authenticates with the current password (SPEC §7), then sets the new one. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Re-authenticates, then mails a verify-and-change link to `newEmail`; opening it changes the address. */
  changeEmail(currentPassword: string, newEmail: string, continueUrl: string): Promise<void>;
};
