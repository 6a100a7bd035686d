import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from '../scripts/vite-precompress.ts';

/** Chunks of pages under /_admin and the organisation-manager area (not the survey pages members answer). */
const STAFF_PAGE =
  /(?:^|\/)(?:admin-[a-z-]+|reports-route|members-page|groups-page|news-page|coin-transfers-page|external-services-page|sign-in-settings-page|communication-dashboard-page|workout-dashboard-page|organization-change-requests-page)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The entry (which /login downloads) lists, for every lazy page, the files to fetch alongside it. The pages only
    // managers and platform admins open list just their stylesheets: their scripts load their own imports when the
    // page chunk arrives (one more round trip for a few people), and every visitor downloads a shorter entry.
    modulePreload: {
      resolveDependencies: (filename, deps) => (STAFF_PAGE.test(filename) ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
    rolldownOptions: {
      output: {
        // Firebase and React change rarely: their own chunks stay cached across portal releases. The other libraries
        // go with the pages that use them (uPlot, zod, react-hook-form, react-query), so the sign-in page loads none
        // it does not need.
        codeSplitting: {
          groups: [
            // Not Messaging (push on the device): it loads only when a member turns push on, never with the sign-in page.
            { name: 'firebase-sdk', test: /node_modules[\\/](@firebase|firebase)[\\/](?!messaging|installations)/ },
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/ },
            // One request for react-query (not one per hook), loaded with the first page that fetches.
            { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The form library and its zod resolver in one chunk, however the pages that use them are split (issue 16).
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            // Small parts the sign-in pages share, in one file: each file costs /login a request and gzip overhead. The
            // fields and identity messages serve signed-in forms too (the card is a few hundred bytes more for them).
            {
              name: 'fields',
              includeDependenciesRecursively: false,
              test: /portal[\\/]src[\\/]pages[\\/](text-field|auth-card)\.tsx$|shared[\\/]src[\\/]api[\\/]identity-errors\.ts$/,
            },
            // Links in user text, app information Markdown (issue 20) and the store-link rule: one file rather than a
            // name each in the entry's preload map (home, guild chat, events and app install share them).
            {
              name: 'linkify',
              includeDependenciesRecursively: false,
              test: /shared[\\/]src[\\/](domain[\\/](linkify|markdown|setting-url)\.ts|ui[\\/]markdown-text\.tsx)$/,
            },
            // Small parts several signed-in pages share (tabs, the pager, the home query, page namespaces), in one file:
            // each shared file is one more name in the entry's preload map, which /login downloads.
            {
              name: 'page-parts',
              includeDependenciesRecursively: false,
              test: /(portal[\\/]src[\\/]pages[\\/](tabs\.tsx|organization[\\/]pager\.tsx|home[\\/]use-home\.ts)|shared[\\/]src[\\/]i18n[\\/]use-page-namespace\.ts)$/,
            },
            // The date fields (DateInput, DateField, the list filters' DateFilter, the typed-text readers, their strings)
            // in one file for the same reason; their calendar is a chunk of its own, fetched on the first click.
            {
              name: 'date-fields',
              includeDependenciesRecursively: false,
              test: /(shared[\\/]src[\\/](ui[\\/]date-input\.tsx|forms[\\/]date-field\.tsx|i18n[\\/]date-text\.ts|domain[\\/]date-range\.ts)|locales[\\/](ja|en)[\\/]date-picker\.json|portal[\\/]src[\\/]pages[\\/]date-filter\.tsx)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
