// What issue 21 (session 3) did to make room in the widgets' size budget, checked on the built widgets (widgets/dist, as
// `npm run build` leaves it) so that none of it comes back unnoticed: see docs/decisions.md "Issue 21: room in the
// widgets' size budget (session 3)".
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtFiles } from '../../scripts/bundle-size';
import { readManifest } from '../scripts/size-report';
import { rootVariables } from '../vite/style-registry-plugin';
import { COMMON_NAMESPACES, WIDGET_SPECS } from './widget-kinds';
import { widgetSources } from './widget-sources';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const chunks = () =>
  builtFiles(readdirSync(`${dist}/assets`)).map((file) => [file, readFileSync(`${dist}/assets/${file}`, 'utf8')] as const);

describe('the built widgets', () => {
  it("carry ofetch's small helpers, not ufo's URL parser nor destr", () => {
    const entry = readFileSync(`${dist}/${readManifest(dist)['src/kiwi.ts']!.file}`, 'utf8');
    expect(entry).toContain('FetchError');
    for (const [file, code] of chunks()) {
      expect(code, file).not.toContain('ufo:protocolRelative');
      expect(code, file).not.toContain('[destr]');
    }
  });

  it('have a language chunk for only the namespaces a widget loads (and the report strings, which load themselves)', () => {
    const namespaces = new Set([...WIDGET_SPECS.flatMap((spec) => spec.namespaces), 'cancellation', 'report']);
    const locales = Object.keys(readManifest(dist)).filter((key) => key.startsWith('../locales/'));
    expect(locales.sort()).toEqual(
      ['ja', 'en'].flatMap((language) => [...namespaces].map((ns) => `../locales/${language}/${ns}.json`)).sort(),
    );
    for (const ns of COMMON_NAMESPACES) expect(locales).not.toContain(`../locales/ja/${ns}.json`);
  });

  it("keep no fallback of the theme's variables in their style sheets, and the theme's own defaults", () => {
    const themed = rootVariables(readFileSync(fileURLToPath(new URL('./styles/widget.css', import.meta.url)), 'utf8'));
    const fallback = new RegExp(`var\\((?:${themed.join('|')})\\s*,`);
    let sheets = 0;
    for (const [file, code] of chunks()) {
      expect(code, file).not.toMatch(fallback);
      if (code.includes('var(--color-')) sheets += 1;
    }
    expect(sheets).toBeGreaterThan(5);
    const entry = readFileSync(`${dist}/${readManifest(dist)['src/kiwi.ts']!.file}`, 'utf8');
    expect(entry).toContain('--color-primary:var(--kiwi-primary,#2e7d32)');
  });

  it('have useMutation and the forms stand-in in the entry, not in chunks of their own every widget would load', () => {
    const manifest = readManifest(dist);
    expect(Object.keys(manifest).filter((key) => /useMutation|mutationObserver|forms|react-hook-form/i.test(key))).toEqual([]);
    // useMutation's result (query-core's Mutation, which QueryClient needs, was there already).
    expect(readFileSync(`${dist}/${manifest['src/kiwi.ts']!.file}`, 'utf8')).toContain('mutateAsync');
  });

  it("import React's and ReactDOM's named exports only (a default import is preact/compat's object of every function)", () => {
    const sources = widgetSources();
    expect([...sources.keys()].some((file) => file.endsWith('widgets/src/runtime/r2wc.ts'))).toBe(true);
    for (const [file, code] of sources) {
      expect(code, file).not.toMatch(
        /^\s*import\s+[\w$]+\s*(?:,\s*\{[^}]*\})?\s+from\s+['"](?:react|react-dom|react-dom\/client|preact\/compat)['"]/m,
      );
      expect(code, file).not.toMatch(/from\s+['"]@r2wc\/react-to-web-component['"]/);
    }
  });
});
