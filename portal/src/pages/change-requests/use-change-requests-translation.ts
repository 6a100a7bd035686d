import en from '../../../../locales/en/change-requests.json' with { type: 'json' };
import ja from '../../../../locales/ja/change-requests.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';

/** The `change-requests` namespace (the manager's page and the admin's queue), riding with their chunks. */
export const useChangeRequestsTranslation = (other: string[] = []) =>
  usePageNamespace('change-requests', { ja, en }, ['organization', 'errors', ...other]);
