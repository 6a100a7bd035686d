// The widgets' size budget (issue 8): what one widget costs the host page before sign-in and signed in, read from
// widgets/dist and Vite's manifest (nothing is built here). `npm run size` prints it; src/size-budget.test.ts fails
// CI when a budget is exceeded.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  againstBudget,
  bytes,
  type FileSize,
  fileSizes,
  fileTable,
  KB,
  kb,
  type Manifest,
  builtFiles,
  readManifest as readBuildManifest,
  staticClosure,
  dynamicImportsOf,
} from '../../scripts/bundle-size.ts';
import { COMMON_NAMESPACES, WIDGET_SPECS, type WidgetKind } from '../src/widget-kinds.ts';

export { bytes, KB, kb, staticClosure };
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
  'walking-event': { views: { 'sign-in': [SIGN_IN] }, member: ['src/widgets/walking-event-member.tsx'] },
};
const WIDGET_CHUNKS = WIDGET_SPECS.map((spec) => `src/widgets/${spec.kind}-widget.tsx`);
/**
 * Loaded when a member opens it (the emoji picker's popover, the image viewer) or when a Report button shows (the
 * report action with its dialog, one chunk named in vite.config.ts: its manifest key carries the hash), counted in the
 * signed-in total all the same.
 */
const ON_INTERACTION = ['src/shims/emoji-picker-placement.tsx', '../shared/src/ui/image-viewer-dialog.tsx', /^_report-action-[\w-]+\.js$/];
const onInteraction = (key: string) => ON_INTERACTION.some((entry) => (typeof entry === 'string' ? entry === key : entry.test(key)));

/** The manifest keys of a widget's locale chunks: the frame's namespaces in one chunk, each of its own namespaces in one. */
const localeKeys = (namespaces: readonly string[]) => [
  `src/i18n/frame-locales-${LANGUAGE}.ts`,
  ...namespaces.map((ns) => `../locales/${LANGUAGE}/${ns}.json`),
];
const isLocale = (key: string) => key.startsWith('../locales/') || key.startsWith('src/i18n/frame-locales-');

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

export const readManifest = (distDir: string): Manifest => readBuildManifest(distDir, 'the widgets');

export function measureWidgets(distDir: string, budgets: Budgets = BUDGETS): SizeReport {
  const manifest = readManifest(distDir);
  const problems: string[] = [];
  const { size, total: sum, all } = fileSizes(distDir);
  size('kiwi.js');
  for (const file of builtFiles(readdirSync(join(distDir, 'assets')))) size(`assets/${file}`);

  const widgets = WIDGET_SPECS.map((spec): WidgetSize => {
    const widgetChunk = `src/widgets/${spec.kind}-widget.tsx`;
    const content = CONTENT[spec.kind];
    const total = (files: Set<string>, kind: 'raw' | 'gzip') => sum(files, kind);
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
    // An interaction chunk may load another on a further click (the Report button's dialog): counted as well.
    const keys = [...counted];
    for (let key = keys.shift(); key !== undefined; key = keys.shift()) {
      for (const lazy of dynamicImportsOf(manifest, key)) {
        if (onInteraction(lazy)) {
          if (!counted.has(lazy)) keys.push(lazy);
          counted.add(lazy);
          staticClosure(manifest, lazy, signedIn);
        } else if (!counted.has(lazy) && !isLocale(lazy) && !WIDGET_CHUNKS.includes(lazy)) uncounted.add(lazy);
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

  return { files: all(), widgets, problems };
}

/** The printed report: every file, then each widget's totals against the budget. */
export function formatReport(report: SizeReport, manifest: Manifest): string {
  const lines = fileTable(report.files, manifest, (file) => (file === 'kiwi.js' ? '(loader)' : undefined));
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
    lines.push(
      `${widget.tag.padEnd(tagWidth)}  ${againstBudget(widget.firstLoad, widget.firstLoadRaw, FIRST_LOAD_BUDGET)}  ${againstBudget(widget.signedIn, widget.signedInRaw, SIGNED_IN_BUDGET)}`,
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
