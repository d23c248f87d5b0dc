/**
 * What a run loads that it does not need (issue 14: startup is part of every run's time). Each check runs
 * the built command's modules (`npm test` builds them) in a child process, so what the test runner itself
 * has loaded does not count.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { writePipelineSpec } from './helpers.ts';

const dist = (file: string) => pathToFileURL(path.join(repoRoot, 'generator/dist', file)).href;

/** Runs an ES module script with node; returns its stdout lines parsed as JSON. */
function runScript(source: string): unknown {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8', cwd: repoRoot });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

const tmp = tempDir('socialgen-startup-');
afterAll(() => tmp.remove());

describe('startup', () => {
  it("the codegen's TypeScript is ts-morph's, without evaluating the rest of ts-morph", { timeout: 60_000 }, () => {
    const seen = runScript(`
      import { createRequire } from 'node:module';
      const { ts } = await import(${JSON.stringify(dist('codegen/typescript.mjs'))});
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      const morph = createRequire(${JSON.stringify(path.join(repoRoot, 'generator/dist/x.js'))})('ts-morph').ts;
      const keys = Object.keys(morph).filter((k) => k !== 'default');
      console.log(JSON.stringify({
        tsMorphLoaded: loaded.some((f) => /[\\\\/]ts-morph[\\\\/]dist[\\\\/]ts-morph\\.js$/.test(f)),
        commonLoaded: loaded.some((f) => /ts-morph-common\\.js$/.test(f)),
        version: ts.version === morph.version,
        members: keys.length > 1000 && keys.every((k) => ts[k] === morph[k]),
        syntaxKind: ts.SyntaxKind.InterfaceDeclaration === morph.SyntaxKind.InterfaceDeclaration,
      }));
    `);
    expect(seen).toEqual({ tsMorphLoaded: false, commonLoaded: false, version: true, members: true, syntaxKind: true });
  });

  it('loading a split spec does not load the fetch implementation, and leaves the global Headers working', { timeout: 60_000 }, () => {
    const spec = writePipelineSpec(path.join(tmp.dir, 'split'));
    const seen = runScript(`
      const { loadSpec } = await import(${JSON.stringify(dist('load/index.js'))});
      const loaded = await loadSpec(${JSON.stringify(spec)});
      const undici = process.moduleLoadList.filter((m) => /undici/.test(m));
      const headers = new Headers({ 'x-a': '1' }).get('x-a');
      console.log(JSON.stringify({ files: loaded.files.length, undici, headers }));
    `);
    expect(seen).toEqual({ files: 2, undici: [], headers: '1' });
  });
});
