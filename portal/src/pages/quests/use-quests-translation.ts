import { useTranslation } from 'react-i18next';
import en from '../../../../locales/en/quests.json' with { type: 'json' };
import ja from '../../../../locales/ja/quests.json' with { type: 'json' };

/**
 * The `quests` namespace rides with the quest pages and the home card instead of the portal's language chunk (which
 * /login loads): added to i18n on first use, then the usual useTranslation.
 */
export function useQuestsTranslation(other: string[] = []) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('ja', 'quests')) {
    i18n.addResourceBundle('ja', 'quests', ja, true, true);
    i18n.addResourceBundle('en', 'quests', en, true, true);
  }
  return useTranslation(['quests', ...other]);
}
