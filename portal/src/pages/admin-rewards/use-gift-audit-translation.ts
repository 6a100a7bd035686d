import en from '../../../../locales/en/gift-audit.json' with { type: 'json' };
import ja from '../../../../locales/ja/gift-audit.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';

/** The `gift-audit` namespace, loaded with the draws page (i18n/use-page-namespace.ts). */
export const useGiftAuditTranslation = (other: string[] = []) => usePageNamespace('gift-audit', { ja, en }, other);
