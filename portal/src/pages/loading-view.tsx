import { useTranslation } from 'react-i18next';
import './pages.css';

/** Full-screen view shown until the session has loaded (SPEC §2, §4). */
export function LoadingView() {
  const { t } = useTranslation('common');
  return (
    <div className="loading-view" role="status" aria-live="polite">
      <span className="loading-view__spinner" aria-hidden="true" />
      <p>{t('loading', { product: t('appName') })}</p>
    </div>
  );
}

export function StartupErrorView() {
  const { t } = useTranslation('portal');
  return (
    <div className="loading-view" role="alert">
      <p>{t('startup.failed')}</p>
      <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => window.location.reload()}>
        {t('startup.retry')}
      </button>
    </div>
  );
}
