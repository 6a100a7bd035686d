import en from '../../../../locales/en/gifts-admin.json' with { type: 'json' };
import ja from '../../../../locales/ja/gifts-admin.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';

/** The `gifts-admin` namespace, loaded with the admin catalogue pages (i18n/use-page-namespace.ts). */
export const useGiftsAdminTranslation = (other: string[] = []) => usePageNamespace('gifts-admin', { ja, en }, other);
