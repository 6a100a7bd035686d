import type { KiwiUser, OrganizationRole } from './session/kiwi-user';

/** Product users shaped like the demo accounts, for unit tests. */
export function buildUser({
  role = 'member',
  organization,
  membershipRole = 'member',
}: {
  role?: 'admin' | 'member';
  organization?: string;
  membershipRole?: OrganizationRole;
} = {}): KiwiUser {
  return {
    id: '1',
    role,
    name: 'Test',
    email: 'test@kiwi.example',
    organizationMembers: organization
      ? [{ id: '1', role: membershipRole, organization: { id: '1', name: organization, identifier: organization } }]
      : [],
  };
}

export const admin = buildUser({ role: 'admin' });
export const acmeManager = buildUser({ organization: 'acme', membershipRole: 'manager' });
export const acmeMember = buildUser({ organization: 'acme' });
