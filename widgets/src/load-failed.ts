// The one line a widget shows when its chunk or its translations cannot be loaded. Both languages are put into the
// entry at build time from locales/{ja,en}/widgets.json (`loadFailed`), see vite.config.ts.
declare const __KIWI_LOAD_FAILED__: { ja: string; en: string };

export function loadFailedText(locale: string | undefined): string {
  const language = (locale ?? globalThis.navigator?.language ?? '').toLowerCase();
  return language.startsWith('en') ? __KIWI_LOAD_FAILED__.en : __KIWI_LOAD_FAILED__.ja;
}
