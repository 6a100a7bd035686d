import { type ComponentType, type CSSProperties, lazy, Suspense } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { firstMembership, type KiwiUser } from '../session/kiwi-user';
import { useSession } from '../session/session-provider';
import { isAdmin } from '../guards/access';
import type { DrawerVariant } from './layout-rules';
import { labelWidthEms, logoHref } from './layout-rules';
import { menuFor } from './menus';

/** The pending-report count (react-query, the moderation strings): a chunk only managers in their organisation load. */
const PendingReportsBadge = lazy<ComponentType<{ organizationId: string }>>(() =>
  import('./pending-reports-badge').then(
    (module) => ({ default: module.PendingReportsBadge }),
    () => ({ default: () => null }),
  ),
);

export function Logo({ variant, user }: { variant: DrawerVariant; user: KiwiUser | null }) {
  const { t } = useTranslation('portal');
  return (
    <Link to={logoHref(variant, user)} className="logo" aria-label={t('layout.logoLabel')}>
      <span className="logo__mark" aria-hidden="true" />
      <span className="logo__text">{t('common:appName')}</span>
    </Link>
  );
}

/** The side menu's content: logo, admin badge, the area's menu and logout (SPEC §2). */
export function DrawerContent({
  variant,
  identifier,
  onNavigate,
}: {
  variant: DrawerVariant;
  identifier: string | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('portal');
  const { kiwiUser, signOut } = useSession();
  const navigate = useNavigate();
  // Issue 19 point 5: the organisation's managers see how many reported objects wait for a decision.
  const membership = firstMembership(kiwiUser);
  const managed =
    variant === 'organization' && membership?.role === 'manager' && membership.organization.identifier === identifier
      ? membership.organization.id
      : undefined;

  return (
    <div className="drawer__content">
      <div className="drawer__header">
        <Logo variant={variant} user={kiwiUser} />
        {isAdmin(kiwiUser) && <span className="drawer__badge">{t('layout.adminBadge')}</span>}
      </div>
      {kiwiUser && <UserBlock user={kiwiUser} onNavigate={onNavigate} />}
      <ul className="drawer__menu">
        {menuFor(variant, kiwiUser, identifier).map((item) => (
          <li key={item.to + item.label}>
            <NavLink
              to={item.to}
              end={item.end}
              className="drawer__link"
              onClick={onNavigate}
              style={{ '--label-ems': labelWidthEms(t(item.label)) } as CSSProperties}
            >
              {t(item.label)}
              {item.badge && managed !== undefined && (
                <Suspense fallback={null}>
                  <PendingReportsBadge organizationId={managed} />
                </Suspense>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="drawer__logout"
        onClick={() => {
          onNavigate?.();
          navigate('/login', { replace: true });
          void signOut();
        }}
      >
        {t('layout.logout')}
      </button>
    </div>
  );
}

/** Who is signed in, as colleagues see them (nickname, else name; their icon), with the way to the profile. */
function UserBlock({ user, onNavigate }: { user: KiwiUser; onNavigate?: () => void }) {
  const { t } = useTranslation('profile');
  const shown = user.nickname || user.name;
  return (
    <div className="drawer__user">
      {user.icon ? (
        <img className="drawer__avatar" src={user.icon} alt="" />
      ) : (
        <span className="drawer__avatar" aria-hidden="true">
          {[...shown][0] ?? ''}
        </span>
      )}
      <div className="drawer__user-text">
        <span className="drawer__user-name">{shown}</span>
        <Link to="/user/profile" className="drawer__user-link" onClick={onNavigate}>
          {t('menu.editProfile')}
        </Link>
      </div>
    </div>
  );
}
