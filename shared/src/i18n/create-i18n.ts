import i18next, { type i18n } from 'i18next';
import { NAMESPACES, resources } from './resources';

export const SUPPORTED_LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
const FALLBACK_LANGUAGE: Language = 'ja';

/** 'en-US', 'EN', 'ja_JP' -> a supported language; anything else (or nothing) -> 'ja'. */
export function resolveLanguage(candidate?: string | null): Language {
  const primary = candidate?.trim().toLowerCase().split(/[-_]/)[0];
  return SUPPORTED_LANGUAGES.find((language) => language === primary) ?? FALLBACK_LANGUAGE;
}

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
