import { serialize } from '../../jsonapi/serialize';
import type { AdminUserMembership, AdminUserView } from './admin-queries';

/** GET /api/users: `users` with their `organization-members` and those memberships' `organizations` included. */
export function presentAdminUsers(rows: AdminUserView[], pagination: { page: number; per: number; total: number; url: string }) {
  return serialize('users', rows, {
    attributes: (user: AdminUserView) => ({
      name: user.name,
      email: user.email,
      role: user.role,
      state: user.state,
      invitationPending: user.invitationPending,
      lastSignedInAt: user.lastSignedInAt,
      signInDisabled: user.signInDisabledAt !== null,
      signInDisabledAt: user.signInDisabledAt,
      mfaEnrolled: user.mfaEnrolled,
      appInstalled: user.appInstalled,
      createdAt: user.createdAt,
    }),
    relationships: {
      organizationMembers: {
        type: 'organization-members',
        data: (user: AdminUserView) => user.memberships,
        attributes: (membership: AdminUserMembership) => ({
          role: membership.role,
          activeFrom: membership.activeFrom,
          activeTo: membership.activeTo,
          state: membership.state,
          appInstalled: membership.appInstalled,
        }),
        relationships: {
          organization: {
            type: 'organizations',
            data: (membership: AdminUserMembership) => membership.organization,
            attributes: ['name', 'identifier'],
          },
        },
      },
    },
    include: ['organizationMembers', 'organizationMembers.organization'],
    pagination,
  });
}
