import type { User } from 'firebase/auth';
import type { KiwiUser } from './kiwi-user';

/** SPEC §4: initial (loaded false, no user); login sets the identity user; loading the product user sets kiwiUser and loaded. */
export type SessionState = {
  loaded: boolean;
  user: User | null;
  kiwiUser: KiwiUser | null;
  /**
   * Why the last sign-in was refused (the inactive account, issue 21): the login form keeps it on screen until the next
   * attempt, where a toast would vanish.
   */
  refusal: string | null;
};

export type SessionAction =
  | { type: 'LOGIN'; user: User }
  | { type: 'LOAD_KIWI_USER'; kiwiUser: KiwiUser }
  | { type: 'UPDATE_KIWI_USER'; kiwiUser: KiwiUser }
  | { type: 'LOGOUT'; refusal?: string };

export const initialSessionState: SessionState = { loaded: false, user: null, kiwiUser: null, refusal: null };

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'LOGIN':
      return { ...state, user: action.user, kiwiUser: null, refusal: null };
    case 'LOAD_KIWI_USER':
      return { ...state, kiwiUser: action.kiwiUser, loaded: true };
    case 'UPDATE_KIWI_USER':
      // A save answered after logout, or after someone else signed in, must not bring its user back.
      return state.kiwiUser?.id === action.kiwiUser.id ? { ...state, kiwiUser: action.kiwiUser } : state;
    case 'LOGOUT':
      // The identity's own sign-out that follows a refusal (already logged out) keeps the refusal on the form.
      return { loaded: true, user: null, kiwiUser: null, refusal: action.refusal ?? (state.user ? null : state.refusal) };
  }
}

/**
 * Signed in means the product user is known. While an identity user waits for its product user the session
 * is still settling: guards wait instead of redirecting.
 */
export function sessionStatus(state: SessionState): 'loading' | 'signedOut' | 'signedIn' {
  if (state.kiwiUser) return 'signedIn';
  if (!state.loaded || state.user) return 'loading';
  return 'signedOut';
}
