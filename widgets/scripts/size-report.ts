// The widgets' size budget (issue 8): what one widget costs the host page before sign-in and signed in, read from
// widgets/dist and Vite's manifest (nothing is built here). `npm run size` prints it; src/size-budget.test.ts fails
// CI when a budget is exceeded.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMMON_NAMESPACES, WIDGET_SPECS, type WidgetKind } from '../src/widget-kinds.ts';

/** The issue's "KB" read the stricter way: 1 kB = 1000 bytes (not 1024). */
export const KB = 1000;
/** First-load JS of any one widget before sign-in (public shared event, sign-in form), gzip: 60 kB = 60,000 bytes. */
export const FIRST_LOAD_BUDGET = 60 * KB;
/** Everything a signed-in widget has loaded, the Firebase auth chunk included, gzip: 95 kB = 95,000 bytes. */
export const SIGNED_IN_BUDGET = 95 * KB;
export type Budgets = { firstLoad: number; signedIn: number };
export const BUDGETS: Budgets = { firstLoad: FIRST_LOAD_BUDGET, signedIn: SIGNED_IN_BUDGET };
/** The language measured: Japanese, the default and fallback (its files are the larger ones). */
const LANGUAGE = 'ja';

const SIGN_IN = 'src/sign-in/sign-in-form.tsx';
const FIREBASE = 'src/session/firebase-auth.ts';
/**
 * What each widget shows before sign-in (each view loads the sign-in form or the public content, not both) and the
 * chunk only a signed-in member loads.
 */
const CONTENT: Record<WidgetKind, { views: Record<string, string[]>; member: string[] }> = {
  events: { views: { 'sign-in': [SIGN_IN], 'shared event': ['src/widgets/events-public.tsx'] }, member: ['src/widgets/events-member.tsx'] },
  'guild-chat': { views: { 'sign-in': [SIGN_IN] }, member: ['src/widgets/guild-chat-member.tsx'] },
  'coin-message': { views: { 'sign-in': [SIGN_IN] }, member: ['src/widgets/coin-message-member.tsx'] },
  survey: { views: { 'sign-in': [SIGN_IN] }, member: ['src/widgets/survey-member.tsx'] },
};
const WIDGET_CHUNKS = WIDGET_SPECS.map((spec) => `src/widgets/${spec.kind}-widget.tsx`);
/** Loaded when a member opens it (the emoji picker's popover, the image viewer), counted in the signed-in total all the same. */
const ON_INTERACTION = ['src/shims/emoji-picker-placement.tsx', '../shared/src/ui/image-viewer-dialog.tsx'];

/** The manifest keys of a widget's locale chunks: the frame's namespaces in one chunk, each of its own namespaces in one. */
const localeKeys = (namespaces: readonly string[]) => [
  `src/i18n/frame-locales-${LANGUAGE}.ts`,
  ...namespaces.map((ns) => `../locales/${LANGUAGE}/${ns}.json`),
];
const isLocale = (key: string) => key.startsWith('../locales/') || key.startsWith('src/i18n/frame-locales-');

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type FileSize = { file: string; raw: number; gzip: number };
export type WidgetSize = {
  tag: string;
  /** The largest view before sign-in, and its name. */
  firstLoad: number;
  firstLoadRaw: number;
  firstLoadView: string;
  views: { view: string; gzip: number; raw: number }[];
  signedIn: number;
  signedInRaw: number;
  files: string[];
};
export type SizeReport = { files: FileSize[]; widgets: WidgetSize[]; problems: string[] };

/** Gzip at level 9, as a server precompressing static files would; raw bytes as served. */
function sizeOf(distDir: string, file: string): FileSize {
  const bytes = readFileSync(join(distDir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

export function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${relative(process.cwd(), path)} is missing: build the widgets first (npm run build -w widgets)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The files a manifest entry loads at once: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The dynamic imports of a manifest entry and of everything it imports statically. */
function dynamicImportsOf(manifest: Manifest, key: string): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const chunk = manifest[current];
    for (const lazy of chunk?.dynamicImports ?? []) found.add(lazy);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  visit(key);
  return [...found];
}

export function measureWidgets(distDir: string, budgets: Budgets = BUDGETS): SizeReport {
  const manifest = readManifest(distDir);
  const problems: string[] = [];
  const sizes = new Map<string, FileSize>();
  const size = (file: string) => {
    let known = sizes.get(file);
    if (!known) {
      known = sizeOf(distDir, file);
      sizes.set(file, known);
    }
    return known;
  };
  size('kiwi.js');
  for (const file of readdirSync(join(distDir, 'assets'))) size(`assets/${file}`);

  const widgets = WIDGET_SPECS.map((spec): WidgetSize => {
    const widgetChunk = `src/widgets/${spec.kind}-widget.tsx`;
    const content = CONTENT[spec.kind];
    const total = (files: Set<string>, kind: 'raw' | 'gzip') => [...files].reduce((sum, file) => sum + size(file)[kind], 0);
    const base = new Set<string>(['kiwi.js']);
    for (const key of ['src/kiwi.ts', widgetChunk]) staticClosure(manifest, key, base);
    for (const key of localeKeys(spec.namespaces)) staticClosure(manifest, key, base);
    const views = Object.entries(content.views).map(([view, keys]) => {
      const files = new Set(base);
      for (const key of keys) staticClosure(manifest, key, files);
      return { view, files, gzip: total(files, 'gzip'), raw: total(files, 'raw') };
    });
    const largest = views.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    // Signed in: everything the widget may have loaded on the way (every view, the sign-in it went through), its
    // member content, the Firebase auth chunk and what a member loads by opening things (the emoji picker).
    const signedIn = new Set<string>();
    for (const view of views) for (const file of view.files) signedIn.add(file);
    for (const key of [...content.member, FIREBASE]) staticClosure(manifest, key, signedIn);
    // Each dynamic import the widget can make must be counted above (a new lazy chunk fails the check until it is).
    const counted = new Set([widgetChunk, ...Object.values(content.views).flat(), ...content.member, SIGN_IN, FIREBASE]);
    // (The entry's imports of the other widgets' chunks are theirs: another element of the page loads them.)
    const uncounted = new Set<string>();
    for (const key of [...counted]) {
      for (const lazy of dynamicImportsOf(manifest, key)) {
        if (ON_INTERACTION.includes(lazy)) staticClosure(manifest, lazy, signedIn);
        else if (!counted.has(lazy) && !isLocale(lazy) && !WIDGET_CHUNKS.includes(lazy)) uncounted.add(lazy);
      }
    }
    for (const lazy of uncounted) problems.push(`${spec.tag}: the lazy chunk of ${lazy} is not counted (scripts/size-report.ts)`);
    const result: WidgetSize = {
      tag: spec.tag,
      firstLoad: largest.gzip,
      firstLoadRaw: largest.raw,
      firstLoadView: largest.view,
      views: views.map(({ view, gzip, raw }) => ({ view, gzip, raw })),
      signedIn: total(signedIn, 'gzip'),
      signedInRaw: total(signedIn, 'raw'),
      files: [...signedIn],
    };
    if (result.firstLoad > budgets.firstLoad)
      problems.push(`${spec.tag}: first load ${bytes(result.firstLoad)} gzip > budget ${bytes(budgets.firstLoad)}`);
    if (result.signedIn > budgets.signedIn)
      problems.push(`${spec.tag}: signed in ${bytes(result.signedIn)} gzip > budget ${bytes(budgets.signedIn)}`);
    return result;
  });

  const files = [...sizes.values()].sort((a, b) => b.gzip - a.gzip);
  return { files, widgets, problems };
}

export const kb = (count: number) => `${(count / KB).toFixed(1)} kB`;
/** Exact, for totals compared with a budget: "56,923 B". */
export const bytes = (count: number) => `${count.toLocaleString('en-US')} B`;

/** The printed report: every file, then each widget's totals against the budget. */
export function formatReport(report: SizeReport, manifest: Manifest): string {
  const sources = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.src ?? chunk.name ?? '']));
  const width = Math.max(...report.files.map((file) => file.file.length));
  const lines = [`${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}  source`];
  for (const file of report.files) {
    lines.push(
      `${file.file.padEnd(width)}  ${kb(file.raw).padStart(9)}  ${kb(file.gzip).padStart(9)}  ${file.file === 'kiwi.js' ? '(loader)' : (sources.get(file.file) ?? '')}`,
    );
  }
  lines.push('');
  lines.push(`sizes in kB = 1000 bytes; gzip level 9`);
  lines.push(
    `budget (gzip): first load <= ${bytes(FIRST_LOAD_BUDGET)} (${kb(FIRST_LOAD_BUDGET)}) before sign-in, <= ${bytes(SIGNED_IN_BUDGET)} (${kb(SIGNED_IN_BUDGET)}) signed in incl. the Firebase auth chunk`,
  );
  lines.push(
    `first load = loader + entry + widget chunk + ${LANGUAGE} locales (${COMMON_NAMESPACES.join(', ')} + the widget's) + the view's chunk (sign-in form, or <kiwi-events>' shared event), each with its static imports; the largest view counts`,
  );
  lines.push(
    'signed in = every view + the member content chunk + the Firebase auth chunk + chunks a member loads by opening them (emoji picker)',
  );
  const tagWidth = Math.max(...report.widgets.map((widget) => widget.tag.length));
  lines.push(`${'widget'.padEnd(tagWidth)}  ${'first load, gzip (raw)'.padStart(40)}  ${'signed in, gzip (raw)'.padStart(40)}`);
  for (const widget of report.widgets) {
    const pair = (gzip: number, raw: number, budget: number) =>
      `${bytes(gzip)} (${kb(raw)} raw) ${gzip > budget ? `OVER by ${bytes(gzip - budget)}` : `${bytes(budget - gzip)} left`}`.padStart(40);
    lines.push(
      `${widget.tag.padEnd(tagWidth)}  ${pair(widget.firstLoad, widget.firstLoadRaw, FIRST_LOAD_BUDGET)}  ${pair(widget.signedIn, widget.signedInRaw, SIGNED_IN_BUDGET)}`,
    );
    if (widget.views.length > 1) {
      for (const view of widget.views)
        lines.push(`${''.padEnd(tagWidth)}    before sign-in, ${view.view}: ${bytes(view.gzip)} (${kb(view.raw)} raw)`);
    }
  }
  lines.push('');
  lines.push(report.problems.length === 0 ? 'within budget' : `OVER BUDGET:\n  ${report.problems.join('\n  ')}`);
  return lines.join('\n');
}
