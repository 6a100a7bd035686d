import type { i18n as I18n } from 'i18next';
import { preferredLanguage, resolveLanguage, type Language } from '@kiwi/shared/i18n/languages';
import { loadLanguage } from './portal-i18n';

export type { Language };

// The device remembers the last language shown on it, for the pages seen before anybody signs in; a signed-in user's
// choice lives on the server (`users.language`), so it follows them to any browser.
const DEVICE_KEY = 'kiwi.language';

/**
 * The language to start with: the one chosen (or signed in with) on this device, else the browser's first supported
 * language (`navigator.languages`), else Japanese (SPEC §1 default).
 */
export function deviceLanguage(): Language {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(DEVICE_KEY);
  } catch {
    // Private browsing can refuse storage: the browser's languages decide.
  }
  if (chosen) return resolveLanguage(chosen);
  return preferredLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** Shows the interface in `language` and remembers it for this device. */
export async function applyLanguage(i18n: I18n, language: Language): Promise<void> {
  try {
    localStorage.setItem(DEVICE_KEY, language);
  } catch {
    // Private browsing can refuse storage; the language then lasts for this page only.
  }
  if (language === i18n.language) return;
  await loadLanguage(i18n, language);
  await i18n.changeLanguage(language);
}
