import en from '../../../../locales/en/quests.json' with { type: 'json' };
import ja from '../../../../locales/ja/quests.json' with { type: 'json' };
import { usePageNamespace } from '../../i18n/use-page-namespace';

/** The `quests` namespace, loaded with the quest pages and the home card, not with /login. */
export function useQuestsTranslation(other: string[] = []) {
  return usePageNamespace('quests', { ja, en }, other);
}
