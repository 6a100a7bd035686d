import { maskEmail } from '@kiwi/shared/domain/people';
import { serialize } from '../../jsonapi/serialize';
import type { MemberGroup, MemberView } from './queries';

const colleagueAttributes = (member: MemberView) => ({
  name: member.name,
  nickname: member.nickname,
  icon: member.icon,
  // What tells two people of the same name apart in a picker without showing colleagues the whole address (issue 21).
  emailHint: maskEmail(member.email),
  role: member.role,
  belongings: member.belongings,
  occupations: member.occupations,
});

/**
 * `organization-members` with their groups. Members (colleague pickers) see name, nickname, icon, role, belongings,
 * occupations and groups; the email, contract period, state and app figures are for managers and admins.
 */
function memberSpec(forManager: boolean) {
  return {
    attributes: (member: MemberView) =>
      forManager
        ? {
            ...colleagueAttributes(member),
            email: member.email,
            activeFrom: member.activeFrom,
            activeTo: member.activeTo,
            state: member.state,
            active: member.state === 'active',
            appInstalled: member.appInstalled,
            lastSyncAt: member.lastSyncAt,
            invitationPending: member.invitationPending,
            userId: member.userId,
          }
        : colleagueAttributes(member),
    relationships: {
      groups: {
        type: 'groups',
        data: (member: MemberView) => member.groups,
        attributes: (group: MemberGroup) => ({ name: group.name, parentId: group.parentId }),
      },
    },
    include: ['groups'],
  };
}

export function presentMembers(
  rows: MemberView[],
  forManager: boolean,
  pagination: { page: number; per: number; total: number; url: string },
  meta?: Record<string, unknown>,
) {
  return serialize('organization-members', rows, { ...memberSpec(forManager), pagination, ...(meta ? { meta } : {}) });
}

export function presentMember(row: MemberView, forManager = true) {
  return serialize('organization-members', row, memberSpec(forManager));
}
