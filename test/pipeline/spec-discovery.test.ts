/**
 * Where the spec comes from: `--spec`, else the config file's `spec`, else the first conventional name
 * that exists in the project folder (openapi.yaml/.yml/.json, openapi/openapi.*, spec/openapi.*: config.ts,
 * SPEC_FILES), else a usage error that says how to name it — one line, exit 2, no stack, nothing written.
 * No API's file name is a default of the generator (test/generator/vocabulary.test.ts scans for that).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, findSpec, loadConfig, NoSpecError, resolveConfig, SPEC_FILES } from '../../generator/src/config.ts';
import { tempDir } from '../helpers/paths.ts';
import { runCli, writePipelineSpec } from './helpers.ts';

const tmp = tempDir('socialgen-spec-discovery-');
afterAll(() => tmp.remove());

function folder(name: string): string {
  const dir = path.join(tmp.dir, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The pipeline spec (api.yaml → thing.yaml) moved under `rel` (its $ref stays relative). */
function specAt(dir: string, rel: string): string {
  const target = path.join(dir, rel);
  writePipelineSpec(path.dirname(target));
  if (path.basename(rel) !== 'api.yaml') renameSync(path.join(path.dirname(target), 'api.yaml'), target);
  return target;
}

describe('no spec named and none found', () => {
  it.each([
    ['generate', ['generate']],
    ['check', ['check']],
    ['bundle', ['bundle']],
    ['mock', ['mock', '--port', '0']],
  ])('%s: a usage error saying how to name it, exit 2, nothing written', async (_name, args) => {
    const dir = folder(`empty-${_name}`);
    const result = await runCli(args, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`socialgen: no OpenAPI document named and none found in ${dir} (looked for ${SPEC_FILES.join(', ')}); name it with \`spec: <file>\` in socialgen.config.yaml (or --spec <file> on the command line)`);
    expect(result.stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a config file without `spec` and nothing in its folder: the same error, about the config\'s folder', async () => {
    const dir = folder('config-without-spec');
    writeFileSync(path.join(dir, 'socialgen.config.yaml'), 'out: gen\n');
    const result = await runCli(['generate', '--quiet'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`no OpenAPI document named and none found in ${dir} `);
    expect(existsSync(path.join(dir, 'gen'))).toBe(false);
  });

  it('the programmatic API throws a NoSpecError (a UsageError) rather than guessing a path', () => {
    const dir = folder('api-empty');
    expect(() => resolveConfig({}, dir)).toThrow(NoSpecError);
    expect(() => loadConfig(undefined, dir)).toThrow(/no OpenAPI document named/);
    expect('spec' in DEFAULT_CONFIG).toBe(false);
  });
});

describe('a spec found by its conventional name', () => {
  it.each(['openapi.yaml', 'openapi/openapi.yaml', 'spec/openapi.yaml'])('%s, without flags or config', async (rel) => {
    const dir = folder(`found-${rel.replace(/\W/g, '-')}`);
    specAt(dir, rel);
    const result = await runCli(['generate', '--target', 'types', '--no-format', '--quiet'], dir);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(path.join(dir, 'generated/types/src/schemas.ts'))).toBe(true);
    expect(findSpec(dir)).toBe(path.join(dir, rel));
  });

  it('the first of SPEC_FILES wins: openapi.yaml before openapi/openapi.yaml before spec/openapi.yaml', () => {
    const dir = folder('several');
    for (const rel of ['spec/openapi.yaml', 'openapi/openapi.yaml', 'openapi.json']) specAt(dir, rel);
    expect(findSpec(dir)).toBe(path.join(dir, 'openapi.json'));
    specAt(dir, 'openapi.yaml');
    expect(findSpec(dir)).toBe(path.join(dir, 'openapi.yaml'));
  });

  it('next to a config file without `spec` (its folder, not the working directory)', async () => {
    const project = folder('config-folder');
    specAt(project, 'openapi.yaml');
    writeFileSync(path.join(project, 'socialgen.config.yaml'), 'out: gen\ntargets: [types]\nformat: false\n');
    const elsewhere = folder('elsewhere');
    const result = await runCli(['generate', '--config', path.join(project, 'socialgen.config.yaml'), '--quiet'], elsewhere);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(path.join(project, 'gen/types/src/schemas.ts'))).toBe(true);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('--spec wins over the config\'s `spec` and over a conventional file, and needs neither', async () => {
    const dir = folder('flag');
    specAt(dir, 'mine/api.yaml');
    writeFileSync(path.join(dir, 'socialgen.config.yaml'), 'spec: does-not-exist.yaml\ntargets: [types]\nformat: false\n');
    writeFileSync(path.join(dir, 'openapi.yaml'), 'not: a spec\n');
    const result = await runCli(['generate', '--spec', 'mine/api.yaml', '--quiet'], dir);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(path.join(dir, 'generated/types/src/schemas.ts'))).toBe(true);
    const bare = folder('flag-only');
    specAt(bare, 'x/api.yaml');
    expect(loadConfig(undefined, bare, { spec: path.join(bare, 'x/api.yaml') }).spec).toBe(path.join(bare, 'x/api.yaml'));
  });
});
