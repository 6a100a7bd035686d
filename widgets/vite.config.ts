import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { loaderPlugin } from './vite/loader-plugin.ts';
import { noPreloadPlugin } from './vite/no-preload-plugin.ts';
import { widgetLocalesPlugin } from './vite/widget-locales-plugin.ts';
import { styleRegistryPlugin } from './vite/style-registry-plugin.ts';
import { precompressPlugin } from '../scripts/vite-precompress.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const anyOf = (patterns: readonly string[]) => new RegExp(patterns.map((pattern) => pattern.replaceAll('/', String.raw`[\\/]`)).join('|'));
/** Module paths ('/' matches either separator) of the runtime in the entry chunk. */
const RUNTIME_MODULES = [
  'node_modules/(preact|@r2wc)/',
  // react-query with useMutation (every widget's sign-in form and every form a member sends use it: issue 21) but
  // without infinite queries.
  'node_modules/@tanstack/(?!.*[iI]nfiniteQuery(?!Behavior))',
  // The widgets' react-hook-form stand-in and the one resolver builder (issue 21): the sign-in form, so every widget's
  // first load, uses them.
  'widgets/src/forms/',
  'shared/src/forms/problems-resolver',
  'widgets/src/(runtime|i18n(?!/frame-locales)|styles)/',
  String.raw`widgets/src/(kiwi\.ts|elements|host\.tsx|api-base|load-failed|widget-kinds|session/session\.ts)`,
  String.raw`shared/src/(ui/(toast|confirm-dialog|button\.css|image-viewer\.tsx|modal-dialog)|features/feature-context)`,
  // The Report button's stub (issue 19): a few lines every message list renders; a chunk of its own cost more.
  'shared/src/features/report/report-button',
];
/** The Report action and its dialog: one chunk, fetched when a Report button shows (the dialog comes with it). */
const REPORT_MODULES = [String.raw`shared/src/(features/report/report(-action|-dialog|-api|-i18n|\.css)|domain/violation-report)`];
/** The event components SharedEvent and EventDetail both render, with what only they use. */
const EVENT_VIEW_MODULES = ['shared/src/(features/events/(?!event-detail|event-list)|schemas/event-resources|domain/event-rules)'];
const registry = here('./src/styles/registry.ts');
// The line shown when a chunk cannot be loaded, from the locale files (the translations themselves are in chunks).
const loadFailed = Object.fromEntries(
  ['ja', 'en'].map((language) => [
    language,
    (JSON.parse(readFileSync(here(`../locales/${language}/widgets.json`), 'utf8')) as { loadFailed: string }).loadFailed,
  ]),
);

// The widgets' build: dist/kiwi.js (a one-line loader, served no-cache) imports the hashed entry
// dist/assets/kiwi-<hash>.js, which registers the four elements and loads each widget's chunks when one appears.
// React is aliased to preact/compat so the shared feature components (written against React) run at a fraction of
// the size. dist/.vite/manifest.json is what `npm run size` reads.
export default defineConfig({
  base: './',
  resolve: {
    alias: [
      // ofetch's helpers, small: the client's withQuery and ufo's withBase alone, destr's answers (src/runtime/ofetch-*.ts).
      { find: /^ufo$/, replacement: here('./src/runtime/ofetch-ufo.ts') },
      { find: /^destr$/, replacement: here('./src/runtime/ofetch-destr.ts') },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      // The shared components' i18next and react-i18next, as a small compatible implementation with lazy locale chunks.
      { find: /^i18next$/, replacement: here('./src/i18n/mini-i18next.ts') },
      { find: /^react-i18next$/, replacement: here('./src/i18n/mini-react-i18next.tsx') },
      // The shared forms' react-hook-form, as the API subset they may use (issue 21; RHF itself is 12.7 kB gzip).
      { find: /^react-hook-form$/, replacement: here('./src/forms/mini-react-hook-form.ts') },
      // The emoji picker's popover placement without @floating-ui (the shared emoji-picker.tsx imports it lazily).
      { find: /^\.\/emoji-picker-placement$/, replacement: here('./src/shims/emoji-picker-placement.tsx') },
    ],
  },
  define: { 'process.env.NODE_ENV': '"production"', __KIWI_LOAD_FAILED__: JSON.stringify(loadFailed) },
  plugins: [
    widgetLocalesPlugin(),
    styleRegistryPlugin({ registry }),
    noPreloadPlugin(),
    loaderPlugin({ entryName: 'kiwi' }),
    precompressPlugin(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // The widgets load their chunks themselves; Vite's preload helper would add <link> tags to the host page's <head>.
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: {
      input: { kiwi: 'src/kiwi.ts' },
      preserveEntrySignatures: 'allow-extension',
      // react-query's "use client" directives mean nothing here.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // One runtime in the entry chunk: what every widget needs (preact and r2wc, react-query without infinite
        // queries, the forms stand-in, the translations code, the session, the frame and the providers it renders). The entry
        // imports it anyway, and one gzip stream is smaller than several (preserveEntrySignatures 'allow-extension'
        // lets rolldown put the group into the entry). And the event views the public shared event and the member's
        // event page share, under a name of their own (not only their dependencies: those are the guild chat's too).
        codeSplitting: {
          groups: [
            { name: 'runtime', test: anyOf(RUNTIME_MODULES) },
            { name: 'event-views', includeDependenciesRecursively: false, test: anyOf(EVENT_VIEW_MODULES) },
            { name: 'report-action', includeDependenciesRecursively: false, test: anyOf(REPORT_MODULES) },
          ],
        },
      },
    },
  },
});
