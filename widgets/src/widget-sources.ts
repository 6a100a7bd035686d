// Test support: the source files the widgets' build bundles, found by following imports from src/kiwi.ts (what the
// locale and layout tests check the widgets' own code against). Not imported by the widgets themselves.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The build's aliases of imports the crawl below meets (vite.config.ts). */
const ALIASES: Record<string, string> = {
  'react-i18next': `${root}widgets/src/i18n/mini-react-i18next.tsx`,
  i18next: `${root}widgets/src/i18n/mini-i18next.ts`,
  './emoji-picker-placement': `${root}widgets/src/shims/emoji-picker-placement.tsx`,
  'react-hook-form': `${root}widgets/src/forms/mini-react-hook-form.ts`,
};
const resolveSource = (specifier: string, importer: string): string | null => {
  const base =
    ALIASES[specifier] ??
    (specifier.startsWith('@kiwi/shared/')
      ? `${root}shared/src/${specifier.slice(13)}`
      : specifier.startsWith('.')
        ? resolve(dirname(importer), specifier)
        : null);
  if (!base) return null;
  return (
    [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) => /\.tsx?$/.test(file) && existsSync(file)) ??
    null
  );
};

/**
 * The source files the widgets' build bundles: every import (static or lazy, type-only ones left out) followed from
 * src/kiwi.ts through the widgets and @kiwi/shared. File -> source text.
 */
export function widgetSources(): Map<string, string> {
  const sources = new Map<string, string>();
  const visit = (file: string) => {
    if (sources.has(file)) return;
    const code = readFileSync(file, 'utf8');
    sources.set(file, code);
    const imports = code.matchAll(
      /^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm,
    );
    for (const [, from, lazy, bare] of imports) {
      const target = resolveSource((from ?? lazy ?? bare)!, file);
      if (target) visit(target);
    }
  };
  visit(`${root}widgets/src/kiwi.ts`);
  return sources;
}
