// The portal's size budget (issue 14): what each route downloads before it shows, read from portal/dist and Vite's
// manifest (nothing is built here). `npm run size` prints it beside the widgets'; src/size-budget.test.ts fails CI
// when a route is over budget.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  againstBudget,
  builtFiles,
  bytes,
  dynamicImportsOf,
  type FileSize,
  fileSizes,
  fileTable,
  KB,
  kb,
  type Manifest,
  readManifest as readBuildManifest,
  staticClosure,
} from '../../scripts/bundle-size.ts';

/** /login's initial JS, gzip: 150 kB = 150,000 bytes. */
export const LOGIN_BUDGET = 150 * KB;
/** Any other route's first load (signed-in pages, shared events), gzip: 230 kB = 230,000 bytes. */
export const PAGE_BUDGET = 230 * KB;
export type PortalBudgets = { login: number; page: number };
export const PORTAL_BUDGETS: PortalBudgets = { login: LOGIN_BUDGET, page: PAGE_BUDGET };

/** The manifest keys of index.html's script (the entry) and of the Firebase Auth chunk main.tsx loads at start-up. */
export const ENTRY = 'index.html';
export const FIREBASE = 'src/startup/firebase.ts';

/** A route of portal/src/routes.tsx: its full path, the lazy page it shows and whether it is behind sign-in. */
export type PortalRoute = { path: string; page: string; module: string; signedIn: boolean; queries: boolean };

/** The manifest keys of what main.tsx and lazy-page.tsx load besides the pages. */
export const QUERY_PROVIDER = 'src/routing/query-provider.tsx';
/**
 * The side menu (issue 19): the layout loads it only for a signed-in user, so it is counted in every signed-in route's
 * initial JS (with, in the organisation area, the managers' pending-report badge it loads as it renders), never in /login's.
 */
export const SIDE_MENU = 'src/layout/side-menu.tsx';
/** The side menu's pending-report badge (and the moderation strings): only a manager in the organisation area loads it. */
export const PENDING_BADGE = 'src/layout/pending-reports-badge.tsx';
/**
 * Lazy chunks that load only when a person acts, not counted in a route's first load: the image viewer's dialog (on
 * the first image opened), Firebase Messaging (when a member turns push on, issue 15), the /login second-factor step
 * (when Firebase asks for a second factor, issue 16) and the Google, Microsoft and email-link sign-in of /login (on a
 * click there, issue 16).
 */
export const ON_INTERACTION = [
  '../shared/src/ui/image-viewer-dialog.tsx',
  // The report dialog (issue 19), on the first click of a Report button.
  '../shared/src/features/report/report-dialog.tsx',
  // The calendar of the date fields (react-day-picker and its locales), on the first click of a calendar button.
  '../shared/src/ui/date-calendar.tsx',
  'src/push/web-push.ts',
  'src/pages/login-mfa-step.tsx',
  'src/identity/sso.ts',
  'src/identity/email-link-form.tsx',
];
/** The strings of the language measured: Japanese, the default and fallback (its files are the larger ones). */
export const LOCALES = 'src/i18n/locales-ja.ts';

/**
 * The routes of routes.tsx, read from its source: `const X = lazyPage(() => import('./pages/...'), 'X')` names each
 * page's module (`{ queries: false }` when it renders without react-query), and the nesting of <Route> elements gives
 * the paths. The budget test fails if a lazy page of the build has no route here, so the file cannot drift unmeasured.
 */
export function readRoutes(source: string): PortalRoute[] {
  const modules = new Map<string, { module: string; queries: boolean }>();
  for (const [, name, module, options] of source.matchAll(
    /const (\w+) = lazyPage\(\s*\(\) => import\('\.\/([^']+)'\),\s*'\w+'(,\s*\{[^}]*\})?/g,
  ))
    modules.set(name!, { module: `src/${module}.tsx`, queries: !/queries:\s*false/.test(options ?? '') });
  const routes: PortalRoute[] = [];
  const stack: { path: string; signedIn: boolean }[] = [{ path: '', signedIn: false }];
  for (const [tag] of source.matchAll(/<Route\b(?:[^>{]|\{(?:[^{}]|\{[^{}]*\})*\})*>|<\/Route>/g)) {
    const parent = stack.at(-1)!;
    if (tag === '</Route>') {
      stack.pop();
      continue;
    }
    const segment = /\bpath="([^"]*)"/.exec(tag)?.[1];
    const path = segment === undefined ? parent.path : `${parent.path}/${segment}`;
    const element = /element=\{<(\w+)/.exec(tag)?.[1];
    const signedIn = parent.signedIn || element === 'RequireSignedIn';
    const page = element ? modules.get(element) : undefined;
    if (page) routes.push({ path: path || '/', page: element!, ...page, signedIn });
    if (!tag.endsWith('/>')) stack.push({ path, signedIn });
  }
  return routes;
}

/** `initial` is budgeted; `total` adds what start-up fetches after the first paint, alongside the page. */
export type RouteSize = PortalRoute & {
  gzip: number;
  raw: number;
  budget: number;
  files: string[];
  totalGzip: number;
};
export type PortalSizeReport = { files: FileSize[]; routes: RouteSize[]; startup: { gzip: number; files: string[] }; problems: string[] };

/** The lazy pages of the build: dynamic entries under src/pages/ (a page's part loaded on interaction is not one). */
export const lazyPageModules = (manifest: Manifest) =>
  Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/pages/') && !ON_INTERACTION.includes(key))
    .map(([key]) => key);

/**
 * Per route, the initial JS (budgeted): the entry (index.html's script) with its static imports, the page's chunk
 * with its static imports, react-query's provider chunk for a page that fetches, and the parts the page loads as it
 * renders (its own dynamic imports: charts, the emoji picker's placement), transitively. The total adds the two chunks
 * main.tsx fetches after the first paint, in parallel with the page: the Firebase Auth SDK the session waits for and
 * the language's strings (Japanese). JavaScript only; the CSS is in the table of files.
 */
export function measurePortal(distDir: string, routesSource: string, budgets: PortalBudgets = PORTAL_BUDGETS): PortalSizeReport {
  const manifest = readManifest(distDir);
  const { size, total, all } = fileSizes(distDir);
  for (const file of builtFiles(readdirSync(join(distDir, 'assets')))) size(`assets/${file}`);
  const pages = new Set(lazyPageModules(manifest));
  const problems: string[] = [];
  const routes = readRoutes(routesSource);
  const routed = new Set(routes.map((route) => route.module));
  for (const page of pages)
    if (!routed.has(page)) problems.push(`${page}: a lazy page with no route in routes.tsx (scripts/size-report.ts)`);
  // What the entry imports lazily is counted where it is loaded (pages, provider) or in the start-up figure.
  const entryLazy = new Set(dynamicImportsOf(manifest, ENTRY));
  const known = new Set([...pages, QUERY_PROVIDER, SIDE_MENU, FIREBASE, LOCALES, 'src/i18n/locales-en.ts', ...ON_INTERACTION]);
  for (const lazy of entryLazy)
    if (!known.has(lazy)) problems.push(`${lazy}: a lazy chunk of the entry that is not counted (scripts/size-report.ts)`);

  const js = (files: Iterable<string>) => [...files].filter((file) => file.endsWith('.js'));
  // (Both import from the entry; only what they add to it is theirs.)
  const entryFiles = staticClosure(manifest, ENTRY);
  const startupFiles = new Set<string>();
  staticClosure(manifest, FIREBASE, startupFiles);
  staticClosure(manifest, LOCALES, startupFiles);
  for (const file of entryFiles) startupFiles.delete(file);
  const measured = routes.map((route): RouteSize => {
    const files = staticClosure(manifest, ENTRY);
    const pending = route.queries ? [route.module, QUERY_PROVIDER] : [route.module];
    if (route.signedIn) pending.push(SIDE_MENU);
    const seen = new Set<string>();
    for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
      if (seen.has(key)) continue;
      seen.add(key);
      if (!manifest[key]) {
        problems.push(`${route.path}: the build has no chunk for ${key}`);
        continue;
      }
      staticClosure(manifest, key, files);
      for (const lazy of dynamicImportsOf(manifest, key)) {
        if (lazy === PENDING_BADGE && !route.path.startsWith('/org/')) continue;
        if (!entryLazy.has(lazy) && !ON_INTERACTION.includes(lazy)) pending.push(lazy);
      }
    }
    const initial = js(files);
    const everything = js(new Set([...files, ...startupFiles]));
    const budget = route.path === '/login' ? budgets.login : budgets.page;
    const result = {
      ...route,
      gzip: total(initial, 'gzip'),
      raw: total(initial, 'raw'),
      budget,
      files: initial,
      totalGzip: total(everything, 'gzip'),
    };
    if (result.gzip > budget) problems.push(`${route.path}: initial JS ${bytes(result.gzip)} gzip > budget ${bytes(budget)}`);
    return result;
  });
  return { files: all(), routes: measured, startup: { gzip: total(js(startupFiles), 'gzip'), files: js(startupFiles) }, problems };
}

export const readManifest = (distDir: string): Manifest => readBuildManifest(distDir, 'the portal');
export const readRoutesSource = (portalDir: string) => readFileSync(join(portalDir, 'src', 'routes.tsx'), 'utf8');

/** The per-route table (and, with `withFiles`, every built file before it). */
export function formatPortalReport(report: PortalSizeReport, manifest: Manifest, { withFiles = true } = {}): string {
  const lines = withFiles
    ? [...fileTable(report.files, manifest, (file) => (file === manifest[ENTRY]?.file ? '(entry)' : undefined)), '']
    : [];
  lines.push('portal: sizes in kB = 1000 bytes; gzip level 9');
  lines.push(
    `budget (gzip): /login <= ${bytes(LOGIN_BUDGET)} (${kb(LOGIN_BUDGET)}) initial JS, any other route <= ${bytes(PAGE_BUDGET)} (${kb(PAGE_BUDGET)})`,
  );
  lines.push(
    "initial JS = entry + the route's page chunk + react-query's provider (pages that fetch) + the side menu (signed-in routes) + the parts the page loads as it renders, each with its static imports",
  );
  lines.push(
    `with start-up = initial JS + what main.tsx fetches after the first paint, alongside the page: the Firebase Auth SDK and the Japanese strings (${bytes(report.startup.gzip)})`,
  );
  const width = Math.max(...report.routes.map((route) => route.path.length));
  lines.push(`${'route'.padEnd(width)}  ${'initial JS, gzip (raw)'.padStart(40)}  ${'with start-up'.padStart(13)}  page`);
  for (const route of report.routes) {
    lines.push(
      `${route.path.padEnd(width)}  ${againstBudget(route.gzip, route.raw, route.budget)}  ${bytes(route.totalGzip).padStart(13)}  ${route.page}${route.signedIn ? '' : ' (public)'}`,
    );
  }
  lines.push('');
  lines.push(report.problems.length === 0 ? 'portal: within budget' : `portal OVER BUDGET:\n  ${report.problems.join('\n  ')}`);
  return lines.join('\n');
}
