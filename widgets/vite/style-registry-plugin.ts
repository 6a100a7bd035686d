import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = '\0kiwi-style:';
// The virtual id must not end in .css, or Vite's own CSS plugins would take the module for a style sheet.
const SUFFIX = '.kiwi-style.js';

/** The custom properties the `.kiwi-root` rule of a style sheet defines (widget.css: the theme every widget renders in). */
export function rootVariables(css: string): string[] {
  const root = /(?:^|})\s*\.kiwi-root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return [...root.matchAll(/(--[\w-]+)\s*:/g)].map(([, name]) => name!);
}

/**
 * `var(--name, fallback)` as `var(--name)` for the names given: every widget renders inside .kiwi-root, which defines
 * them, so the shared components' fallbacks (there for the portal's pages) can never apply in a widget, and each chunk
 * is shorter for it (a fallback may hold one level of parentheses: `var(--shadow, 0 4px 16px rgba(0, 0, 0, 0.18))`).
 */
export function withoutFallbacks(code: string, names: readonly string[]): string {
  if (names.length === 0) return code;
  const pattern = new RegExp(`var\\((${names.join('|')})\\s*,(?:[^()]|\\([^()]*\\))*\\)`, 'g');
  return code.replace(pattern, 'var($1)');
}

/**
 * Side-effect CSS imports (`import './x.css'`, as the shared feature components write them) become JS modules that
 * hand the processed CSS text to the widgets' style registry, which the shadow roots adopt. Vite would otherwise put
 * them into the host page's <head>. `?inline` keeps Vite's own CSS processing and minification.
 */
export function styleRegistryPlugin({ registry }: { registry: string }): Plugin {
  // The theme's variables: widget.css, next to the registry, defines them on .kiwi-root.
  const themed = rootVariables(readFileSync(join(dirname(registry), 'widget.css'), 'utf8'));
  return {
    name: 'kiwi-style-registry',
    enforce: 'pre',
    transform(code, id) {
      // Vite's processed (minified) CSS text, as the module `?inline` gives (see load below).
      if (!/\.css\?inline$/.test(id)) return null;
      const trimmed = withoutFallbacks(code, themed);
      return trimmed === code ? null : { code: trimmed, map: null };
    },
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
