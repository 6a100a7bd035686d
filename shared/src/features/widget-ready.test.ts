// The widgets (issue 8) run shared/src/features/* unchanged inside a shadow root on other sites. So a feature file
// never reaches for the portal, its router, Firebase or the page's location; nothing is portalled to document.body;
// and it styles itself only through its own kiwi- classes (the portal's global `.button` or `.visually-hidden` do not
// exist in a widget, and a bare `body`/`h1` selector would leak into the host page).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = dirname(fileURLToPath(import.meta.url));
const ui = join(root, '..', 'ui');
// The features, and the shared UI they render (toast, confirm dialog, image input and viewer, chart, reactions...).
const files = [
  ...(readdirSync(root, { recursive: true }) as string[]).map((name) => join(root, name)),
  ...readdirSync(ui).map((name) => join(ui, name)),
].filter((path) => /\.(tsx?|css)$/.test(path) && !/\.test\.tsx?$/.test(path));
const sources = files.map((path) => ({ name: relative(root, path), text: readFileSync(path, 'utf8') }));
const code = sources.filter(({ name }) => !name.endsWith('.css'));
const styles = sources.filter(({ name }) => name.endsWith('.css'));

const offending = (list: typeof sources, find: (text: string) => string[]) =>
  list.flatMap(({ name, text }) => find(text).map((hit) => `${name}: ${hit}`));

describe('feature components are ready for the widgets', () => {
  it('finds the feature files', () => {
    expect(code.length).toBeGreaterThan(10);
    expect(styles.length).toBeGreaterThan(3);
  });

  it('import neither the portal, a router, Firebase nor the portal session', () => {
    const imports = (text: string) => [...text.matchAll(/from '([^']+)'|import '([^']+)'/g)].map((match) => match[1] ?? match[2] ?? '');
    const forbidden = /^(react-router|react-router-dom|firebase|@firebase\/|@kiwi\/portal)|portal\/|\/session\//;
    expect(offending(code, (text) => imports(text).filter((path) => forbidden.test(path)))).toEqual([]);
  });

  it('never portal to document.body nor move the page themselves', () => {
    const patterns = [
      /createPortal/,
      /document\.body/,
      /(window|globalThis)\.location\s*(=|\.(assign|replace|href\s*=))/,
      /\blocation\.href\s*=/,
    ];
    // Comments aside; a download's throw-away link (appended, clicked, removed at once) is not a portal.
    const strip = (text: string) =>
      text
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/document\.body\.append\(link\);\s*link\.click\(\);\s*link\.remove\(\);/g, '');
    expect(offending(code, (text) => patterns.filter((pattern) => pattern.test(strip(text))).map(String))).toEqual([]);
  });

  it('use nothing of React 19 that preact/compat (the widgets) lacks', () => {
    const patterns = [
      // <SomeContext value={...}> as a provider: preact needs <SomeContext.Provider value={...}>.
      /<[A-Z]\w*Context\s+value=/,
      /(^|[^.\w])use\(/,
      /\buse(ActionState|Optimistic|FormStatus)\b/,
      /\s(action|formAction)=\{/,
      // `ref` as a plain prop of a function component (React 19); preact/compat needs forwardRef.
      /<[A-Z][\w.]*\s[^<>]*\bref=\{/,
    ];
    expect(offending(code, (text) => patterns.filter((pattern) => pattern.test(text)).map(String))).toEqual([]);
  });

  it('load a chunk only through lazyOr, whose fallback keeps a failed chunk from blanking the page or widget', () => {
    // React.lazy's error reaches the root (no error boundary in the portal nor the widgets) and unmounts everything.
    const bareLazy = (text: string) => [...text.matchAll(/(^|[^\w.])lazy\(|\bReact\.lazy\(/gm)].map((match) => match[0].trim());
    expect(
      offending(
        code.filter(({ name }) => !name.endsWith('lazy-chunk.ts')),
        bareLazy,
      ),
    ).toEqual([]);
  });

  it("load every API-served URL through the host's resolveUrl and link portal pages through its portalUrl", () => {
    // A widget's page is another origin: "/api/images/..." or "/events/3" as such would point at the intranet itself.
    const unresolved = (text: string) =>
      [...text.matchAll(/\b(src|href|poster|srcSet)=\{([^}]*)/g)]
        .map((match) => match[0])
        .filter((attribute) => !/^(src=\{resolveUrl\(|href=\{portalUrl\()/.test(attribute));
    // Handed over already resolved (the image strip resolves before it renders and opens the viewer), or the text's own links.
    const resolvedBefore = [
      'ui/message-images.tsx: src={url',
      'ui/image-viewer-dialog.tsx: src={current.url',
      'ui/image-viewer-dialog.tsx: src={image.thumbnailUrl',
      'ui/linkified-text.tsx: href={part.href',
      // A Markdown body's own links: absolute http(s) only (domain/markdown.ts drops every other scheme).
      'ui/markdown-text.tsx: href={node.href',
    ];
    const named = code.map(({ name, text }) => ({ name: name.replace(/^\.\.\//, ''), text }));
    expect(offending(named, unresolved).filter((hit) => !resolvedBefore.includes(hit))).toEqual([]);
    expect(offending(named, unresolved)).toEqual(expect.arrayContaining(resolvedBefore));
  });

  it('use only their own kiwi- classes', () => {
    const classes = (text: string) =>
      [...text.matchAll(/className="([^"]+)"/g)]
        .flatMap((match) => (match[1] ?? '').split(/\s+/))
        .filter((name) => name !== '' && !name.startsWith('kiwi-'));
    expect(offending(code, classes)).toEqual([]);
  });

  it('style nothing outside a kiwi- class', () => {
    const selectors = (text: string) =>
      text
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/@[^{]+\{/g, '')
        .split('}')
        .map((block) => block.split('{')[0]?.trim() ?? '')
        .filter((selector) => selector !== '')
        .flatMap((selector) => selector.split(','))
        .map((selector) => selector.trim())
        .filter((selector) => !/^([a-z]+)?\.kiwi-/.test(selector));
    expect(offending(styles, selectors)).toEqual([]);
  });
});

// What a widget loads first is what the widget components import statically, all the way down. A dynamic import()
// (React.lazy) starts a chunk of its own and is not followed; `import type` and `export type` are erased. Anything else,
// `import { type X } from 'y'` included (verbatimModuleSyntax keeps it as `import 'y'`), is an edge.
const src = join(root, '..');
const WIDGET_ENTRIES = [
  'features/events/event-list.tsx',
  'features/events/event-detail.tsx',
  'features/events/shared-event.tsx',
  'features/guild-chat/guild-chat.tsx',
  'features/coin-messages/coin-messages.tsx',
  'features/surveys/survey-answer-form.tsx',
  'features/surveys/survey-result.tsx',
  // What a widget renders around them: the context, the providers and the API client.
  'features/feature-context.tsx',
  'ui/toast.tsx',
  'ui/confirm-dialog.tsx',
  'ui/image-viewer.tsx',
  'api/client.ts',
];
/** Too big for a widget's first load (issue 8, size budget), or not the widget's to import at all. */
const NOT_IN_FIRST_LOAD: [RegExp, string][] = [
  [/^zod(\/|$)/, 'zod'],
  [/^@floating-ui\//, '@floating-ui'],
  [/^(firebase|@firebase\/)/, 'firebase'],
  [/^uplot(\/|$)/, 'uplot'],
  [/^react-router(-dom)?(\/|$)/, 'react-router'],
  [/^@kiwi\/portal|(^|\/)portal\/|\/session\//, 'portal'],
];

/**
 * The module specifiers a file imports statically (comments aside), without type-only ones. A comment starts a line
 * or follows a space (so `accept="image/*"` and `https://` are no comments); an import's clause holds no quote,
 * semicolon, parenthesis, `=` nor another import or export keyword (so `export const x = 1;` does not run on into the
 * next import and hide it).
 */
function staticImports(text: string): string[] {
  const code = text.replace(/(^|\s)\/\*[\s\S]*?\*\//g, '$1').replace(/(^|\s)\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const match of code.matchAll(/^\s*(import|export)\s+(?!\()((?:(?!\b(?:import|export)\b)[^;'"()=])*?)\bfrom\s*['"]([^'"]+)['"]/gm)) {
    if (/^type\s/.test(match[2] ?? '')) continue;
    if (match[1] === 'export' && !/^(\*|\{)/.test(match[2] ?? '')) continue;
    found.push(match[3] ?? '');
  }
  for (const match of code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) found.push(match[1] ?? '');
  return found;
}

/** A relative or @kiwi/shared specifier as a file of shared/src (package.json "exports"), else null (a package). */
function resolveShared(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@kiwi/shared/')) base = join(src, specifier.slice('@kiwi/shared/'.length));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${relative(src, from)}: cannot resolve ${specifier}`);
}

/** Every file and package reachable from `entry` by static imports, each with the chain that reaches it. */
function staticGraph(entry: string): Map<string, string[]> {
  const start = join(src, entry);
  const reached = new Map<string, string[]>([[start, [entry]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (!/\.tsx?$/.test(file)) continue;
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const target = resolveShared(file, specifier) ?? specifier;
      if (reached.has(target)) continue;
      reached.set(target, [...reached.get(file)!, target.startsWith(src) ? relative(src, target) : target]);
      if (target !== specifier) queue.push(target);
    }
  }
  return reached;
}

/** The shared modules the widgets' own sources import (widgets/src), as paths of shared/src: entries as well. */
function widgetImports(): string[] {
  const widgetSrc = join(src, '..', '..', 'widgets', 'src');
  if (!existsSync(widgetSrc)) return [];
  return (readdirSync(widgetSrc, { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .flatMap((name) => {
      const file = join(widgetSrc, name);
      return staticImports(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('@kiwi/shared/'))
        .map((specifier) => relative(src, resolveShared(file, specifier)!));
    });
}
const entries = [...new Set([...WIDGET_ENTRIES, ...widgetImports()])].sort();

describe("the widget components' first load (static imports only)", () => {
  it('takes as entries also every shared module the widgets import themselves', () => {
    expect(entries).toEqual(expect.arrayContaining(WIDGET_ENTRIES));
    if (existsSync(join(src, '..', '..', 'widgets', 'src'))) expect(entries).toContain('api/errors.ts');
  });

  it.each(entries)('%s reaches no zod, floating-ui, Firebase, uPlot, router nor portal', (entry) => {
    const hits = [...staticGraph(entry).entries()].flatMap(([target, chain]) =>
      NOT_IN_FIRST_LOAD.filter(([pattern]) => !target.startsWith(src) && pattern.test(target)).map(
        ([, name]) => `${name}: ${chain.join(' -> ')}`,
      ),
    );
    expect(hits).toEqual([]);
  });

  it('follows relative and @kiwi/shared imports, skips type-only and dynamic ones', () => {
    expect(
      staticImports(
        [
          "import { a } from './a';",
          "import type { B } from 'zod';",
          "export type { C } from './c';",
          "import {\n  type D,\n  e, // don't drop me\n} from '@kiwi/shared/domain/tags';",
          "import { type F } from './kept-as-side-effect';",
          "import './x.css';",
          "export { g } from './g';",
          "const lazyOne = () => import('./lazy');",
          "// import { h } from './commented';",
          'export const i = 1;',
          'export function j() {}',
          "import { late } from './after-an-export';",
          "const accept = 'image/*';",
          "import { k } from './after-a-glob';",
          '/** a doc comment */',
        ].join('\n'),
      ),
    ).toEqual(['./a', '@kiwi/shared/domain/tags', './kept-as-side-effect', './g', './after-an-export', './after-a-glob', './x.css']);
  });

  it('would catch them: a create form (not in a widget) reaches zod, and the chart and the emoji placement are lazy chunks', () => {
    const form = staticGraph('features/events/event-form.tsx');
    expect(form.get('zod')).toBeDefined();
    const result = staticGraph('features/surveys/survey-result.tsx');
    expect(result.has(join(src, 'ui/lazy-chart.tsx'))).toBe(true);
    expect(result.has(join(src, 'ui/chart.tsx'))).toBe(false);
    expect(staticGraph('ui/chart.tsx').has('uplot/dist/uPlot.min.css')).toBe(true);
    const chat = staticGraph('features/guild-chat/guild-chat.tsx');
    expect(chat.has(join(src, 'ui/emoji-picker.tsx'))).toBe(true);
    expect(chat.has(join(src, 'ui/emoji-picker-placement.tsx'))).toBe(false);
    expect(staticGraph('ui/emoji-picker-placement.tsx').has('@floating-ui/react')).toBe(true);
  });
});
