// Issue 16: the sign-in methods of /login beyond email and password. Loaded when a person clicks one of them (the
// login page's first load does not carry it): it shares the Firebase Auth SDK chunk startup/firebase.ts loaded, and
// adds the popup resolver, which the Auth was initialised without to keep that chunk small.
import { getApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  getAuth,
  GoogleAuthProvider,
  OAuthProvider,
  sendSignInLinkToEmail,
  signInWithPopup,
} from 'firebase/auth';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';

/** Where a sign-in link's address is kept until the link is opened on this device (the actions page reads it). */
export const EMAIL_FOR_SIGN_IN_KEY = 'kiwi.emailForSignIn';

export type SsoProvider = 'google' | 'microsoft';

// getAuth answers the Auth startup/firebase.ts initialised for the default app (with its persistence and emulator).
const auth = () => getAuth(getApp());

function providerOf(provider: SsoProvider) {
  if (provider === 'google') return new GoogleAuthProvider();
  const microsoft = new OAuthProvider('microsoft.com');
  // Any work or personal Microsoft account; the organisation's policy and the verified email decide who gets in.
  microsoft.setCustomParameters({ prompt: 'select_account' });
  return microsoft;
}

// Closing the popup is a change of mind, not a failure.
const SILENT = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

/**
 * Google or Microsoft in a popup; the session then loads the product user (or shows why the server refused it). An
 * account with a second factor goes on to the /login second-factor step (`onSecondFactor`, with Firebase's error).
 * Answers the i18n key of what went wrong, null when signed in, handed to that step, or when the person closed the popup.
 */
export async function signInWithProvider(provider: SsoProvider, onSecondFactor: (error: unknown) => void): Promise<string | null> {
  try {
    await signInWithPopup(auth(), providerOf(provider), browserPopupRedirectResolver);
    return null;
  } catch (error) {
    const code = String((error as { code?: unknown } | null)?.code);
    if (code === 'auth/multi-factor-auth-required') onSecondFactor(error);
    if (SILENT.has(code) || code === 'auth/multi-factor-auth-required') return null;
    return code === 'auth/popup-blocked' ? 'sso:login.popupBlocked' : identityErrorKey(error);
  }
}

/**
 * Mails a sign-in link that opens /user/actions?mode=signIn on this origin, and remembers the address for it. Firebase
 * answers the same whether or not the address has an account.
 */
export async function sendSignInLink(email: string): Promise<void> {
  await sendSignInLinkToEmail(auth(), email, { url: `${window.location.origin}/user/actions`, handleCodeInApp: true });
  window.localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, email);
}
