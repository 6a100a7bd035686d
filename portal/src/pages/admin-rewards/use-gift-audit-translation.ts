import { useTranslation } from 'react-i18next';
import en from '../../../../locales/en/gift-audit.json' with { type: 'json' };
import ja from '../../../../locales/ja/gift-audit.json' with { type: 'json' };

/**
 * The `gift-audit` namespace rides with the draws page instead of the portal's language chunk (which /login loads):
 * added to i18n on first use, then the usual useTranslation.
 */
export function useGiftAuditTranslation(other: string[] = []) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('ja', 'gift-audit')) {
    i18n.addResourceBundle('ja', 'gift-audit', ja, true, true);
    i18n.addResourceBundle('en', 'gift-audit', en, true, true);
  }
  return useTranslation(['gift-audit', ...other]);
}
