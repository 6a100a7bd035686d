import { useTranslation } from 'react-i18next';

/** The loading, error and empty states every organisation page shows the same way. */
export function Loading() {
  const { t } = useTranslation('organization');
  return (
    <p className="org-state" role="status">
      {t('common.loading')}
    </p>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('organization');
  return (
    <div className="alert alert--error org-state" role="alert">
      <span>{t('common.loadFailed')}</span>{' '}
      <button type="button" className="kiwi-button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return <p className="org-state org-state--empty">{text}</p>;
}
