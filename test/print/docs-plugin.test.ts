/**
 * docs/plugins.md promises that a plugin written only from it emits a prettier-clean module of typed
 * functions. This test takes the document's complete plugin (the `js` block under "A complete plugin")
 * verbatim, runs it on hostile and real specs (prettier must leave its file as it is, and the printer must
 * have printed every statement: the file is claimed formatted), then generates it with the types target
 * through the CLI and compiles a consumer with `tsc --strict --noUncheckedIndexedAccess`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmitContext, type TargetEmitter } from '../../generator/src/emit/emitter.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { runCli } from '../pipeline/helpers.ts';
import { fixtureSpecsDir, projectSpec, repoRoot, tempDir, tscBin } from '../helpers/paths.ts';

const tmp = tempDir('socialgen-docs-plugin-');
afterAll(() => tmp.remove());

/** The document's complete plugin, as written there. */
function documentedPlugin(): string {
  const doc = readFileSync(path.join(repoRoot, 'docs/plugins.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## A complete plugin'));
  const block = /```js\n([\s\S]*?)\n```/.exec(section);
  if (!block) throw new Error('docs/plugins.md has no complete plugin');
  return block[1]!;
}

const pluginFile = path.join(tmp.dir, 'project/paths-plugin.js');
mkdirSync(path.dirname(pluginFile), { recursive: true });
writeFileSync(pluginFile, documentedPlugin());

describe('the program example of docs/plugins.md', () => {
  it('prints the text the document shows, which prettier leaves as it is', async () => {
    const doc = readFileSync(path.join(repoRoot, 'docs/plugins.md'), 'utf8');
    const block = /```js\n([\s\S]*?)\n```/.exec(doc.slice(doc.indexOf('### A program')))![1]!;
    const shown = block.slice(block.indexOf('// the module')).split('\n').slice(1).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
    const context = createEmitContext({ packages: { scope: 'my-api', names: { client: '@my-api/client' }, version: '1.0.0' }, generatorVersion: '0.0.0-test' });
    const text = new Function('context', `${block}\nreturn text;`)(context) as string;
    expect(text).toBe(`${shown}\n`);
    expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' })).toBe(text);
  });
});

describe('the complete plugin of docs/plugins.md', () => {
  it('emits a module prettier leaves as it is, every statement printed', async () => {
    const { default: plugin } = (await import(pluginFile)) as { default: TargetEmitter };
    const context = createEmitContext({ packages: { scope: 'p', names: { types: '@p/types', paths: '@p/paths' }, version: '1.0.0' }, generatorVersion: '0.0.0-test' });
    for (const spec of [path.join(fixtureSpecsDir, 'adversarial.yaml'), path.join(fixtureSpecsDir, 'parameters.yaml'), projectSpec]) {
      const [file] = plugin.emit((await loadModel(spec)).model, context);
      expect(file!.formatted, spec).toBe(true);
      expect(file!.contents).toMatch(/export function pathOf\w+\(params: Operations\['\w+'\]\['pathParams'\]\): string \{/);
      expect(await prettier.format(file!.contents, { ...PRETTIER_OPTIONS, parser: 'typescript' }), spec).toBe(file!.contents);
    }
  }, 120_000);

  it('generates with the types target and type-checks strictly', async () => {
    const dir = path.dirname(pluginFile);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'docs-plugin', private: true, type: 'module' }));
    writeFileSync(path.join(dir, 'socialgen.config.yaml'), `spec: ${JSON.stringify(projectSpec)}\nplugins: [./paths-plugin.js]\ntargets: [types, paths]\nlayout: files\nout: src/api\n`);
    expect(await runCli(['generate', '--quiet'], dir)).toMatchObject({ code: 0, stderr: '' });
    const module = readFileSync(path.join(dir, 'src/api/paths/index.ts'), 'utf8');
    const fn = /export function (pathOf\w+)\(params/.exec(module)![1];
    writeFileSync(path.join(dir, 'src/main.ts'), `import { ${fn} } from './api/paths/index.js';\nconst path: string = ${fn}({} as never);\nconsole.log(path);\n`);
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: [], lib: ['ES2022', 'DOM'], strict: true, noUncheckedIndexedAccess: true, noEmit: true, skipLibCheck: true }, files: ['src/main.ts', 'src/api/paths/index.ts'] }));
    const built = spawnSync(tscBin, ['-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
    expect(built.stdout + built.stderr).toBe('');
  }, 180_000);
});
