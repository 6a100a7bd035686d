import type { i18n as I18n } from 'i18next';
import { resolveLanguage, type Language } from '@kiwi/shared/i18n/languages';
import { loadLanguage } from './portal-i18n';

export type { Language };

// The device remembers the last language shown on it, for the pages seen before anybody signs in; a signed-in user's
// choice lives on the server (`users.language`), so it follows them to any browser.
const DEVICE_KEY = 'kiwi.language';

/** The language to start with: the device's last one, else Japanese (SPEC §1 default). */
export function deviceLanguage(): Language {
  try {
    return resolveLanguage(localStorage.getItem(DEVICE_KEY));
  } catch {
    return resolveLanguage(null);
  }
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
