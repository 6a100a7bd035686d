// The rule of a URL system setting (store links), zod-free: the app install page's QR code reads the length bound
// without the settings registry (domain/system-settings.ts), which carries zod.

/**
 * A URL setting's value, in characters. It becomes a QR code on /app_install: 1,000 ASCII characters fit a QR code
 * (version 40 at error correction M holds 2,331 bytes) with room to spare, and no store link comes near it.
 */
export const SYSTEM_SETTING_URL_MAX = 1000;

/**
 * An absolute https URL with a host and no user name or password, at most SYSTEM_SETTING_URL_MAX characters: what a
 * URL setting may hold. Anything else (`javascript:`, `data:`, plain http) is refused on write.
 */
export function isHttpsSettingUrl(value: string): boolean {
  // Written as it will be read: `https://` and a host, not a form URL parsing would repair (`https:///x`, `https:\\x`).
  if (value.length > SYSTEM_SETTING_URL_MAX || /\s/.test(value) || !/^https:\/\/[^/\\]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}
