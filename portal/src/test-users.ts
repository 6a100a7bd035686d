import type { User } from 'firebase/auth';
import type { KiwiUser, OrganizationRole } from './session/kiwi-user';
import type { PortalIdentity } from './session/portal-identity';

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

/** A PortalIdentity stand-in whose Firebase user is `user` (null: signed out), as onAuthStateChanged would report it. */
const identityOf = (user: User | null): PortalIdentity => ({
  auth: {} as PortalIdentity['auth'],
  onUserChanged: (listener) => {
    listener(user);
    return () => {};
  },
  signOut: async () => {},
  signIn: async () => {},
  sendPasswordResetEmail: async () => {},
  changePassword: async () => {},
  changeEmail: async () => {},
});

/** A PortalIdentity stand-in whose Firebase user is signed in (token "token"). */
export const signedInIdentity = identityOf({ uid: 'uid-1', getIdToken: async () => 'token' } as unknown as User);

/** A PortalIdentity stand-in with no Firebase user. */
export const signedOutIdentity = identityOf(null);
