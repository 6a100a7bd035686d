import { useTranslation } from 'react-i18next';

/** A page's own wording for the pager (another namespace's texts); the organisation's `common.*` ones by default. */
export type PagerLabels = { navigation: string; previous: string; next: string; pageOf: (page: number, total: number) => string };

/**
 * The one pager of the portal's lists: previous / next with "page x of y"; nothing when one page holds everything.
 * `label` names the navigation after its list where a page has more than one.
 */
export function Pager({
  page,
  totalPages,
  onPage,
  labels,
  label,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  labels?: PagerLabels;
  label?: string;
}) {
  const { t } = useTranslation('organization');
  if (totalPages <= 1) return null;
  const text = labels ?? {
    navigation: t('common.pagination'),
    previous: t('common.previous'),
    next: t('common.next'),
    pageOf: (current: number, total: number) => t('common.pageOf', { page: current, total }),
  };
  return (
    <nav className="org-pager" aria-label={label ?? text.navigation}>
      <button type="button" className="kiwi-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹ {text.previous}
      </button>
      <span aria-current="page">{text.pageOf(page, totalPages)}</span>
      <button type="button" className="kiwi-button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {text.next} ›
      </button>
    </nav>
  );
}
