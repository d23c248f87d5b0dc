// The last step of `npm run build`: the command and the public API bundled with esbuild into a few ES
// modules in dist/bundle/ (entries index.js and main.js, and chunks they share or load lazily), which
// package.json's exports and bin/socialgen.js load. Node 20 resolves, reads and links every ES module
// separately (~235 of them in a `generate` run, ~80 ms of CPU), and its code cache does not cover ES
// modules. One build for both entries, with code splitting, so the API and the command share their
// modules (a plugin's objects are the command's classes) and each `import()` stays lazy.
//
// Every compiled module still sits in dist/ (the emit worker and the prettier worker run from there, and
// modules read their assets next to themselves): each bundled module's `import.meta.url` is rewritten to
// its own file's URL in dist/, relative to dist/bundle/, so `new URL('./runtime/', import.meta.url)` and
// `createRequire(import.meta.url)` mean what they meant. esbuild's output depends only on its input.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const outdir = path.join(dist, 'bundle');

/** `import.meta.url` of each dist module as that module's own URL, seen from dist/bundle/. */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.m?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'js' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { index: path.join(dist, 'index.js'), main: path.join(dist, 'cli/main.js') },
  outdir,
  // Paths in the output (comments naming each module, chunk hashes) relative to generator/, whatever the cwd.
  absWorkingDir: root,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [ownUrl],
});
