import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAdmin } from '../guards/access';
import { firstMembership } from '../session/kiwi-user';
import { useSession } from '../session/session-provider';

/**
 * A member page (events, coins) for someone without an organisation membership, an admin most often: a message that
 * says so (with the way to the admin area for admins) instead of a list that waits forever for an organisation (issue 21).
 */
export function MembershipRequired({ children }: { children: ReactNode }) {
  const { t } = useTranslation('portal');
  const { kiwiUser } = useSession();
  if (!kiwiUser || firstMembership(kiwiUser)) return <>{children}</>;
  return (
    <div role="status" className="alert">
      <p>{t('access.noMembership')}</p>
      {isAdmin(kiwiUser) && <Link to="/_admin">{t('access.adminArea')}</Link>}
    </div>
  );
}
