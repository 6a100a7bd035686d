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

/** Google or Microsoft in a popup; the session then loads the product user (or shows why it is refused). */
export async function signInWithProvider(provider: SsoProvider): Promise<void> {
  await signInWithPopup(auth(), providerOf(provider), browserPopupRedirectResolver);
}

/**
 * Mails a sign-in link that opens /user/actions?mode=signIn on this origin, and remembers the address for it. Firebase
 * answers the same whether or not the address has an account.
 */
export async function sendSignInLink(email: string): Promise<void> {
  await sendSignInLinkToEmail(auth(), email, { url: `${window.location.origin}/user/actions`, handleCodeInApp: true });
  window.localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, email);
}
