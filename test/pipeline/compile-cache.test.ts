/**
 * The command's V8 code cache (generator/src/compile-cache.ts, installed by bin/socialgen.js): it must
 * never change what a run writes, must survive a damaged entry, and must not use a folder others can write.
 * Runs the built command (`npm test` builds it) in child processes with the cache in a temp folder.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTree } from '../helpers/generate.ts';
import { projectSpec, tempDir } from '../helpers/paths.ts';
import { socialgenBin } from './helpers.ts';

const tmp = tempDir('socialgen-compile-cache-');
afterAll(() => tmp.remove());

function generate(cacheDir: string, out: string): void {
  const env: NodeJS.ProcessEnv = { ...process.env, SOCIALGEN_COMPILE_CACHE_DIR: cacheDir };
  delete env.SOCIALGEN_NO_COMPILE_CACHE;
  const run = spawnSync(process.execPath, [socialgenBin, 'generate', '-q', '--target', 'types', '--no-format', '--spec', projectSpec, '--out', out], { env, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}

const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.v8')) : []);

// Node 22.1+ caches with its own module.enableCompileCache (no entries of ours to look at).
describe.skipIf(typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function')('compile cache (Node 20)', () => {
  const cache = path.join(tmp.dir, 'cache');

  it('fills on the first run, is used on the next, and the output is the same bytes', { timeout: 120_000 }, () => {
    generate(cache, path.join(tmp.dir, 'cold'));
    // An entry is named by the SHA-1 of the file's path: the TypeScript bundle the codegen loads (the only
    // module this large a types run needs) must have one.
    const typescriptBundle = createRequire(createRequire(socialgenBin).resolve('ts-morph')).resolve('@ts-morph/common/dist/typescript.js');
    expect(entries(cache)).toContain(`${createHash('sha1').update(typescriptBundle).digest('hex')}.v8`);
    const digest = () => entries(cache).map((f) => `${f} ${createHash('sha1').update(readFileSync(path.join(cache, f))).digest('hex')}`);
    const before = digest();
    generate(cache, path.join(tmp.dir, 'warm'));
    // A warm run rewrites nothing.
    expect(digest()).toEqual(before);
    expect(readTree(path.join(tmp.dir, 'warm'))).toEqual(readTree(path.join(tmp.dir, 'cold')));
  });

  it('a damaged entry is recompiled and replaced, not run', { timeout: 120_000 }, () => {
    for (const f of entries(cache)) {
      const file = path.join(cache, f);
      const data = readFileSync(file);
      const header = data.indexOf(10) + 1;
      writeFileSync(file, Buffer.concat([data.subarray(0, header), Buffer.alloc(data.length - header, 0x5a)]));
    }
    generate(cache, path.join(tmp.dir, 'damaged'));
    expect(readTree(path.join(tmp.dir, 'damaged'))).toEqual(readTree(path.join(tmp.dir, 'cold')));
    for (const f of entries(cache)) expect(readFileSync(path.join(cache, f)).includes(Buffer.alloc(64, 0x5a))).toBe(false);
  });

  it('a folder others may write to is not used', { timeout: 120_000 }, () => {
    const shared = path.join(tmp.dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    generate(shared, path.join(tmp.dir, 'shared-out'));
    expect(entries(shared)).toEqual([]);
  });
});

describe('the emit worker', () => {
  // A worker thread has its own module loader: worker.js must install the cache before anything loads the
  // TypeScript compiler. Static imports are evaluated before a module's first statement, so worker.js may
  // import statically only the cache (which imports only Node's modules); the rest comes by dynamic import.
  it('installs the compile cache before it loads anything else', () => {
    const ts = createRequire(createRequire(socialgenBin).resolve('ts-morph'))('@ts-morph/common/dist/typescript.js') as typeof import('typescript');
    const dist = path.join(path.dirname(socialgenBin), '../dist');
    const imports = (file: string) => ts.preProcessFile(readFileSync(path.join(dist, file), 'utf8'), true, false).importedFiles.map((f) => f.fileName);
    expect(imports('emit-parallel/worker.js')).toEqual(['../compile-cache.js', './worker-main.js']);
    const source = readFileSync(path.join(dist, 'emit-parallel/worker.js'), 'utf8');
    expect(source.indexOf('installCompileCache()')).toBeLessThan(source.indexOf("import(\"./worker-main.js\")"));
    expect(source).not.toMatch(/^import[^(]*worker-main/m);
    expect(imports('compile-cache.js').every((f) => f.startsWith('node:'))).toBe(true);
  });
});
