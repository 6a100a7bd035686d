import type { Plugin } from 'vite';

const PREFIX = '\0kiwi-style:';
// The virtual id must not end in .css, or Vite's own CSS plugins would take the module for a style sheet.
const SUFFIX = '.kiwi-style.js';

/**
 * Side-effect CSS imports (`import './x.css'`, as the shared feature components write them) become JS modules that
 * hand the processed CSS text to the widgets' style registry, which the shadow roots adopt. Vite would otherwise put
 * them into the host page's <head>. `?inline` keeps Vite's own CSS processing and minification.
 */
export function styleRegistryPlugin({ registry }: { registry: string }): Plugin {
  return {
    name: 'kiwi-style-registry',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/\.css$/.test(source) || importer.startsWith(PREFIX)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return null;
      return { id: `${PREFIX}${resolved.id}${SUFFIX}`, moduleSideEffects: true };
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      return [
        `import css from ${JSON.stringify(`${file}?inline`)};`,
        `import { registerStyle } from ${JSON.stringify(registry)};`,
        'registerStyle(css);',
      ].join('\n');
    },
  };
}
