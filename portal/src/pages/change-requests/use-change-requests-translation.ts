import en from '../../../../locales/en/change-requests.json' with { type: 'json' };
import ja from '../../../../locales/ja/change-requests.json' with { type: 'json' };
import { usePageTranslation } from '../../i18n/use-page-translation';

/** The `change-requests` namespace (the manager's page and the admin's queue), riding with their chunks. */
export const useChangeRequestsTranslation = (other: string[] = []) =>
  usePageTranslation('change-requests', { ja, en }, ['organization', 'errors', ...other]);
