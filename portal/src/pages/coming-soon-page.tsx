import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';

export type Area = 'public' | 'member' | 'organization' | 'admin';

/** Pages that later issues build: they say which area and page they belong to. */
export function ComingSoonPage({ area, page }: { area: Area; page: string }) {
  const { t } = useTranslation('portal');
  const { identifier } = useParams();
  const areaName = t(`areas.${area}`, { identifier });
  const pageName = t(`pages.${area}.${page}`);
  return (
    <section className="page-card" aria-labelledby="page-title">
      <p className="page-card__eyebrow">{areaName}</p>
      <h1 id="page-title">{pageName}</h1>
      <p>{t('comingSoon.body', { area: areaName, page: pageName })}</p>
    </section>
  );
}
