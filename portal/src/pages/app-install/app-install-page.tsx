import { safeHref } from '@kiwi/shared/domain/linkify';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/session-provider';
import { LoadFailed, Loading } from '../organization/page-states';
import { QrCode } from './qr-code';
import './app-install.css';

/** GET /api/app_install (docs/api.md): the store links from the system settings and the caller's own install state. */
export type AppInstall = {
  id: string;
  appStoreUrl: string | null;
  googlePlayUrl: string | null;
  /** null for a user without membership (a platform admin). */
  appInstalled: boolean | null;
  lastSyncAt: string | null;
};

const FEATURES = ['steps', 'coins', 'push'] as const;

/**
 * /app_install (no sidebar, SPEC §2): what the mobile app does, whether it syncs for this member, and the store links
 * with a QR code each. A link is shown only when it is an http(s) URL, whatever the settings hold.
 */
export function AppInstallPage() {
  const { t } = useTranslation('app-install');
  const { api, kiwiUser } = useSession();
  // Keyed by user: the portal's one query cache outlives a sign-out, and this answer is the user's own.
  const query = useQuery({ queryKey: ['app-install', kiwiUser?.id], queryFn: () => api.get<AppInstall>('/app_install') });
  const appInstall = query.data?.data;

  return (
    <section className="page-card app-install" aria-labelledby="app-install-title">
      <h1 id="app-install-title">{t('title')}</h1>
      <p className="app-install__lead">{t('lead')}</p>
      {query.isPending ? (
        <Loading />
      ) : query.isError || !appInstall ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <>
          <InstallStatus appInstall={appInstall} />
          <section aria-labelledby="app-install-features">
            <h2 id="app-install-features">{t('features.heading')}</h2>
            <ul className="app-install__features">
              {FEATURES.map((feature) => (
                <li key={feature}>
                  <h3>{t(`features.${feature}.title`)}</h3>
                  <p>{t(`features.${feature}.body`)}</p>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="app-install-stores">
            <h2 id="app-install-stores">{t('stores.heading')}</h2>
            <p>{t('stores.scan')}</p>
            <div className="app-install__stores">
              <StoreLink store={t('stores.appStore')} url={appInstall.appStoreUrl} />
              <StoreLink store={t('stores.googlePlay')} url={appInstall.googlePlayUrl} />
            </div>
          </section>
        </>
      )}
      <p className="app-install__back">
        <Link to="/">{t('back')}</Link>
      </p>
    </section>
  );
}

function InstallStatus({ appInstall }: { appInstall: AppInstall }) {
  const { t, i18n } = useTranslation('app-install');
  if (appInstall.appInstalled === null) {
    return (
      <section
        className="alert app-install__status app-install__status--info"
        aria-labelledby="app-install-status"
        data-state="no-membership"
      >
        <h2 id="app-install-status">{t('status.heading')}</h2>
        <p>{t('status.noMembership')}</p>
      </section>
    );
  }
  if (!appInstall.appInstalled) {
    return (
      <section
        className="alert app-install__status app-install__status--warning"
        aria-labelledby="app-install-status"
        data-state="not-installed"
      >
        <h2 id="app-install-status">{t('status.heading')}</h2>
        <p className="app-install__state">{t('status.notInstalled')}</p>
        <p>{t('status.notInstalledHint')}</p>
      </section>
    );
  }
  return (
    <section className="alert alert--success app-install__status" aria-labelledby="app-install-status" data-state="installed">
      <h2 id="app-install-status">{t('status.heading')}</h2>
      <p className="app-install__state">{t('status.installed')}</p>
      <p>
        {appInstall.lastSyncAt
          ? t('status.lastSync', { date: formatDateTime(appInstall.lastSyncAt, i18n.language) })
          : t('status.neverSynced')}
      </p>
    </section>
  );
}

/** One store: its link and QR code, or a note when the setting holds no http(s) URL. */
function StoreLink({ store, url }: { store: string; url: string | null }) {
  const { t } = useTranslation('app-install');
  const href = url === null ? null : safeHref(url);
  return (
    <section className="app-install__store" aria-label={store}>
      <h3>{store}</h3>
      {href ? (
        <>
          <QrCode value={href} label={t('stores.qr', { store })} />
          <a className="kiwi-button kiwi-button--primary app-install__open" href={href}>
            {t('stores.open', { store })}
          </a>
          <p className="app-install__url">{href}</p>
        </>
      ) : (
        <p>{t('stores.unavailable', { store })}</p>
      )}
    </section>
  );
}
