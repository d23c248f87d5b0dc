/**
 * Importing generated TypeScript at run time: every `.ts` file of a folder is transpiled with esbuild's
 * `transform` (types erased, nothing bundled) into a `.js` sibling tree in a temp folder marked ESM, so
 * the generated `./x.js` import specifiers resolve; then the entry module is imported.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { tempDir } from './paths.ts';

/**
 * Transpiles `files` (relative path → TypeScript source) and imports `entry` (a relative `.ts` path).
 * Returns the module namespace; the temp folder is removed after the import.
 */
export async function importTypeScript<T = Record<string, unknown>>(files: Map<string, string>, entry: string): Promise<T> {
  const tmp = tempDir('socialgen-import-');
  try {
    writeFileSync(path.join(tmp.dir, 'package.json'), JSON.stringify({ type: 'module' }));
    for (const [rel, source] of files) {
      if (!rel.endsWith('.ts')) continue;
      const { code } = await transform(source, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: rel });
      const out = path.join(tmp.dir, rel.replace(/\.ts$/, '.js'));
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, code);
    }
    // A query string makes every import a fresh module instance even if the folder name were reused.
    const url = `${pathToFileURL(path.join(tmp.dir, entry.replace(/\.ts$/, '.js'))).href}?t=${Date.now()}`;
    return (await import(url)) as T;
  } finally {
    tmp.remove();
  }
}
