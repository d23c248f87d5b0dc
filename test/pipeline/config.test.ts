/**
 * The config file in a pipeline: every key takes effect (spec, out, targets, package scope and names,
 * patch, license, formatting, per-target options), flags override it, relative paths resolve against the
 * file's folder, and unknown keys or wrong types are rejected with `file:line:column` and nothing written.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/paths.ts';
import { runCli, writePipelineSpec } from './helpers.ts';

const tmp = tempDir('socialgen-config-');
afterAll(() => tmp.remove());

const read = (...parts: string[]) => readFileSync(path.join(...parts), 'utf8');
const json = (...parts: string[]) => JSON.parse(read(...parts)) as { name: string; version: string; license: string; dependencies?: Record<string, string> };

describe('every config key takes effect', () => {
  const project = path.join(tmp.dir, 'project');
  let configured: Awaited<ReturnType<typeof runCli>>;
  let defaults: Awaited<ReturnType<typeof runCli>>;

  beforeAll(async () => {
    // The spec lives in a subfolder; the config refers to it relative to itself, and is run from elsewhere.
    writePipelineSpec(path.join(project, 'spec'));
    writeFileSync(
      path.join(project, 'socialgen.config.yaml'),
      `# socialgen configuration
spec: spec/api.yaml
out: packages
targets: [types, validators, server]
format: false
packages:
  scope: acme
  names:
    server: acme-api-server
  patch: 7
  license: Apache-2.0
  licenseHolder: ACME Corp
options:
  server:
    ownerExtension: x-my-owner
`,
    );
    const cwd = path.join(tmp.dir, 'elsewhere');
    mkdirSync(cwd);
    configured = await runCli(['generate', '--config', path.join(project, 'socialgen.config.yaml'), '--quiet'], cwd);

    // The same spec with no config file: every default.
    const plain = path.join(tmp.dir, 'plain');
    writePipelineSpec(plain);
    defaults = await runCli(['generate', '--spec', 'api.yaml', '--quiet'], plain);
  }, 180_000);

  it('spec, out and targets: only the configured targets, under the configured folder (relative to the config file)', () => {
    expect(configured).toMatchObject({ code: 0, stderr: '' });
    expect(readdirSync(path.join(project, 'packages')).sort()).toEqual(['server', 'types', 'validators']);
    expect(readdirSync(path.join(tmp.dir, 'plain/generated')).sort()).toEqual(['client', 'server', 'types', 'validators']);
  });

  it('packages: scope, a per-target name, the patch and the license, in package.json and the pinned dependencies', () => {
    expect(json(project, 'packages/types/package.json')).toMatchObject({ name: '@acme/types', version: '1.4.7', license: 'Apache-2.0' });
    expect(json(project, 'packages/validators/package.json').dependencies).toEqual({ '@acme/types': '1.4.7' });
    expect(json(project, 'packages/server/package.json')).toMatchObject({ name: 'acme-api-server', dependencies: { '@acme/types': '1.4.7', '@acme/validators': '1.4.7' } });
    expect(read(project, 'packages/server/src/handlers.ts')).toMatch(/from ["']@acme\/types["']/);
    expect(read(project, 'packages/types/LICENSE')).toMatch(/distributed under the license Apache-2\.0/);

    const plain = path.join(tmp.dir, 'plain/generated');
    // No scope configured: a slug of the spec's title ("Pipeline API"), in names and imports alike.
    expect(json(plain, 'types/package.json')).toMatchObject({ name: '@pipeline-api/types', version: '1.4.0', license: 'MIT' });
    expect(read(plain, 'server/src/handlers.ts')).toMatch(/from ["']@pipeline-api\/types["']/);
    expect(read(plain, 'types/LICENSE')).toContain('Copyright (c) the authors of the API description');
  });

  it('format: false skips prettier; the default formats (the types are printed formatted either way)', () => {
    // package.json is printed as prettier prints it (codegen/json-layout.ts): the same with or without it.
    expect(read(project, 'packages/types/package.json')).toContain('["openapi", "typescript"');
    expect(read(tmp.dir, 'plain/generated/types/package.json')).toContain('["openapi", "typescript"');
    // The types printer prints prettier's layout itself (codegen/pretty/): the same with or without it.
    expect(read(project, 'packages/types/src/index.ts')).toContain("title: 'Pipeline API'");
    expect(read(tmp.dir, 'plain/generated/types/src/index.ts')).toContain("title: 'Pipeline API'");
  });

  it('options.<target> reaches that emitter: the server honours the configured owner extension', () => {
    const owner = (file: string) => /\\?"ownerParameter\\?":\s*\\?"id\\?"/.test(read(file));
    expect(owner(path.join(project, 'packages/server/src/api.ts'))).toBe(true);
    expect(defaults.code).toBe(0);
    expect(owner(path.join(tmp.dir, 'plain/generated/server/src/api.ts'))).toBe(false);
  });

  it('flags override the config file: --target and --out', async () => {
    const out = path.join(tmp.dir, 'flag-out');
    const result = await runCli(['generate', '--target', 'types', '--out', out, '--quiet'], project);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(readdirSync(out)).toEqual(['types']);
    // Still the config file's (found in the current folder) scope and patch.
    expect(json(out, 'types/package.json')).toMatchObject({ name: '@acme/types', version: '1.4.7' });
  });
});

describe('a config file with mistakes is rejected with file:line:column, and nothing is written', () => {
  const dir = path.join(tmp.dir, 'mistakes');

  beforeAll(() => {
    writePipelineSpec(dir);
  });

  it('unknown top-level and nested keys (JSON), naming the known ones', async () => {
    writeFileSync(
      path.join(dir, 'socialgen.config.json'),
      `{
  "spec": "api.yaml",
  "targets": ["types"],
  "packages": { "scope": "acme" },
  "fromat": false,
  "options": { "sever": {} }
}
`,
    );
    const result = await runCli(['generate'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('socialgen.config.json:5:3: unknown config key "fromat"; did you mean "format"? (known: $schema, spec, headers, out, targets, format, layout, plugins, packages, options, dates, int64, idempotencyKey, pagination)');
    expect(result.stderr).toContain('socialgen.config.json:6:16: unknown config key "sever" in options; did you mean "server"? (known: types, validators, client, server, query, msw, express, fastify, hono, koa, next, zod, mcp)');
    expect(result.stderr).toMatch(/2 problems in the input; nothing was written/);
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it('unknown nested keys, wrong types and unknown targets (YAML, via --config)', async () => {
    writeFileSync(path.join(dir, 'bad.yaml'), 'spec: api.yaml\npackages:\n  scoop: acme\n  names:\n    clients: x\nformat: "no"\ntargets: [types, sdk]\n');
    const result = await runCli(['generate', '--config', 'bad.yaml'], dir);
    expect(result.code).toBe(2);
    const lines = result.stderr.split('\n');
    expect(lines).toContain('bad.yaml:3:3: unknown config key "scoop" in packages; did you mean "scope"? (known: scope, names, patch, license, licenseHolder)');
    expect(lines).toContain('bad.yaml:5:5: unknown config key "clients" in packages/names; did you mean "client"? (known: types, validators, client, server, query, msw, express, fastify, hono, koa, next, zod, mcp)');
    expect(lines.some((l) => /^bad\.yaml:6:\d+: config format must be boolean$/.test(l))).toBe(true);
    expect(lines).toContain('bad.yaml:7:18: unknown target "sdk" in targets (known: types, validators, client, server, query, msw, express, fastify, hono, koa, next, zod, mcp)');
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it("a target option its emitter cannot use (the validators' removed `compact`, a bad inlineLimit): exit 2, named, no stack", async () => {
    for (const [options, message] of [
      ['compact: true', 'socialgen: config: options.validators.compact was removed: the default output is now smaller than the compact shape was, and faster; delete the option'],
      ['inlineLimit: 0', 'socialgen: config: options.validators.inlineLimit must be a positive integer, got 0'],
    ]) {
      writeFileSync(path.join(dir, 'opts.yaml'), `spec: api.yaml\ntargets: [types, validators]\noptions:\n  validators:\n    ${options}\n`);
      const result = await runCli(['generate', '--config', 'opts.yaml'], dir);
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')).toContain(message);
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(existsSync(path.join(dir, 'generated'))).toBe(false);
    }
  });

  it('a YAML syntax error in the config file', async () => {
    writeFileSync(path.join(dir, 'broken.yaml'), 'spec: api.yaml\ntargets: [types\n');
    const result = await runCli(['generate', '--config', 'broken.yaml'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^broken\.yaml:\d+:\d+: /m);
  });
});
