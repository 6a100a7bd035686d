import { type ComponentType, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useToast } from '@kiwi/shared/ui/toast';
import { MFA_REQUIRED_EVENT } from '../api-client';

// react-query comes with the pages that fetch, not in the entry: the sign-in pages never load it. One client for the
// page's lifetime, so the cache outlives moves between pages as it did with the provider at the root.
const queryClient = new QueryClient();

/** `Page` under the portal's one QueryClient. */
export function withQueries<Props extends object>(Page: ComponentType<Props>): ComponentType<Props> {
  return function WithQueries(props: Props) {
    useMfaRequiredRedirect();
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}

/**
 * Issue 16: a manager whose organisation requires MFA, signed in without a second factor, goes to the MFA setting with
 * the server's explanation from whichever call of the page was refused first (auth.mfaRequired, see api-client.ts).
 * Here, with the pages that fetch, so that /login's first load does not carry it.
 */
function useMfaRequiredRedirect() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  useEffect(() => {
    const redirect = (event: Event) => {
      showToast(String((event as CustomEvent).detail), 'error');
      navigate('/user/mfa_setting', { replace: true });
    };
    addEventListener(MFA_REQUIRED_EVENT, redirect, { once: true });
    return () => removeEventListener(MFA_REQUIRED_EVENT, redirect);
  }, [navigate, showToast]);
}
