/**
 * Plugins: a module named in the config's `plugins` adds a target that goes through the same pipeline as
 * the built-ins — declared files, prettier, atomic write, `check`, both layouts, package files. The
 * example plugin (examples/plugin/routes-plugin.js) is the one run here; broken plugins are usage
 * errors naming the plugin, with nothing written. The built-ins are planned by the same registry.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinRegistry, RegistryError, TargetRegistry } from '../../generator/src/emit/registry.ts';
import { repoRoot, tempDir, tscBin } from '../helpers/paths.ts';
import { runCli, writePipelineSpec } from './helpers.ts';

const tmp = tempDir('socialgen-plugins-');
afterAll(() => tmp.remove());
const examplePlugin = path.join(repoRoot, 'examples/plugin/routes-plugin.js');
const read = (...parts: string[]) => readFileSync(path.join(...parts), 'utf8');

function project(name: string, config: string): string {
  const dir = path.join(tmp.dir, name);
  writePipelineSpec(path.join(dir, 'spec'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  writeFileSync(path.join(dir, 'socialgen.config.yaml'), `spec: spec/api.yaml\nplugins: [${JSON.stringify(path.relative(dir, examplePlugin))}]\n${config}`);
  return dir;
}

describe('the example plugin, layout packages', () => {
  let dir: string;
  beforeAll(async () => {
    dir = project('packages', 'targets: [types, routes]\n');
    expect(await runCli(['generate', '--quiet'], dir)).toMatchObject({ code: 0, stderr: '' });
  }, 120_000);

  it('writes a package like the built-ins: formatted module, package.json pinned to the types package, README', () => {
    expect(readdirSync(path.join(dir, 'generated')).sort()).toEqual(['routes', 'types']);
    const module = read(dir, 'generated/routes/src/index.ts');
    // prettier ran (single quotes, trailing commas) and the types entry is imported by package name.
    expect(module).toContain("import type { Operations } from '@pipeline-api/types';");
    expect(module).toContain("listThings: { method: 'GET', path: '/users/{id}/things' },");
    const json = JSON.parse(read(dir, 'generated/routes/package.json')) as Record<string, unknown>;
    const types = JSON.parse(read(dir, 'generated/types/package.json')) as { version: string };
    expect(json).toMatchObject({ name: '@pipeline-api/routes', version: types.version, dependencies: { '@pipeline-api/types': types.version } });
    expect(read(dir, 'generated/routes/README.md')).toContain('The method and path template of every operation of the API');
    expect(readdirSync(path.join(dir, 'generated/routes')).sort()).toEqual(['LICENSE', 'README.md', 'package.json', 'src', 'tsconfig.json']);
  });

  it('check passes, and reports the plugin\'s file when it is stale', async () => {
    expect(await runCli(['check', '--quiet'], dir)).toMatchObject({ code: 0, stdout: '' });
    const file = path.join(dir, 'generated/routes/src/index.ts');
    writeFileSync(file, read(file).replace("'GET'", "'PUT'"));
    const stale = await runCli(['check'], dir);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain('stale:   generated/routes/src/index.ts');
  });
});

describe('the example plugin, layout files, compiled and run', () => {
  it('is generated with the built-ins by default, type-checks strictly and runs', async () => {
    const dir = project('files', 'layout: files\nout: src/api\n');
    expect(await runCli(['generate', '--quiet'], dir)).toMatchObject({ code: 0, stderr: '' });
    expect(readdirSync(path.join(dir, 'src/api')).sort()).toEqual(['client', 'routes', 'server', 'types', 'validators']);
    expect(read(dir, 'src/api/routes/index.ts')).toContain("from '../types/index.js'");
    writeFileSync(path.join(dir, 'src/main.ts'), "import { pathOf, routes } from './api/routes/index.js';\nconsole.log(routes.listThings.method, pathOf('listThings', { id: 'a b' }));\n// @ts-expect-error the path parameter is required\npathOf('listThings', {});\n");
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: [], lib: ['ES2022', 'DOM'], strict: true, noUncheckedIndexedAccess: true, outDir: 'dist', rootDir: 'src', skipLibCheck: true }, files: ['src/main.ts'] }));
    const built = spawnSync(tscBin, ['-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
    expect(built.stdout + built.stderr).toBe('');
    const run = spawnSync(process.execPath, ['dist/main.js'], { cwd: dir, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('GET /users/a%20b/things');
  }, 120_000);
});

describe('broken plugins are usage errors naming the plugin, and nothing is written', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['a file it did not declare', "export default { name: 'extra', dependsOn: [], files: ['src/index.ts'], emit: () => [{ path: 'src/index.ts', contents: 'export {};', format: 'typescript' }, { path: 'src/other.ts', contents: 'export {};', format: 'typescript' }] };", /plugin "\.\/plugin\.js": target "extra" returned "src\/other\.ts", which its declared files \(src\/index\.ts\) do not include/],
    ['a path outside its folder', "export default { name: 'escape', emit: () => [{ path: 'src/../../x.ts', contents: '', format: 'typescript' }] };", /returned "src\/\.\.\/\.\.\/x\.ts": files are relative paths under src\//],
    ['no entry', "export default { name: 'noentry', emit: () => [{ path: 'src/a.ts', contents: 'export {};', format: 'typescript' }] };", /the target "noentry" has no entry: it must write src\/index\.ts/],
    ['a built-in\'s name', "export default { name: 'client', emit: () => [] };", /the target "client" is already registered by built-in/],
    ['a dependency nobody provides', "export default { name: 'hooks', dependsOn: ['tanstack'], emit: () => [] };", /the target "hooks" depends on "tanstack", which no built-in or plugin provides/],
    ['an emitter that throws', "export default { name: 'boom', emit: () => { throw new Error('no luck'); } };", /plugin "\.\/plugin\.js": the emitter of "boom" failed: no luck/],
    ['a raw string in generated code', "export default { name: 'unsafe', emit: (model, { codegen }) => [{ path: 'src/index.ts', contents: codegen.code`export const title = ${model.info.title};`.text, format: 'typescript' }] };", /the emitter of "unsafe" failed: generated code may only interpolate Code values, got string/],
    ['no emitter exported', 'export const nothing = 1;', /plugin "\.\/plugin\.js" exports no emitter/],
    ['a module that does not load', 'export default {', /plugin "\.\/plugin\.js" could not be loaded/],
  ];
  it.each(cases)('%s', async (_, source, message) => {
    const dir = path.join(tmp.dir, `broken-${cases.findIndex((c) => c[1] === source)}`);
    writePipelineSpec(dir);
    writeFileSync(path.join(dir, 'plugin.js'), source);
    writeFileSync(path.join(dir, 'socialgen.config.yaml'), 'spec: api.yaml\ntargets: [types]\nplugins: [./plugin.js]\n');
    const result = await runCli(['generate', '--target', 'types,' + (/name: '([a-z-]+)'/.exec(source)?.[1] ?? 'types')], dir);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.code).toBe(2);
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it('an unknown target in the config is reported at its place once the plugins are loaded', async () => {
    const dir = path.join(tmp.dir, 'unknown-target');
    mkdirSync(dir, { recursive: true });
    writePipelineSpec(dir);
    writeFileSync(path.join(dir, 'socialgen.config.yaml'), `spec: api.yaml\nplugins: [${JSON.stringify(examplePlugin)}]\ntargets: [types, route]\n`);
    const result = await runCli(['generate'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('socialgen.config.yaml:3:18: unknown target "route" in targets; did you mean "routes"? (known: types, validators, client, server, query, msw, express, fastify, hono, koa, next, zod, mcp, routes)');
  });
});

describe('the registry: built-ins and plugins planned alike', () => {
  it('orders targets after what they depend on, whatever the selection order', () => {
    expect(builtinRegistry().plan(['server', 'types', 'client']).map((t) => t.name)).toEqual(['types', 'client', 'server']);
    const registry = builtinRegistry();
    registry.register({ name: 'hooks', dependsOn: ['client'], origin: 'test', load: async () => ({ name: 'hooks', dependsOn: ['client'], emit: () => [] }) });
    expect(registry.plan(['hooks', 'types']).map((t) => t.name)).toEqual(['types', 'hooks']);
    expect(registry.get('client')?.dependsOn).toEqual(['types', 'validators']);
  });

  it('rejects cycles and unknown selections', () => {
    const registry = new TargetRegistry();
    const target = (name: string, dependsOn: string[]) => ({ name, dependsOn, origin: 'test', load: async () => ({ name, dependsOn, emit: () => [] }) });
    registry.register(target('a', ['b']));
    registry.register(target('b', ['a']));
    expect(() => registry.plan(['a'])).toThrow(/in a cycle: a → b → a/);
    expect(() => builtinRegistry().plan(['tpyes'])).toThrow(RegistryError);
  });

  it('every built-in emitter loads and matches its registration', async () => {
    const registry = builtinRegistry();
    for (const name of registry.names()) expect((await registry.get(name)!.load()).name).toBe(name);
  });
});
