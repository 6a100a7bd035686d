import { useTranslation } from 'react-i18next';
import en from '../../../../locales/en/walking.json' with { type: 'json' };
import ja from '../../../../locales/ja/walking.json' with { type: 'json' };

/**
 * The `walking` namespace rides with the walking event pages instead of the portal's language chunk (which /login
 * loads): added to i18n on first use, then the usual useTranslation.
 */
export function useWalkingTranslation(other: string[] = []) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('ja', 'walking')) {
    i18n.addResourceBundle('ja', 'walking', ja, true, true);
    i18n.addResourceBundle('en', 'walking', en, true, true);
  }
  return useTranslation(['walking', ...other]);
}
