// The widgets (issue 8) run shared/src/features/* unchanged inside a shadow root on other sites. So a feature file
// never reaches for the portal, its router, Firebase or the page's location; nothing is portalled to document.body;
// and it styles itself only through its own kiwi- classes (the portal's global `.button` or `.visually-hidden` do not
// exist in a widget, and a bare `body`/`h1` selector would leak into the host page).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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
    const patterns = [/createPortal/, /document\.body/, /(window|globalThis)\.location\s*(=|\.(assign|replace|href\s*=))/, /\blocation\.href\s*=/];
    // Comments aside; a download's throw-away link (appended, clicked, removed at once) is not a portal.
    const strip = (text: string) =>
      text
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/document\.body\.append\(link\);\s*link\.click\(\);\s*link\.remove\(\);/g, '');
    expect(offending(code, (text) => patterns.filter((pattern) => pattern.test(strip(text))).map(String))).toEqual([]);
  });

  it('use only their own kiwi- classes', () => {
    const classes = (text: string) =>
      [...text.matchAll(/className="([^"]+)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/)).filter((name) => name !== '' && !name.startsWith('kiwi-'));
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
