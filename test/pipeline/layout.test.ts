/**
 * `layout: files` (or `--layout files`): each target is a folder of plain TypeScript modules with an
 * `index.ts` entry, no package files; targets import each other by relative `.js` paths. The output
 * type-checks under strict + noUncheckedIndexedAccess with both NodeNext and bundler resolution, and
 * `check` and `--watch` work on it as on packages.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../helpers/generate.ts';
import { tempDir, tscBin } from '../helpers/paths.ts';
import { runCli, socialgenBin, writePipelineSpec, writeThing } from './helpers.ts';

const tmp = tempDir('socialgen-layout-');
afterAll(() => tmp.remove());
const project = path.join(tmp.dir, 'app');
const out = path.join(project, 'src/api');
let generated: Map<string, string>;

/** The strictest settings a user's project is likely to have, with one resolution mode. */
function tsconfig(resolution: 'NodeNext' | 'bundler'): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
      moduleResolution: resolution,
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: ['node'],
      typeRoots: [path.join(path.dirname(tscBin), '../@types')],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: false,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      // No declaration file here is generated: skipLibCheck leaves out only TypeScript's lib and @types/node
      // (~6 s of CPU a program), whose check says nothing of the output. install/cli.test.ts and
      // packages/publish.test.ts check them, with the declarations a user installs.
      skipLibCheck: true,
      noEmit: true,
    },
    include: ['src'],
  });
}

beforeAll(async () => {
  writePipelineSpec(path.join(project, 'spec'));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  writeFileSync(path.join(project, 'socialgen.config.yaml'), 'spec: spec/api.yaml\nout: src/api\nlayout: files\n');
  const result = await runCli(['generate', '--quiet'], project);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  generated = readTree(out);
}, 120_000);

describe('the files layout', () => {
  it('each target is a folder of modules with an index.ts entry and its README, and no package files anywhere', () => {
    const files = [...generated.keys()];
    for (const target of ['types', 'validators', 'client', 'server']) expect(files).toContain(`${target}/index.ts`);
    expect(files.filter((f) => !f.endsWith('.ts'))).toEqual(['client/README.md', 'server/README.md', 'types/README.md', 'validators/README.md']);
    expect(files.filter((f) => /(^|\/)src\//.test(f))).toEqual([]);
    expect(existsSync(path.join(out, 'types/package.json'))).toBe(false);
  });

  it('targets import each other by relative .js paths, never by package name', () => {
    const crossImports = new Set<string>();
    for (const [file, text] of generated) {
      for (const m of text.matchAll(/(?:from|import\()\s*'([^']+)'/g)) {
        const specifier = m[1]!;
        // Node's own modules (the server's Node adapter) are the only other imports.
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^(\.{1,2}\/.*\.js|node:[a-z_/]+)$/);
        if (specifier.startsWith('../') && !specifier.startsWith(`../${file.split('/')[0]}/`)) crossImports.add(`${file} → ${specifier}`);
      }
    }
    expect(crossImports).toContain("client/client.ts → ../types/index.js");
    expect(crossImports).toContain("client/client.ts → ../validators/index.js");
    expect(crossImports).toContain("server/index.ts → ../validators/index.js");
    expect(crossImports).toContain("validators/schemas.ts → ../types/index.js");
  });

  it.each(['NodeNext', 'bundler'] as const)('type-checks under strict + noUncheckedIndexedAccess with %s resolution, with a program using it', (resolution) => {
    writeFileSync(
      path.join(project, 'src/main.ts'),
      `import { createClient } from './api/client/index.js';
import { createMockHandler } from './api/server/index.js';
import { validateThing } from './api/validators/index.js';
import type { Thing } from './api/types/index.js';

const thing: Thing = { id: '1', name: 'x' };
export const valid: boolean = validateThing(thing).valid;
export const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
export const things: PromiseLike<Thing[]> = client.listThings({ id: '42' });
export const mock = createMockHandler({ seed: 1 });
`,
    );
    writeFileSync(path.join(project, `tsconfig.${resolution}.json`), tsconfig(resolution));
    const run = spawnSync(tscBin, ['-p', `tsconfig.${resolution}.json`, '--pretty', 'false'], { cwd: project, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Seconds on idle cores, minutes on a loaded machine.
  }, 600_000);

  it('check passes on it, and names a stale and an extra file', async () => {
    expect(await runCli(['check', '--quiet'], project)).toMatchObject({ code: 0, stdout: '' });
    const file = path.join(out, 'types/schemas.ts');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original + '// edited\n');
    writeFileSync(path.join(out, 'client/extra.ts'), 'export {};\n');
    const failed = await runCli(['check'], project);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('1 stale, 0 missing, 1 extra');
    expect(failed.stdout).toContain('stale:   src/api/types/schemas.ts');
    expect(failed.stdout).toContain('extra:   src/api/client/extra.ts');
    // generate puts it right again.
    expect((await runCli(['generate', '--quiet'], project)).code).toBe(0);
    expect(readTree(out)).toEqual(generated);
  });

  it('--layout on the command line overrides the config, --watch regenerates the plain modules', async () => {
    const child = spawn(process.execPath, [socialgenBin, 'generate', '--watch', '--layout', 'files', '--out', 'watched', '--target', 'types', '--no-format'], {
      cwd: project,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const schemas = path.join(project, 'watched/types/schemas.ts');
    const until = async (what: string, condition: () => boolean, retry?: () => void): Promise<void> => {
      const started = Date.now();
      while (!condition()) {
        if (Date.now() - started > 40_000) throw new Error(`timed out waiting for ${what}\n${stdout}\n${stderr}`);
        // chokidar may not be ready when "watching" is printed on a busy machine: save again, as a user would.
        if (retry && (Date.now() - started) % 10_000 < 60) retry();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      await until('the first run', () => stderr.includes('watching for changes') && existsSync(schemas));
      expect(existsSync(path.join(project, 'watched/types/package.json'))).toBe(false);
      const save = () => writeThing(path.join(project, 'spec'), 'colour: { type: string }');
      save();
      await until('the regeneration', () => readFileSync(schemas, 'utf8').includes('colour'), save);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 90_000);
});
