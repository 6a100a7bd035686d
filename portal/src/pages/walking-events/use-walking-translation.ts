import en from '../../../../locales/en/walking.json' with { type: 'json' };
import ja from '../../../../locales/ja/walking.json' with { type: 'json' };
import { usePageNamespace } from '../../i18n/use-page-namespace';

/** The `walking` namespace, loaded with the walking event pages and the home card, not with /login. */
export function useWalkingTranslation(other: string[] = []) {
  return usePageNamespace('walking', { ja, en }, other);
}
