import { useQuery } from '@tanstack/react-query';
import { firstMembership } from '../../session/kiwi-user';
import { useSession } from '../../session/session-provider';
import type { Home } from './home-types';

export const HOME_QUERY_KEY = ['home'] as const;

/**
 * GET /api/home, the one query of the member's figures: the home and the rewards page both show its coin balance, so
 * the two never disagree (a spend invalidates this key).
 */
export function useHome() {
  const { kiwiUser, api } = useSession();
  return useQuery({
    queryKey: HOME_QUERY_KEY,
    enabled: firstMembership(kiwiUser) !== undefined,
    queryFn: async () => (await api.get<Home>('/home')).data,
  });
}
