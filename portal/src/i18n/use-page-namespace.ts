import { useTranslation } from 'react-i18next';

type Bundles = { ja: Record<string, unknown>; en: Record<string, unknown> };

/**
 * A namespace that rides with its pages instead of the portal's language chunk (which /login loads): its bundles are
 * added to i18n on first use, then the usual useTranslation with `other` namespaces after it.
 */
export function usePageNamespace(namespace: string, bundles: Bundles, other: string[] = []) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('ja', namespace)) {
    i18n.addResourceBundle('ja', namespace, bundles.ja, true, true);
    i18n.addResourceBundle('en', namespace, bundles.en, true, true);
  }
  return useTranslation([namespace, ...other]);
}
