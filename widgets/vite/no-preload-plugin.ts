import type { Plugin } from 'vite';

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Replaces Vite's preload helper (wrapped around every dynamic import) by a pass-through. The widgets preload nothing
 * (build.modulePreload is false: no <link> tags in the host page's <head>), so its 1.3 KB gzip would be dead weight.
 */
export function noPreloadPlugin(): Plugin {
  return {
    name: 'kiwi-no-preload-helper',
    enforce: 'pre',
    load(id) {
      if (id === PRELOAD_HELPER) return 'export const __vitePreload = (load) => load();';
      return null;
    },
  };
}
