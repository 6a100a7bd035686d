import type { Plugin } from 'vite';

/**
 * Emits the stable `kiwi.js` next to the hashed build: one line importing the content-hashed entry relative to its own
 * URL. Host pages keep one script tag; the server sends kiwi.js with no-cache and everything under assets/ as immutable.
 */
export function loaderPlugin({ entryName, fileName = 'kiwi.js' }: { entryName: string; fileName?: string }): Plugin {
  return {
    name: 'kiwi-loader',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry && output.name === entryName);
      if (!entry) this.error(`kiwi-loader: no entry chunk named ${entryName}`);
      this.emitFile({
        type: 'asset',
        fileName,
        source: `// Kiwi widgets loader: the versioned build is under assets/ (see widgets/README.md).\nimport './${entry.fileName}';\n`,
      });
    },
  };
}
