import { useTranslation } from 'react-i18next';
import en from '../../../../locales/en/moderation.json' with { type: 'json' };
import ja from '../../../../locales/ja/moderation.json' with { type: 'json' };

/**
 * The `moderation` namespace rides with the violation report pages instead of the portal's language chunk (which /login
 * loads): added to i18n on first use, then the usual useTranslation (as use-walking-translation.ts).
 */
export function useModerationTranslation(other: string[] = []) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('ja', 'moderation')) {
    i18n.addResourceBundle('ja', 'moderation', ja, true, true);
    i18n.addResourceBundle('en', 'moderation', en, true, true);
  }
  return useTranslation(['moderation', ...other]);
}
