// Where the widgets' Kiwi server is: the `api-base` attribute, else the origin this script was loaded from.

/** The origin of the script itself (kiwi.js and its chunks are served by the Kiwi server). */
export const SCRIPT_ORIGIN = new URL(import.meta.url).origin;

/** `api-base` as an absolute URL without a trailing slash ("https://kiwi.example.com"); the API is at `${base}/api`. */
export function resolveApiBase(attribute: string | undefined | null): string {
  if (!attribute) return SCRIPT_ORIGIN;
  try {
    return new URL(attribute, document.baseURI).href.replace(/\/+$/, '');
  } catch {
    return SCRIPT_ORIGIN;
  }
}
