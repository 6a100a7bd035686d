// What the portal's and the widgets' size reports share: Vite's manifest, the static-import closure of a chunk, gzip
// sizes of built files and the units they are printed in. Nothing is built here; the reports read dist/ as built.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The issue's "KB" read the stricter way: 1 kB = 1000 bytes (not 1024). */
export const KB = 1000;

export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;
export type FileSize = { file: string; raw: number; gzip: number };

/** dist/.vite/manifest.json (build.manifest: true); `what` names the build in the error when it is missing. */
export function readManifest(distDir: string, what = 'it'): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${relative(process.cwd(), path)} is missing: build ${what} first (npm run build)`);
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
export function dynamicImportsOf(manifest: Manifest, key: string): string[] {
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

/** Sizes of the files of one dist directory, each measured once: gzip at level 9, as the build precompresses them. */
export function fileSizes(distDir: string): {
  size(file: string): FileSize;
  all(): FileSize[];
  total(files: Iterable<string>, kind: 'raw' | 'gzip'): number;
} {
  const sizes = new Map<string, FileSize>();
  const size = (file: string) => {
    let known = sizes.get(file);
    if (!known) {
      const bytes = readFileSync(join(distDir, file));
      known = { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, known);
    }
    return known;
  };
  return {
    size,
    all: () => [...sizes.values()].sort((a, b) => b.gzip - a.gzip),
    total: (files, kind) => [...files].reduce((sum, file) => sum + size(file)[kind], 0),
  };
}

/** The build's own files, without the .br and .gz copies the compression plugin writes next to them. */
export const builtFiles = (names: string[]) => names.filter((name) => !/\.(br|gz)$/.test(name));

export const kb = (count: number) => `${(count / KB).toFixed(1)} kB`;
/** Exact, for totals compared with a budget: "56,923 B". */
export const bytes = (count: number) => `${count.toLocaleString('en-US')} B`;

/** "56,923 B (180.2 kB raw) 3,077 B left" or "... OVER by 12 B", padded for a table column. */
export function againstBudget(gzip: number, raw: number, budget: number, width = 40): string {
  return `${bytes(gzip)} (${kb(raw)} raw) ${gzip > budget ? `OVER by ${bytes(gzip - budget)}` : `${bytes(budget - gzip)} left`}`.padStart(
    width,
  );
}

/** One line per file, largest gzip first: name, raw, gzip and the source the manifest names for it. */
export function fileTable(files: FileSize[], manifest: Manifest, label: (file: string) => string | undefined = () => undefined): string[] {
  const sources = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.src ?? chunk.name ?? '']));
  const width = Math.max(4, ...files.map((file) => file.file.length));
  const lines = [`${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}  source`];
  for (const file of files) {
    lines.push(
      `${file.file.padEnd(width)}  ${kb(file.raw).padStart(9)}  ${kb(file.gzip).padStart(9)}  ${label(file.file) ?? sources.get(file.file) ?? ''}`,
    );
  }
  return lines;
}
