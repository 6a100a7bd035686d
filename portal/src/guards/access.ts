import type { KiwiUser } from '../session/kiwi-user';
import { firstMembership } from '../session/kiwi-user';

/** SPEC §6: admin passes every guard. */
export function isAdmin(user: KiwiUser | null): boolean {
  return user?.role === 'admin';
}

/**
 * SPEC §6: a non-admin passes only when the first membership's organisation is the route's and, when
 * manager-only is on (the default), the membership role is manager.
 */
export function canAccessOrganization(
  user: KiwiUser | null,
  identifier: string | undefined,
  { managerOnly = true }: { managerOnly?: boolean } = {},
): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  const membership = firstMembership(user);
  if (!membership || identifier === undefined) return false;
  if (membership.organization.identifier !== identifier) return false;
  return !managerOnly || membership.role === 'manager';
}

/** The organisation a manager administers, for the member menu link and the landing page. */
export function managedOrganizationIdentifier(user: KiwiUser | null): string | undefined {
  const membership = firstMembership(user);
  return membership?.role === 'manager' ? membership.organization.identifier : undefined;
}

/** Where a user lands after signing in: admin -> /_admin, manager -> /org/{identifier}, member -> /. */
export function landingPath(user: KiwiUser | null): string {
  if (isAdmin(user)) return '/_admin';
  const identifier = managedOrganizationIdentifier(user);
  return identifier ? `/org/${encodeURIComponent(identifier)}` : '/';
}

export function loginPath(previousPath?: string): string {
  return previousPath ? `/login?${new URLSearchParams({ previousPath })}` : '/login';
}

/** Only a path inside this app is followed after sign-in, never another origin ("//host", "https://..."). */
export function safePreviousPath(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  if (raw === '/login' || raw.startsWith('/login?')) return undefined;
  return raw;
}
