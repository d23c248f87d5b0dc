/**
 * `socialgen init`: a commented config file that the config loader accepts and that generates as written,
 * and a `generate` script in the project's package.json (its formatting kept); it refuses to overwrite a
 * config file or a different script, and changes nothing then.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/src/config.ts';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';
import { tempDir } from '../helpers/paths.ts';
import { runCli, writePipelineSpec } from './helpers.ts';

const tmp = tempDir('socialgen-init-');
afterAll(() => tmp.remove());

function project(name: string, packageJson?: string): string {
  const dir = path.join(tmp.dir, name);
  mkdirSync(dir, { recursive: true });
  if (packageJson !== undefined) writeFileSync(path.join(dir, 'package.json'), packageJson);
  return dir;
}

describe('socialgen init', () => {
  it('writes a commented config and the npm script; the config loads and generates as written', async () => {
    const dir = project('fresh', '{\n\t"name": "app",\n\t"type": "module",\n\t"scripts": {\n\t\t"test": "node --test"\n\t}\n}\n');
    writePipelineSpec(path.join(dir, 'spec'));
    const result = await runCli(['init', '--spec', 'spec/api.yaml'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('wrote socialgen.config.yaml (spec: spec/api.yaml, out: src/api, layout: files)');
    expect(result.stdout).toContain('added the "generate" script to package.json: socialgen generate');

    const text = readFileSync(path.join(dir, 'socialgen.config.yaml'), 'utf8');
    expect(text.split('\n').filter((l) => l.startsWith('#')).length).toBeGreaterThan(15);
    const config = loadConfig(path.join(dir, 'socialgen.config.yaml'), dir);
    expect(config).toMatchObject({ spec: path.join(dir, 'spec/api.yaml'), out: path.join(dir, 'src/api'), layout: 'files', format: true });
    expect(config.targets).toBeUndefined();

    // The package.json keeps its tab indentation and its other scripts.
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe('{\n\t"name": "app",\n\t"type": "module",\n\t"scripts": {\n\t\t"test": "node --test",\n\t\t"generate": "socialgen generate"\n\t}\n}\n');

    expect((await runCli(['generate', '--quiet'], dir)).code).toBe(0);
    expect(readdirSync(path.join(dir, 'src/api')).sort()).toEqual(['client', 'server', 'types', 'validators']);
  });

  it('finds an openapi.yaml in the project, takes --out, --layout and --script, and notes a missing spec', async () => {
    const found = project('found', '{"name":"x"}');
    writeFileSync(path.join(found, 'openapi.yaml'), 'openapi: 3.1.0\n');
    expect((await runCli(['init', '--layout', 'packages', '--out', 'gen', '--script', 'api'], found)).code).toBe(0);
    expect(loadConfig(path.join(found, 'socialgen.config.yaml'), found)).toMatchObject({ spec: path.join(found, 'openapi.yaml'), out: path.join(found, 'gen'), layout: 'packages' });
    expect(JSON.parse(readFileSync(path.join(found, 'package.json'), 'utf8'))).toEqual({ name: 'x', scripts: { api: 'socialgen generate' } });

    const missing = project('missing', '{}');
    const result = await runCli(['init'], missing);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('note: openapi.yaml does not exist yet');
  });

  it('refuses to overwrite a config file, and changes nothing', async () => {
    const dir = project('has-config', '{"name":"x"}\n');
    writeFileSync(path.join(dir, 'socialgen.config.json'), '{}');
    const result = await runCli(['init'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('socialgen: socialgen.config.json already exists; init changes nothing (edit it, or delete it to start over)');
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe('{"name":"x"}\n');
    expect(existsSync(path.join(dir, 'socialgen.config.yaml'))).toBe(false);
  });

  it('refuses to replace a different script of that name, and writes no config then', async () => {
    const dir = project('has-script', '{"scripts":{"generate":"openapi-typescript api.yaml"}}');
    const result = await runCli(['init'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('socialgen: package.json already has a "generate" script ("openapi-typescript api.yaml"); choose another name with --script; nothing was written');
    expect(existsSync(path.join(dir, 'socialgen.config.yaml'))).toBe(false);
    // The same script already there is fine.
    const same = project('same-script', '{"scripts":{"generate":"socialgen generate"}}');
    expect((await runCli(['init'], same)).code).toBe(0);
  });

  it('needs a package.json (valid JSON), and says so', async () => {
    const none = await runCli(['init'], project('no-package'));
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^socialgen: no package\.json in .*: run `npm init` first \(init adds a script to it\); nothing was written$/);
    const broken = await runCli(['init'], project('broken-package', '{"name": '));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^socialgen: package\.json is not valid JSON \(.*\); nothing was written$/);
    expect(existsSync(path.join(tmp.dir, 'broken-package/socialgen.config.yaml'))).toBe(false);
  });

  it('the config comments list every target, say the opt-in ones (query, msw, zod, mcp), and show dates, int64, pagination, headers and packages.patch', async () => {
    const dir = project('comments', '{"name":"x","type":"module"}\n');
    expect((await runCli(['init'], dir)).code).toBe(0);
    const text = readFileSync(path.join(dir, 'socialgen.config.yaml'), 'utf8');
    for (const target of ['types', 'validators', 'client', 'server', 'query', 'msw', 'express', 'fastify', 'hono', 'koa', 'next', 'zod', 'mcp']) expect(text).toMatch(new RegExp(`^#   ${target} +\\S`, 'm'));
    expect(text).toContain('query, msw, zod, mcp and the server adapters are opt-in');
    expect(text).not.toContain('plugins\' targets included');
    for (const key of ['# dates: Date', '# int64: bigint', '# pagination:', '# headers:', '#   patch: 0']) expect(text).toContain(key);
    // Each commented-out example, uncommented, is a valid config (the example keys are real keys).
    const lines = text.split('\n');
    for (const key of ['headers', 'targets', 'format', 'dates', 'int64', 'pagination', 'plugins', 'packages', 'options']) {
      const at = lines.map((l) => l.startsWith(`# ${key}:`)).lastIndexOf(true);
      const block = [lines[at]!.slice(2)];
      for (let i = at + 1; lines[i]?.startsWith('#   '); i++) block.push(lines[i]!.slice(2));
      writeFileSync(path.join(dir, `${key}.yaml`), `spec: api.yaml\n${block.join('\n')}\n`);
      expect(() => loadConfig(path.join(dir, `${key}.yaml`), dir), key).not.toThrow();
    }
  });

  it('--target writes the targets; a commonjs package.json gets a warning with the fix for the files layout (not for packages)', async () => {
    const dir = project('commonjs', '{"name":"x","type":"commonjs"}\n');
    const result = await runCli(['init', '--target', 'types,client'], dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('socialgen: warning: package.json has "type": "commonjs", but the files layout writes ESM modules (imports ending in .js): set it with `npm pkg set type=module` (or use --layout packages)');
    expect(loadConfig(path.join(dir, 'socialgen.config.yaml'), dir).targets).toEqual(['types', 'client']);
    expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).type).toBe('commonjs');
    const untyped = project('untyped-packages', '{"name":"x"}\n');
    expect((await runCli(['init', '--layout', 'packages'], untyped)).stderr).toBe('');
  });

  it('on a terminal it asks for the targets and offers to set "type": "module"', async () => {
    const dir = project('asked', '{"name":"x"}\n');
    const questions: string[] = [];
    const answers = ['types, client', 'y'];
    const io = { ...memoryIO(dir), ask: async (q: string) => (questions.push(q), answers.shift()!) };
    expect(await main(['init'], io)).toBe(0);
    expect(questions[0]).toMatch(/^Which targets\?/);
    expect(questions[0]).toContain('msw');
    expect(questions[1]).toBe('package.json has no "type"; the files layout needs "type": "module". Set it? [Y/n] ');
    expect(loadConfig(path.join(dir, 'socialgen.config.yaml'), dir).targets).toEqual(['types', 'client']);
    expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))).toEqual({ name: 'x', type: 'module', scripts: { generate: 'socialgen generate' } });
    expect(io.stdout.join('\n')).toContain('set "type": "module" in package.json');
  });
});
