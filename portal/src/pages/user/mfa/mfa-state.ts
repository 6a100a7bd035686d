import { useQueryClient } from '@tanstack/react-query';

export const MFA_QUERY_KEY = ['mfa-state'] as const;
// Firebase's calls live in their own chunk, fetched when the MFA page first needs them.
export const mfa = () => import('../../../identity/mfa');

/** Re-reads the factors after a change (Firebase's user object already holds them). */
export function useRefreshState() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MFA_QUERY_KEY });
}
