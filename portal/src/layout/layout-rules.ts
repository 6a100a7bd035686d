import { matchPath } from 'react-router';
import type { KiwiUser } from '../session/kiwi-user';
import { firstMembership } from '../session/kiwi-user';
import { canAccessOrganization, isAdmin } from '../guards/access';

export type DrawerVariant = 'member' | 'organization' | 'admin';

/** SPEC §2: pages shown without the side menu (on the green background). */
export const SIDEBARLESS_PATTERNS = [
  '/login',
  '/user/reset_password',
  '/user/invitation',
  '/user/confirmation',
  '/user/sign_up',
  '/user/cancellation',
  '/user/cancellation/done',
  '/app_install',
  '/user/actions',
  '/org/:identifier/well_being_surveys/:id',
  '/org/:identifier/well_being_surveys/:id/result',
  '/events/:id',
  '/events/:id/edit',
  '/events/new',
  '/guilds/:id',
  '/guilds/:id/edit',
  '/guilds/new',
  '/shared_events/:id',
] as const;

export function isSidebarlessPath(pathname: string): boolean {
  return SIDEBARLESS_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

function inArea(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** SPEC §2: the admin list under /_admin, the organisation list under /org, otherwise the member list. */
export function drawerVariant(pathname: string): DrawerVariant {
  if (inArea(pathname, '/_admin')) return 'admin';
  if (inArea(pathname, '/org')) return 'organization';
  return 'member';
}

export function organizationIdentifierOf(pathname: string): string | undefined {
  return matchPath({ path: '/org/:identifier', end: false }, pathname)?.params.identifier;
}

/** SPEC §2: /_admin in the admin area, /org/{first membership's identifier} in the organisation area, otherwise /. */
export function logoHref(variant: DrawerVariant, user: KiwiUser | null): string {
  if (variant === 'admin') return '/_admin';
  if (variant === 'organization') {
    const identifier = firstMembership(user)?.organization.identifier;
    if (identifier) return `/org/${encodeURIComponent(identifier)}`;
  }
  return '/';
}

/**
 * SPEC §6: no side menu while the user is not loaded; in the admin area not for role member; in the organisation
 * area not for a member of another organisation or with role member.
 */
export function isSideMenuVisible(pathname: string, user: KiwiUser | null): boolean {
  if (!user) return false;
  const variant = drawerVariant(pathname);
  if (variant === 'admin') return isAdmin(user);
  // Literal to §6 even on survey paths: the organisation menu lists manager pages, so members never get it.
  if (variant === 'organization') return canAccessOrganization(user, organizationIdentifierOf(pathname));
  return true;
}

/** Wide (East Asian full-width) characters take about 1 em; the rest about 0.6 em in the system fonts. */
const WIDE_CHARACTER = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const NARROW_EM = 0.6;

/**
 * About how many em a drawer label takes on one line: the drawer shrinks a long label's font to fit its fixed width
 * rather than wrap it (issue 21 point 2; layout.css `--label-ems`).
 */
export function labelWidthEms(label: string): number {
  let ems = 0;
  for (const character of label) ems += WIDE_CHARACTER.test(character) ? 1 : NARROW_EM;
  return Math.max(1, Math.round(ems * 10) / 10);
}
