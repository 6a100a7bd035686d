import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useSession } from '../session/session-provider';
import { canAccessOrganization, isAdmin, loginPath } from './access';

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
  return isAdmin(kiwiUser) ? <Outlet /> : <Navigate to="/" replace />;
}

/**
 * SPEC §6: organisation membership of the route's organisation and, unless `managerOnly` is off (survey paths),
 * the manager role. Renders nothing until the user is known.
 */
export function RequireOrganizationMember({ managerOnly = true }: { managerOnly?: boolean }) {
  const { kiwiUser } = useSession();
  const { identifier } = useParams();
  if (!kiwiUser) return null;
  return canAccessOrganization(kiwiUser, identifier, { managerOnly }) ? <Outlet /> : <Navigate to="/" replace />;
}
