import { type ComponentType, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiErrorObject } from '@kiwi/shared/api/errors';
import { useToast } from '@kiwi/shared/ui/toast';

/** Issue 16: dispatched on window when the server keeps a manager without a second factor out (detail: its message). */
const MFA_REQUIRED_EVENT = 'kiwi:mfa-required';

function announceMfaRequired(error: unknown) {
  const refusal = (error as { errors?: ApiErrorObject[] } | null)?.errors?.find((item) => item.code === 'auth.mfaRequired');
  if (refusal) dispatchEvent(new CustomEvent(MFA_REQUIRED_EVENT, { detail: refusal.detail }));
}

// react-query comes with the pages that fetch, not in the entry: the sign-in pages never load it. One client for the
// page's lifetime (the drawer's pending-report badge shares it, so a decision on a page refreshes the badge), so the cache outlives moves between pages as it did with the provider at the root. Every query and
// mutation that fails passes announceMfaRequired.
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: announceMfaRequired }),
  mutationCache: new MutationCache({ onError: announceMfaRequired }),
});

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
 * the server's explanation from whichever query or mutation of the page was refused first (auth.mfaRequired). Here,
 * with the pages that fetch, so that /login's first load does not carry it.
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
