import en from '../../../../locales/en/moderation.json' with { type: 'json' };
import ja from '../../../../locales/ja/moderation.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';

/** The `moderation` namespace, loaded with the violation report pages (i18n/use-page-namespace.ts). */
export const useModerationTranslation = (other: string[] = []) => usePageNamespace('moderation', { ja, en }, other);
