import { useTranslation } from 'react-i18next';

/** Previous / next page buttons for the survey lists; nothing when everything fits on one page. */
export function Pager({
  page,
  totalPages,
  onPage,
  label,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation('surveys');
  if (totalPages <= 1) return null;
  return (
    <nav className="survey-pager" aria-label={label}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('pager.previous', { page: page - 1, total: totalPages })}
      >
        ‹
      </button>
      <span aria-current="page">
        {page} / {totalPages}
      </span>
      <button
        type="button"
        className="button"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pager.next', { page: page + 1, total: totalPages })}
      >
        ›
      </button>
    </nav>
  );
}
