import en from '../../../../locales/en/walking.json' with { type: 'json' };
import ja from '../../../../locales/ja/walking.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';

/** The `walking` namespace, loaded with the walking event pages (i18n/use-page-namespace.ts). */
export const useWalkingTranslation = (other: string[] = []) => usePageNamespace('walking', { ja, en }, other);
