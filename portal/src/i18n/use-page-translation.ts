import { useTranslation } from 'react-i18next';

type Bundles = { ja: Record<string, unknown>; en: Record<string, unknown> };

/**
 * A page namespace that rides with its page's chunk instead of the portal's language chunk (which /login loads): added
 * to i18n on first use, then the usual useTranslation. The page imports its two JSON files and passes them here:
 * `usePageTranslation('admin-users', { ja, en }, ['common'])`. Its namespace is excluded in locales-{ja,en}.ts.
 */
export function usePageTranslation(namespace: string, bundles: Bundles, other: string[] = []) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('ja', namespace)) {
    i18n.addResourceBundle('ja', namespace, bundles.ja, true, true);
    i18n.addResourceBundle('en', namespace, bundles.en, true, true);
  }
  return useTranslation([namespace, ...other]);
}
