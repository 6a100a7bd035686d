// Stand-in for /user/profile on this branch only (issue 15 part D): part B's profile page renders NotificationSettings
// as its last section. At merge, drop this file and its route in routes.tsx for part B's page.
import { useTranslation } from 'react-i18next';
import { NotificationSettings } from './notification-settings';

export function NotificationSettingsPage() {
  const { t } = useTranslation('push');
  return (
    <section className="page-card" aria-labelledby="page-title">
      <h1 id="page-title" className="visually-hidden">
        {t('settings.title')}
      </h1>
      <NotificationSettings />
    </section>
  );
}
