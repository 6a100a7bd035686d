import { defineConfig } from 'vitest/config';

// Unit tests of the widgets' own code (shims, size budget, i18n) in Node; the built widgets run in Chromium
// (tests/e2e/widgets.spec.ts). src/size-budget.test.ts reads widgets/dist: `npm test` builds it first.
export default defineConfig({
  test: {
    name: 'widgets',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
  },
});
