import i18next, { type i18n as I18n } from 'i18next';
import { type Language, SUPPORTED_LANGUAGES } from '@kiwi/shared/i18n/languages';
import jaCommon from '../../../locales/ja/common.json' with { type: 'json' };
import enCommon from '../../../locales/en/common.json' with { type: 'json' };

const LOCALES: Record<Language, () => Promise<{ resources: Record<string, Record<string, unknown>> }>> = {
  ja: () => import('./locales-ja'),
  en: () => import('./locales-en'),
};

/**
 * The portal's i18next: the shared createI18n's options, with only `common` (the loading view's line) in the entry.
 * The other namespaces come per language from a chunk ({@link loadLanguage}), so a visitor downloads one language.
 */
export function createPortalI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { ja: { common: jaCommon }, en: { common: enCommon } },
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: 'ja',
    supportedLngs: SUPPORTED_LANGUAGES,
    defaultNS: 'common',
    // React escapes on render.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Adds every namespace of `language` (once); i18n instances with all resources bundled (tests) have nothing to load. */
export async function loadLanguage(i18n: I18n, language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'portal')) return;
  const { resources } = await LOCALES[language]();
  for (const [path, bundle] of Object.entries(resources)) {
    const namespace = /([\w-]+)\.json$/.exec(path)?.[1];
    if (namespace) i18n.addResourceBundle(language, namespace, bundle, true, true);
  }
}
