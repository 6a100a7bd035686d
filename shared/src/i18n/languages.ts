// The languages on their own, without the strings: a bundle that loads its strings lazily (the portal) imports this.
export const SUPPORTED_LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'ja';

/** 'en-US', 'EN', 'ja_JP' -> a supported language; anything else (or nothing) -> 'ja'. */
export function resolveLanguage(candidate?: string | null): Language {
  const primary = candidate?.trim().toLowerCase().split(/[-_]/)[0];
  return SUPPORTED_LANGUAGES.find((language) => language === primary) ?? FALLBACK_LANGUAGE;
}

/** The first supported language of a browser's preference list (`navigator.languages`); 'ja' when none is supported. */
export function preferredLanguage(candidates: readonly (string | null | undefined)[] | null | undefined): Language {
  for (const candidate of candidates ?? []) {
    const primary = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    const found = SUPPORTED_LANGUAGES.find((language) => language === primary);
    if (found) return found;
  }
  return FALLBACK_LANGUAGE;
}
