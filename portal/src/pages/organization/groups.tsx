import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-provider';
import { type Group, groupTree } from './member-types';

/** The organisation's groups: one query (and cache entry) for the groups page and the members page's filter and form. */
export function useGroups(organizationId: string | undefined) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['organization', organizationId, 'groups'],
    queryFn: () => api.get<Group[]>(`/organizations/${organizationId}/groups`),
    enabled: organizationId !== undefined,
  });
}

/** A select's options for the groups in tree order, indented by depth; `except` leaves that group out. */
export function GroupOptions({ groups, except }: { groups: Group[]; except?: string }) {
  return (
    <>
      {groupTree(groups)
        .filter(({ group }) => group.id !== except)
        .map(({ group, depth }) => (
          <option key={group.id} value={group.id}>
            {'\u3000'.repeat(depth)}
            {group.name}
          </option>
        ))}
    </>
  );
}
