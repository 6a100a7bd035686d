import { useTranslation } from 'react-i18next';
import en from '../../../../locales/en/gifts-admin.json' with { type: 'json' };
import ja from '../../../../locales/ja/gifts-admin.json' with { type: 'json' };

/**
 * The `gifts-admin` namespace rides with the admin catalogue pages instead of the portal's language chunk (which /login
 * loads): added to i18n on first use, then the usual useTranslation.
 */
export function useGiftsAdminTranslation(other: string[] = []) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('ja', 'gifts-admin')) {
    i18n.addResourceBundle('ja', 'gifts-admin', ja, true, true);
    i18n.addResourceBundle('en', 'gifts-admin', en, true, true);
  }
  return useTranslation(['gifts-admin', ...other]);
}
