import { SUPPORTED_LANGUAGES, resolveLanguage } from '@kiwi/shared/i18n/create-i18n';

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

// The choice is remembered per user (keyed by Firebase uid) and, for pages seen signed out, per device.
const DEVICE_KEY = 'kiwi.language';
const userKey = (uid: string) => `kiwi.language.${uid}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing can refuse storage; the choice then lasts for this page only.
  }
}

/** The language to start with: the device's last choice, else Japanese (SPEC §1 default). */
export function deviceLanguage(): Language {
  return resolveLanguage(read(DEVICE_KEY));
}

/** The language this user chose before, if any. */
export function userLanguage(uid: string): Language | undefined {
  const stored = read(userKey(uid));
  return stored === null ? undefined : resolveLanguage(stored);
}

export function rememberLanguage(language: Language, uid?: string): void {
  write(DEVICE_KEY, language);
  if (uid) write(userKey(uid), language);
}
