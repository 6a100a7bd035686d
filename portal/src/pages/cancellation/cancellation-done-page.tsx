import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../auth-card';

/** /user/cancellation/done (issue 16): shown signed out, once the membership has ended and the account is closed. */
export function CancellationDonePage() {
  const { t } = useTranslation('cancellation');
  return (
    <AuthCard title={t('done.title')}>
      <p role="status">{t('done.body')}</p>
      <div className="auth-card__actions">
        <Link to="/login" className="kiwi-button kiwi-button--primary">
          {t('done.toLogin')}
        </Link>
      </div>
    </AuthCard>
  );
}
