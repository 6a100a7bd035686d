import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Person } from '../domain/people';
import { useFeatureContext } from './feature-context';

/**
 * The one people search of the features (coin recipients, guild invitations): colleagues of an organisation found by
 * name, nickname, group or email fragment (GET /organizations/:id/members, at most 10), asked once typing pauses.
 * `search` is the text asked for ('' until something is typed); `forget()` drops it at once (after a pick).
 */
export function usePeopleSearch(organizationId: string | undefined, text: string) {
  const { api } = useFeatureContext();
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const people = useQuery({
    queryKey: ['people-search', organizationId, search],
    enabled: Boolean(organizationId) && search !== '',
    queryFn: async () => (await api.get<Person[]>(`/organizations/${organizationId}/members`, { q: { name: search }, per: 10 })).data,
  });
  return { search, people, forget: () => setSearch('') };
}
