import { useToast } from '@kiwi/shared/ui/toast';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { firstMembership } from '../session/kiwi-user';
import { useSession } from '../session/session-provider';
import { canAccessOrganization, isAdmin, loginPath } from './access';

/** Why a guard sends someone to / (issue 21: redirects say why), as a key of portal:access. */
export type RedirectReason = 'adminOnly' | 'managerOnly' | 'otherOrganization';

/** SPEC §6's redirect to /, with a toast that says which right the page needed (one toast however often it runs). */
function RedirectHome({ reason }: { reason: RedirectReason }) {
  const { t } = useTranslation('portal');
  const { showToast } = useToast();
  const { pathname } = useLocation();
  useEffect(() => showToast(t(`access.${reason}`, { path: pathname }), 'warning', 'access'), [t, reason, pathname, showToast]);
  return <Navigate to="/" replace />;
}

/** SPEC §6: unauthenticated users go to /login carrying the path they asked for. */
export function RequireSignedIn() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return null;
  if (status === 'signedOut') return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/** SPEC §6: non-admins go to /. */
export function RequireAdmin() {
  const { kiwiUser } = useSession();
  if (!kiwiUser) return null;
  return isAdmin(kiwiUser) ? <Outlet /> : <RedirectHome reason="adminOnly" />;
}

/**
 * SPEC §6: organisation membership of the route's organisation and, unless `managerOnly` is off (survey paths),
 * the manager role. Renders nothing until the user is known.
 */
export function RequireOrganizationMember({ managerOnly = true }: { managerOnly?: boolean }) {
  const { kiwiUser } = useSession();
  const { identifier } = useParams();
  if (!kiwiUser) return null;
  if (canAccessOrganization(kiwiUser, identifier, { managerOnly })) return <Outlet />;
  // A member of this organisation lacks the manager role; anyone else belongs elsewhere.
  const own = firstMembership(kiwiUser)?.organization.identifier === identifier;
  return <RedirectHome reason={own ? 'managerOnly' : 'otherOrganization'} />;
}
