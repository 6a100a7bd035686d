import i18next, { type i18n } from 'i18next';
import { NAMESPACES, resources } from './resources';
import { FALLBACK_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from './languages';

export { FALLBACK_LANGUAGE, type Language, resolveLanguage, SUPPORTED_LANGUAGES } from './languages';

/**
 * A fresh i18next instance (one per app, widget or test), ready synchronously: every namespace is bundled.
 * React callers wrap their tree in react-i18next's `<I18nextProvider i18n={...}>`; the server uses `t` directly.
 */
export function createI18n({ lng }: { lng?: Language } = {}): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: lng ?? FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    ns: NAMESPACES,
    defaultNS: 'common',
    // React escapes on render, and Slack Block Kit text is escaped where it is built.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
