import { useTranslation } from 'react-i18next';

/**
 * A namespace that rides with its pages instead of the portal's language chunk (which /login loads): both languages'
 * bundles are added to i18n on first use, then the usual useTranslation. The page (or its hook: useWalkingTranslation,
 * useRewardsTranslation) imports the two JSON files, so they land in its chunk only:
 * `usePageNamespace('admin-users', { ja, en }, ['common'])`. The namespace is excluded in portal's locales-{ja,en}.ts.
 */
export function usePageNamespace(namespace: string, bundles: Record<'ja' | 'en', object>, other: string[] = []) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('ja', namespace)) {
    i18n.addResourceBundle('ja', namespace, bundles.ja, true, true);
    i18n.addResourceBundle('en', namespace, bundles.en, true, true);
  }
  return useTranslation([namespace, ...other]);
}
