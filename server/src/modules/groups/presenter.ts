import { serialize } from '../../jsonapi/serialize';
import type { GroupMemberView, GroupView } from './service';

const attributes = (group: GroupView) => ({ name: group.name, parentId: group.parentId, memberCount: group.memberCount });

export const presentGroups = (rows: GroupView[]) => serialize('groups', rows, { attributes });

export function presentGroup(group: GroupView & { members: GroupMemberView[] }) {
  return serialize('groups', group, {
    attributes,
    relationships: {
      members: { type: 'organization-members', data: (row: typeof group) => row.members, attributes: ['name', 'email'] },
    },
    include: ['members'],
  });
}
