import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests of the widgets' own code (shims, size budget, i18n) in Node; the built widgets run in Chromium
// (tests/e2e/widgets.spec.ts). src/size-budget.test.ts reads widgets/dist: `npm test` builds it first.
export default defineConfig({
  // As the widgets' build (vite.config.ts): the shared forms run on the react-hook-form stand-in. The conformance test
  // imports the real library by its file path, and inlines it so it can run on preact/compat as the widgets do.
  resolve: {
    alias: [{ find: /^react-hook-form$/, replacement: fileURLToPath(new URL('./src/forms/mini-react-hook-form.ts', import.meta.url)) }],
  },
  test: {
    name: 'widgets',
    server: { deps: { inline: ['react-hook-form'] } },
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
  },
});
