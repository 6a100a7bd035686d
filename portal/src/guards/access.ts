import { canAccessOrganization as passesOrganizationGuard } from '@kiwi/shared/domain/organization-access';
import type { KiwiUser } from '../session/kiwi-user';
import { firstMembership } from '../session/kiwi-user';

/** SPEC §6: admin passes every guard. */
export function isAdmin(user: KiwiUser | null): boolean {
  return user?.role === 'admin';
}

/** SPEC §6, the organisation guard of the shared rule, for the organisation of the route's `identifier`. */
export function canAccessOrganization(
  user: KiwiUser | null,
  identifier: string | undefined,
  options: { managerOnly?: boolean } = {},
): boolean {
  if (!user) return false;
  return passesOrganizationGuard(
    { role: user.role, firstMembership: firstMembership(user) },
    (membership) => identifier !== undefined && membership.organization.identifier === identifier,
    options,
  );
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

// C0 controls and DEL: URL parsing drops tabs and newlines, so "/\t/evil.example" would become "//evil.example".
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Only a path inside this app is followed after sign-in: `raw` is resolved against the app's `origin` as the browser
 * would, and kept (normalised) only when it stays on that origin. Another origin, a control character or /login -> none.
 */
export function safePreviousPath(raw: string | null | undefined, origin: string): string | undefined {
  if (!raw?.startsWith('/') || CONTROL_CHARACTERS.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin || url.pathname === '/login') return undefined;
  const path = url.pathname + url.search + url.hash;
  // "/.//evil.example" normalises to the path "//evil.example", which history would read as another host.
  return new URL(path, origin).origin === url.origin ? path : undefined;
}
