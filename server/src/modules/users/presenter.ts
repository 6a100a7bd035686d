import { isKiwiUserActive, membershipState } from '@kiwi/shared/domain/membership';
import { notificationPreferences } from '@kiwi/shared/domain/push';
import type { Session, SessionMembership, SessionOrganization } from '../../auth/session-cache';
import { serialize } from '../../jsonapi/serialize';

/** `users` with its organization members and their organizations included (first membership first). */
export function presentUser(session: Session, now: Date) {
  const { user, memberships } = session;
  return serialize('users', session, {
    id: () => user.id,
    attributes: () => ({
      role: user.role,
      name: user.name,
      email: user.email,
      nickname: user.nickname,
      birthday: user.birthday,
      restingHeartRate: user.restingHeartRate,
      heightCm: user.heightCm,
      weightKg: user.weightKg,
      icon: user.icon,
      language: user.language,
      notificationPreferences: notificationPreferences(user.notificationPreferences),
      active: isKiwiUserActive({ role: user.role, organizationMembers: memberships }, now),
    }),
    relationships: {
      organizationMembers: {
        type: 'organization-members',
        data: () => memberships,
        attributes: (membership: SessionMembership) => ({
          role: membership.role,
          activeFrom: membership.activeFrom,
          activeTo: membership.activeTo,
          state: membershipState(membership, now),
          name: user.name,
          nickname: membership.nickname,
          icon: membership.icon,
          belongings: membership.belongings,
          occupations: membership.occupations,
        }),
        relationships: {
          organization: {
            type: 'organizations',
            data: (membership: SessionMembership) => membership.organization,
            attributes: [
              'name',
              'identifier',
              'icon',
              'plan',
              'numberOfMembers',
              'serviceStartedAt',
              'archived',
            ] satisfies (keyof SessionOrganization)[],
          },
        },
      },
    },
    include: ['organizationMembers', 'organizationMembers.organization'],
  });
}
