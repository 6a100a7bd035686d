import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The shared API client's own tests once more, on the widgets' ofetch shim (what the widget build aliases `ofetch` to):
// the client behaves the same on both.
export default defineConfig({
  resolve: { alias: [{ find: /^ofetch$/, replacement: fileURLToPath(new URL('./src/shims/ofetch.ts', import.meta.url)) }] },
  test: {
    name: 'widgets-ofetch-shim',
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: ['shared/src/api/client.test.ts', 'shared/src/api/event-stream.test.ts'],
  },
});
