import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { Outlet, useParams } from 'react-router';
import type { ApiClient } from '../api-client';
import { useSession } from '../session/session-provider';
import type { Organization } from '../session/kiwi-user';
import { initialOrganizationState, organizationReducer } from './organization-state';

export type OrganizationContextValue = {
  loaded: boolean;
  organization: Organization | null;
  reload(): void;
  setOrganization(patch: Partial<Organization>): void;
};

const OrganizationContext = createContext<OrganizationContextValue | null>(null);

/**
 * SPEC §4: the organisation of the route, fetched whenever the route identifier or the reload counter changes
 * (GET /api/organizations/{identifier}?with_mfa_enabled=true). Loaded turns true once the fetch settles, success or
 * failure; a failure is only logged. Without children it renders the nested routes.
 */
export function OrganizationProvider({ children }: { children?: ReactNode }) {
  const { api } = useSession();
  const { identifier } = useParams();
  return (
    <OrganizationContextProvider api={api} identifier={identifier}>
      {children ?? <Outlet />}
    </OrganizationContextProvider>
  );
}

/** The context itself, for a given API client and route identifier. */
export function OrganizationContextProvider({
  api,
  identifier,
  children,
}: {
  api: ApiClient;
  identifier: string | undefined;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(organizationReducer, initialOrganizationState);
  const fetchedIdentifier = useRef<string | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadCount is the reload trigger (SPEC §4 organisation context).
  useEffect(() => {
    if (!identifier) return;
    if (fetchedIdentifier.current !== identifier) dispatch({ type: 'RESET' });
    fetchedIdentifier.current = identifier;
    let current = true;
    api
      .get<Organization>(`/organizations/${encodeURIComponent(identifier)}`, { with_mfa_enabled: true })
      .then(({ data }) => {
        if (current) dispatch({ type: 'CHANGE_ORGANIZATION', organization: data });
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error(`Could not load the organization ${identifier}`, error);
        dispatch({ type: 'CHANGE_ORGANIZATION', organization: null });
      });
    return () => {
      current = false;
    };
  }, [api, identifier, state.reloadCount]);

  const reload = useCallback(() => dispatch({ type: 'RELOAD' }), []);
  const setOrganization = useCallback((patch: Partial<Organization>) => dispatch({ type: 'SET_ORGANIZATION', patch }), []);
  const value = useMemo<OrganizationContextValue>(
    () => ({ loaded: state.loaded, organization: state.organization, reload, setOrganization }),
    [state.loaded, state.organization, reload, setOrganization],
  );
  return <OrganizationContext value={value}>{children}</OrganizationContext>;
}

export function useOrganization(): OrganizationContextValue {
  const value = useContext(OrganizationContext);
  if (!value) throw new Error('useOrganization must be used inside <OrganizationProvider> (the /org/:identifier routes)');
  return value;
}
