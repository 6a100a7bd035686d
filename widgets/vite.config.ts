import { defineConfig } from 'vite';

// Library build of /widgets/kiwi.js. React is aliased to preact/compat so the shared feature components
// (written against React) run inside the widgets at a fraction of the size.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    lib: { entry: 'src/kiwi.ts', formats: ['es'], fileName: () => 'kiwi.js' },
  },
});
