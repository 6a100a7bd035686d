import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from '../scripts/vite-precompress.ts';

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Firebase and React change rarely: their own chunks stay cached across portal releases.
        codeSplitting: {
          groups: [
            { name: 'firebase-sdk', test: /node_modules[\\/](@firebase|firebase)[\\/]/ },
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/ },
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
