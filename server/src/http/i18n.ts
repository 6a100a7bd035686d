import { createI18n, resolveLanguage, SUPPORTED_LANGUAGES } from '@kiwi/shared/i18n/create-i18n';
import type { Request } from 'express';

export type Language = (typeof SUPPORTED_LANGUAGES)[number];
type Translate = (key: string, params?: Record<string, unknown>) => string;

const translators = new Map<Language, Translate>();

/** One i18next instance per language, built on first use and kept for the life of the process. */
export function translatorFor(language: Language): Translate {
  let translate = translators.get(language);
  if (!translate) {
    const i18n = createI18n({ lng: language });
    translate = (key, params) => i18n.t(key, { lng: language, ...params }) as string;
    translators.set(language, translate);
  }
  return translate;
}

/** Accept-Language negotiated against ja/en; ja when absent or unsupported. */
export function requestLanguage(req: Request): Language {
  const negotiated = req.acceptsLanguages(...SUPPORTED_LANGUAGES);
  return resolveLanguage(typeof negotiated === 'string' ? negotiated : null);
}
