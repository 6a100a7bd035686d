import en from '../../../../locales/en/quests.json' with { type: 'json' };
import ja from '../../../../locales/ja/quests.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';

/** The `quests` namespace, loaded with the quest pages and the home card (i18n/use-page-namespace.ts). */
export const useQuestsTranslation = (other: string[] = []) => usePageNamespace('quests', { ja, en }, other);
