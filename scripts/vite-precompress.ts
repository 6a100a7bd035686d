// Writes a brotli (.br) and a gzip (.gz) copy next to each text file of a Vite build, for the server to send by
// content negotiation (server/src/http/precompressed.ts) instead of compressing on every request. Used by the portal's
// and the widgets' vite.config.ts.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What compresses well: scripts, styles, pages, data and vector images (raster images and fonts are compressed). */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map']);
/** Smaller files gain less than the Content-Encoding and Vary headers cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** Compresses every eligible file under `dir` (the build's .vite folder excepted); returns the files written. */
export function precompressDirectory(dir: string): string[] {
  const written: string[] = [];
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        if (name !== '.vite') visit(path);
        continue;
      }
      if (!PRECOMPRESSED_EXTENSIONS.has(extname(name))) continue;
      const bytes = readFileSync(path);
      if (bytes.length < PRECOMPRESS_MIN_BYTES) continue;
      const brotli = brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      const gzip = gzipSync(bytes, { level: 9 });
      // A copy no smaller than the file is useless: the server then sends the file itself.
      if (brotli.length < bytes.length) {
        writeFileSync(`${path}.br`, brotli);
        written.push(`${path}.br`);
      }
      if (gzip.length < bytes.length) {
        writeFileSync(`${path}.gz`, gzip);
        written.push(`${path}.gz`);
      }
    }
  };
  visit(dir);
  return written;
}

/**
 * The Vite plugin: once the bundle (and every other plugin's output, e.g. the widgets' loader) is written. Typed by
 * shape: vite is the portal's and the widgets' dependency, not the root's, where this file lives.
 */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'kiwi-precompress',
    apply: 'build' as const,
    enforce: 'post' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post' as const,
      sequential: true,
      handler() {
        precompressDirectory(outDir);
      },
    },
  };
}
