/**
 * `socialgen generate --watch` and the modules a local plugin imports (a child process, real files): an
 * edit of a module the plugin imports — directly or through another module — is imported again at the
 * next run and its new output lands on disk; a module the plugin starts importing later is watched from
 * then on; a plugin whose code did not change is not imported again (each reload keeps one more copy of
 * the reloaded plugin's local modules in memory, and only of that plugin's); a package under node_modules
 * is imported once.
 *
 * Each module counts its own evaluations in a global, and the plugins write those counts into their
 * output: how many copies of a module the watch has loaded is read from the generated files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/paths.ts';
import { socialgenBin, writePipelineSpec } from './helpers.ts';

const tmp = tempDir('socialgen-watch-imports-');
const dir = tmp.dir;
let child: ChildProcess | undefined;
let stdout = '';
let stderr = '';
let printed: () => void = () => {};

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
const words = () => read(path.join(dir, 'out/words/index.ts'));
const counts = () => read(path.join(dir, 'out/counts/index.ts'));
const runs = () => stdout.split('\n').filter((l) => l.startsWith('✓ ')).length;

/** A module that counts its evaluations (globalThis.__loads[name]) and exports `value`. */
function countingModule(name: string, value: string, imports = ''): string {
  return `${imports}const loads = (globalThis.__loads ??= {});\nloads[${JSON.stringify(name)}] = (loads[${JSON.stringify(name)}] ?? 0) + 1;\nexport const value = ${value};\n`;
}

function write(rel: string, text: string): void {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** plugin-a.js → lib/helper.js → lib/deep.js, and the package `counted-pkg`; target `words`. */
function writeHelper(extra = ''): void {
  write('lib/helper.js', countingModule('helper', `'helper:' + deep${extra ? ' + extra' : ''}`, `import { value as deep } from './deep.js';\n${extra}`));
}

beforeAll(async () => {
  writePipelineSpec(dir);
  write('package.json', JSON.stringify({ name: 'watch-imports', private: true, type: 'module' }));
  write('node_modules/counted-pkg/package.json', JSON.stringify({ name: 'counted-pkg', type: 'module', exports: './index.js' }));
  write('node_modules/counted-pkg/index.js', countingModule('pkg', "'pkg'"));
  write('lib/deep.js', countingModule('deep', "'v1'"));
  writeHelper();
  write(
    'plugin-a.js',
    `import { value as helper } from './lib/helper.js';
import { value as pkg } from 'counted-pkg';
export default {
  name: 'words',
  files: ['src/index.ts'],
  emit: () => [{ path: 'src/index.ts', format: 'typescript', contents: \`export const word = '\${helper}';\\nexport const pkg = '\${pkg}';\\n\` }],
};
`,
  );
  write(
    'plugin-b.js',
    `${countingModule('b', "'b'")}export default {
  name: 'counts',
  files: ['src/index.ts'],
  emit: () => [{ path: 'src/index.ts', format: 'typescript', contents: 'export const loads = ' + JSON.stringify(globalThis.__loads) + ';\\n' }],
};
`,
  );
  write('socialgen.config.yaml', 'spec: api.yaml\nout: out\nlayout: files\nformat: false\nplugins: [./plugin-a.js, ./plugin-b.js]\ntargets: [types, words, counts]\n');
  child = spawn(process.execPath, [socialgenBin, 'generate', '--watch'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    printed();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    printed();
  });
  await until('the first generation and the watch', () => runs() === 1 && stderr.includes('watching for changes'));
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  tmp.remove();
});

async function until(what: string, condition: () => boolean, timeoutMs = 40_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`the watch exited (${child.exitCode}) while waiting for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 500);
      printed = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/** The module evaluation counts, as plugin-b wrote them at the last run. */
const loads = (): Record<string, number> => JSON.parse(/export const loads = (.*);/.exec(counts())?.[1] ?? '{}');

describe('generate --watch and the modules a local plugin imports', () => {
  it('loads each module once at start', () => {
    expect(words()).toContain("export const word = 'helper:v1';");
    expect(loads()).toEqual({ deep: 1, helper: 1, pkg: 1, b: 1 });
  });

  it('an edit of a module imported through another one is imported again, with what imports it', async () => {
    const before = runs();
    write('lib/deep.js', countingModule('deep', "'v2'"));
    await until('v2 on disk', () => runs() > before && words().includes("'helper:v2'"));
    // One more copy of plugin-a's local modules; plugin-b and the package are not imported again.
    await until('the counts of that run', () => loads().deep === 2);
    expect(loads()).toEqual({ deep: 2, helper: 2, pkg: 1, b: 1 });
  });

  it('an edit of a module the plugin imports directly is imported again', async () => {
    const before = runs();
    write('lib/helper.js', countingModule('helper', "'helper2:' + deep", "import { value as deep } from './deep.js';\n"));
    await until('helper2 on disk', () => runs() > before && words().includes("'helper2:v2'"));
    await until('the counts of that run', () => loads().helper === 3);
    expect(loads()).toEqual({ deep: 3, helper: 3, pkg: 1, b: 1 });
  });

  it('a module the plugin starts importing is watched from then on', async () => {
    write('lib/extra.js', countingModule('extra', "':x1'"));
    let before = runs();
    writeHelper("import { value as extra } from './extra.js';\n");
    await until('the extra module on disk', () => runs() > before && words().includes("'helper:v2:x1'"));
    // chokidar starts watching an added file asynchronously (its `add` has no completion to wait for), so on a
    // busy machine an edit made the instant the run's output lands can come before the watch does: the edit
    // is written again (same content) until a run picks it up, within the same overall time limit.
    before = runs();
    const started = Date.now();
    for (let attempt = 0; !(runs() > before && words().includes("'helper:v2:x2'")); attempt++) {
      if (Date.now() - started > 40_000) throw new Error(`timed out waiting for the edit of the newly imported module (${attempt} writes)`);
      write('lib/extra.js', countingModule('extra', "':x2'"));
      await until('its edit on disk', () => runs() > before && words().includes("'helper:v2:x2'"), 4_000).catch(() => undefined);
    }
  });

  it('an edit of the spec alone imports no plugin again', async () => {
    await until('the counts of the last run', () => (loads().extra ?? 0) >= 2);
    const was = loads();
    const before = runs();
    const api = path.join(dir, 'api.yaml');
    writeFileSync(api, readFileSync(api, 'utf8').replace('  schemas:\n', '  schemas:\n    Extra: { type: string }\n'));
    await until('the spec edit on disk', () => runs() > before && read(path.join(dir, 'out/types/schemas.ts')).includes('Extra'));
    expect(loads()).toEqual(was);
  });
});
