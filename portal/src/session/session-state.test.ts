import { describe, expect, it } from 'vitest';
import type { User } from 'firebase/auth';
import { acmeMember, buildUser } from '../test-users';
import { initialSessionState, sessionReducer, sessionStatus } from './session-state';

const user = { uid: 'demo-acme-member' } as User;

describe('sessionReducer', () => {
  it('starts not loaded and signed out', () => {
    expect(initialSessionState).toEqual({ loaded: false, user: null, kiwiUser: null, refusal: null });
    expect(sessionStatus(initialSessionState)).toBe('loading');
  });

  it('login sets the identity user; loading the product user sets kiwiUser and loaded', () => {
    const loggedIn = sessionReducer(initialSessionState, { type: 'LOGIN', user });
    expect(loggedIn).toEqual({ loaded: false, user, kiwiUser: null, refusal: null });
    expect(sessionStatus(loggedIn)).toBe('loading');
    const loaded = sessionReducer(loggedIn, { type: 'LOAD_KIWI_USER', kiwiUser: acmeMember });
    expect(loaded).toEqual({ loaded: true, user, kiwiUser: acmeMember, refusal: null });
    expect(sessionStatus(loaded)).toBe('signedIn');
  });

  it('logout clears both and sets loaded', () => {
    const loaded = { loaded: true, user, kiwiUser: acmeMember, refusal: null };
    const loggedOut = sessionReducer(loaded, { type: 'LOGOUT' });
    expect(loggedOut).toEqual({ loaded: true, user: null, kiwiUser: null, refusal: null });
    expect(sessionStatus(loggedOut)).toBe('signedOut');
  });

  it('keeps why a sign-in was refused (an inactive account) until the next attempt', () => {
    const refused = sessionReducer(sessionReducer(initialSessionState, { type: 'LOGIN', user }), {
      type: 'LOGOUT',
      refusal: 'Your account is not active',
    });
    expect(refused).toEqual({ loaded: true, user: null, kiwiUser: null, refusal: 'Your account is not active' });
    expect(sessionStatus(refused)).toBe('signedOut');
    // Firebase's echo of the sign-out that followed keeps it; another attempt clears it; so does signing out a user.
    expect(sessionReducer(refused, { type: 'LOGOUT' }).refusal).toBe('Your account is not active');
    expect(sessionReducer(refused, { type: 'LOGIN', user }).refusal).toBeNull();
    expect(sessionReducer({ ...refused, user }, { type: 'LOGOUT' }).refusal).toBeNull();
  });

  it('an update replaces the signed-in product user, and is ignored once another user or nobody is signed in', () => {
    const loaded = { loaded: true, user, kiwiUser: acmeMember, refusal: null };
    const english = { ...acmeMember, language: 'en' as const };
    expect(sessionReducer(loaded, { type: 'UPDATE_KIWI_USER', kiwiUser: english })).toEqual({ ...loaded, kiwiUser: english });

    const someoneElse = { ...buildUser({ organization: 'globex' }), id: '2' };
    const other = { loaded: true, user, kiwiUser: someoneElse, refusal: null };
    expect(sessionReducer(other, { type: 'UPDATE_KIWI_USER', kiwiUser: english })).toBe(other);
    const signedOut = { loaded: true, user: null, kiwiUser: null, refusal: null };
    expect(sessionReducer(signedOut, { type: 'UPDATE_KIWI_USER', kiwiUser: english })).toBe(signedOut);
  });

  it('a sign-in after logout waits for the product user before counting as signed in', () => {
    const signingIn = sessionReducer({ loaded: true, user: null, kiwiUser: null, refusal: null }, { type: 'LOGIN', user });
    expect(sessionStatus(signingIn)).toBe('loading');
  });
});
