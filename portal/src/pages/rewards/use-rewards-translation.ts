import en from '../../../../locales/en/rewards.json' with { type: 'json' };
import ja from '../../../../locales/ja/rewards.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';

/** The `rewards` namespace, loaded with the rewards page (i18n/use-page-namespace.ts). */
export const useRewardsTranslation = (other: string[] = []) => usePageNamespace('rewards', { ja, en }, other);
