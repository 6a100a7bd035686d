import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { ApiErrorObject } from '@kiwi/shared/api/errors';
import { isKiwiUserActive } from '@kiwi/shared/domain/membership';
import { useToast } from '@kiwi/shared/ui/toast';
import type { ApiClient } from '../api-client';
import { applyLanguage } from '../i18n/language';
import type { KiwiUser } from './kiwi-user';
import type { PortalIdentity } from './portal-identity';
import { initialSessionState, sessionReducer, sessionStatus, type SessionState } from './session-state';

export type Session = SessionState & {
  status: ReturnType<typeof sessionStatus>;
  api: ApiClient;
  /** Firebase's sign-in and reset mail, through the session: the pages do not import the SDK (portal-identity.ts). */
  signIn: PortalIdentity['signIn'];
  sendPasswordResetEmail: PortalIdentity['sendPasswordResetEmail'];
  changePassword: PortalIdentity['changePassword'];
  changeEmail: PortalIdentity['changeEmail'];
  /** The SDK's Auth, for the pages' own identity modules (portal/src/identity/*), which they import dynamically. */
  auth: PortalIdentity['auth'];
  signOut(): Promise<void>;
  /** Replaces the signed-in product user with a fresher copy (e.g. the answer of PUT /api/users/{id}). */
  updateKiwiUser(kiwiUser: KiwiUser): void;
};

const SessionContext = createContext<Session | null>(null);

/**
 * SPEC §4: on every identity change, no identity user means logout; otherwise the product user is fetched, and when
 * that fails or the user is inactive the userInactive error is shown, the identity is signed out and the session logs out.
 */
export function SessionProvider({
  identity,
  api,
  i18n,
  children,
}: {
  identity: PortalIdentity;
  api: ApiClient;
  i18n: I18n;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const { showToast } = useToast();

  useEffect(() => {
    // Only the latest identity change of a still-subscribed provider may settle the session.
    let latest = 0;
    let subscribed = true;
    const isStale = (change: number) => !subscribed || change !== latest;
    const unsubscribe = identity.onUserChanged(async (user) => {
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
        const refusal = signInRefusal(error) ?? i18n.t('errors:userInactive');
        // SPEC §8's error notification, and the same words kept on the login form (issue 21).
        showToast(refusal, 'error', 'sign-in');
        dispatch({ type: 'LOGOUT', refusal });
        await identity.signOut();
        // A self sign-up that has not opened its confirmation link: the page that says so and offers a new link.
        if ((error as { errors?: { code?: string }[] }).errors?.[0]?.code === 'auth.unconfirmed')
          location.assign('/user/confirmation?unconfirmed');
      }
    });
    return () => {
      subscribed = false;
      unsubscribe();
    };
  }, [identity, api, i18n, showToast]);

  // Logging out at once (not when Firebase reports it) lets a caller move to /login in the same render, so the
  // guards never see a signed-out user on a guarded page and add a previousPath.
  const signOut = useCallback(() => {
    dispatch({ type: 'LOGOUT' });
    return identity.signOut();
  }, [identity]);
  const updateKiwiUser = useCallback((kiwiUser: KiwiUser) => dispatch({ type: 'UPDATE_KIWI_USER', kiwiUser }), []);
  const session = useMemo<Session>(
    () => ({
      ...state,
      status: sessionStatus(state),
      api,
      signOut,
      updateKiwiUser,
      signIn: identity.signIn,
      sendPasswordResetEmail: identity.sendPasswordResetEmail,
      changePassword: identity.changePassword,
      changeEmail: identity.changeEmail,
      auth: identity.auth,
    }),
    [state, identity, api, signOut, updateKiwiUser],
  );

  return <SessionContext value={session}>{children}</SessionContext>;
}

// Issue 16: refusals that say what to do instead (ask the admin; sign in another allowed way), in the server's words.
// Read by shape, not instanceof: the error classes stay out of the entry chunk /login loads.
const signInRefusal = (error: unknown) =>
  (error as { errors?: ApiErrorObject[] } | null)?.errors?.find((item) =>
    /^auth\.(emailNotAvailable|signInMethodNotAllowed)$/.test(item.code ?? ''),
  )?.detail;

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
