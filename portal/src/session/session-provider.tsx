import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { onAuthStateChanged, signOut as firebaseSignOut, type Auth } from 'firebase/auth';
import type { i18n as I18n } from 'i18next';
import { isKiwiUserActive } from '@kiwi/shared/domain/membership';
import { useToast } from '@kiwi/shared/ui/toast';
import type { ApiClient } from '../api-client';
import { applyLanguage } from '../i18n/language';
import type { KiwiUser } from './kiwi-user';
import { initialSessionState, sessionReducer, sessionStatus, type SessionState } from './session-state';

export type Session = SessionState & {
  status: ReturnType<typeof sessionStatus>;
  auth: Auth;
  api: ApiClient;
  signOut(): Promise<void>;
  /** Replaces the signed-in product user with a fresher copy (e.g. the answer of PUT /api/users/{id}). */
  updateKiwiUser(kiwiUser: KiwiUser): void;
};

const SessionContext = createContext<Session | null>(null);

/**
 * SPEC §4: on every identity change, no identity user means logout; otherwise the product user is fetched, and when
 * that fails or the user is inactive the userInactive error is shown, the identity is signed out and the session logs out.
 */
export function SessionProvider({ auth, api, i18n, children }: { auth: Auth; api: ApiClient; i18n: I18n; children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const { showToast } = useToast();

  useEffect(() => {
    // Only the latest identity change of a still-subscribed provider may settle the session.
    let latest = 0;
    let subscribed = true;
    const isStale = (change: number) => !subscribed || change !== latest;
    const unsubscribe = onAuthStateChanged(auth, async (user) => {
      const change = ++latest;
      if (!user) {
        dispatch({ type: 'LOGOUT' });
        return;
      }
      dispatch({ type: 'LOGIN', user });
      try {
        const { data: kiwiUser } = await api.get<KiwiUser>('/user');
        if (isStale(change)) return;
        if (!isKiwiUserActive(kiwiUser, new Date())) throw new Error('The product user is not active');
        // The user's stored language wins over the device's, on any browser.
        if (kiwiUser.language) await applyLanguage(i18n, kiwiUser.language);
        dispatch({ type: 'LOAD_KIWI_USER', kiwiUser });
      } catch (error) {
        if (isStale(change)) return;
        console.error('Could not load the product user; signing out', error);
        showToast(i18n.t('errors:userInactive'), 'error');
        dispatch({ type: 'LOGOUT' });
        await firebaseSignOut(auth);
      }
    });
    return () => {
      subscribed = false;
      unsubscribe();
    };
  }, [auth, api, i18n, showToast]);

  // Logging out at once (not when Firebase reports it) lets a caller move to /login in the same render, so the
  // guards never see a signed-out user on a guarded page and add a previousPath.
  const signOut = useCallback(() => {
    dispatch({ type: 'LOGOUT' });
    return firebaseSignOut(auth);
  }, [auth]);
  const updateKiwiUser = useCallback((kiwiUser: KiwiUser) => dispatch({ type: 'UPDATE_KIWI_USER', kiwiUser }), []);
  const session = useMemo<Session>(
    () => ({ ...state, status: sessionStatus(state), auth, api, signOut, updateKiwiUser }),
    [state, auth, api, signOut, updateKiwiUser],
  );

  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
