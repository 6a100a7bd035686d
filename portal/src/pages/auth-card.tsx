import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The sidebar-less identity pages' card (login, invitation): the Kiwi brand, the page's heading, then its content. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="auth-card">
      <div className="auth-card__brand" aria-hidden="true">
        <span className="logo">
          <span className="logo__mark" />
          <span>{t('appName')}</span>
        </span>
      </div>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
