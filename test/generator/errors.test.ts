/**
 * Bad input, through the CLI (`main([...], memoryIO())`): each kind of problem is reported as
 * `file:line:column: message`, the exit code is 2, there is no stack trace, nothing is written, and a
 * previous output folder is left byte-identical.
 *
 * Specs are written inline; `‸` marks where a diagnostic must point (it is removed before writing).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';
import { readTree } from '../helpers/generate.ts';
import { tempDir } from '../helpers/paths.ts';

const tmp = tempDir('socialgen-errors-');
afterAll(() => tmp.remove());

/** Writes `text` (with `‸` markers) to `rel` under the temp folder; returns the `line:column` of each marker. */
function write(rel: string, text: string): string[] {
  const positions: string[] = [];
  const lines = text.split('\n');
  const clean = lines.map((line, i) => {
    let out = '';
    for (const ch of line) {
      if (ch === '‸') positions.push(`${i + 1}:${out.length + 1}`);
      else out += ch;
    }
    return out;
  });
  const abs = path.join(tmp.dir, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, clean.join('\n'));
  return positions;
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = memoryIO(tmp.dir);
  const code = await main(args, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

/** `generate --quiet` into a fresh (non-existent) out folder; asserts exit 2, no stack, nothing written. */
async function generateBad(spec: string, extra: string[] = []): Promise<string> {
  const out = path.join(tmp.dir, 'out', spec.replace(/[^a-z0-9]+/gi, '_'));
  const result = await run(['generate', '--spec', spec, '--out', out, '--quiet', ...extra]);
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr, 'no stack trace').not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toMatch(/internal error/);
  expect(result.stderr).toMatch(/nothing was written/);
  expect(existsSync(out), 'nothing written to --out').toBe(false);
  return result.stderr;
}

const info = 'info:\n  title: Bad\n  version: "1"';

describe('bad input: file:line:column, exit 2', () => {
  it('YAML syntax error', async () => {
    write('yaml-syntax.yaml', `openapi: 3.1.0\n${info}\n  tags: [a, b\npaths: {}\n`);
    const stderr = await generateBad('yaml-syntax.yaml');
    expect(stderr).toMatch(/^yaml-syntax\.yaml:\d+:\d+: YAML: .+/m);
  });

  it('several YAML errors in one file are reported together', async () => {
    const [first, second] = write('yaml-twice.yaml', `openapi: 3.1.0\ninfo:\n  title: Bad\n  ‸title: Again\n  version: "1"\npaths: {}\ncomponents:\n  schemas:\n    A:\n      type: string\n      ‸type: number\n`);
    const stderr = await generateBad('yaml-twice.yaml');
    expect(stderr).toContain(`yaml-twice.yaml:${first}: YAML: Map keys must be unique`);
    expect(stderr).toContain(`yaml-twice.yaml:${second}: YAML: Map keys must be unique`);
    expect(stderr).toContain('2 problems');
  });

  it('unresolvable internal $ref', async () => {
    const [at] = write('ref.yaml', `openapi: 3.1.0\n${info}\npaths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n        b:\n          ‸$ref: '#/components/schemas/Missing'\n`);
    const stderr = await generateBad('ref.yaml');
    expect(stderr).toContain(`ref.yaml:${at}: unresolvable $ref "#/components/schemas/Missing"`);
  });

  it('unresolvable external file $ref in a split spec (names the referring file and the missing one)', async () => {
    write('split/openapi.yaml', `openapi: 3.1.0\n${info}\npaths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: './schemas/a.yaml'\n`);
    const [at] = write('split/schemas/a.yaml', `type: object\nproperties:\n  b:\n    ‸$ref: './missing.yaml'\n`);
    const stderr = await generateBad('split/openapi.yaml');
    // One problem, at the `$ref` that names the missing file.
    expect(stderr).toMatch(new RegExp(`^split/schemas/a\\.yaml:${at}: unresolvable \\$ref: cannot read .*missing\\.yaml \\(file not found\\)`, 'm'));
    expect(stderr).toContain('1 problem in the input');
  });

  it('unresolvable pointer into another file of a split spec points at the referring $ref', async () => {
    write('split2/openapi.yaml', `openapi: 3.1.0\n${info}\npaths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: './schemas/a.yaml'\n`);
    const [at] = write('split2/schemas/a.yaml', `type: object\nproperties:\n  c:\n    ‸$ref: './b.yaml#/Nope'\n`);
    write('split2/schemas/b.yaml', 'Yes:\n  type: string\n');
    const stderr = await generateBad('split2/openapi.yaml');
    expect(stderr).toMatch(/Nope/);
    expect(stderr).toContain(`split2/schemas/a.yaml:${at}: unresolvable $ref`);
  });

  it('circular alias $refs (A = B, B = A) and through a nullable union (C = D | null, D = C), both in one run', async () => {
    const [a, c] = write('cycle.yaml', `openapi: 3.1.0\n${info}\npaths: {}\ncomponents:\n  schemas:\n    ‸A:\n      $ref: '#/components/schemas/B'\n    B:\n      $ref: '#/components/schemas/A'\n    ‸C:\n      anyOf:\n        - $ref: '#/components/schemas/D'\n        - type: 'null'\n    D:\n      $ref: '#/components/schemas/C'\n    Fine:\n      type: object\n      properties:\n        self:\n          $ref: '#/components/schemas/Fine'\n`);
    const stderr = await generateBad('cycle.yaml');
    expect(stderr).toContain(`cycle.yaml:${a}: circular $ref that cannot be typed: A → B → A`);
    expect(stderr).toContain(`cycle.yaml:${c}: circular $ref that cannot be typed: C → D → C`);
    expect(stderr).not.toMatch(/Fine/);
    expect(stderr).toContain('2 problems');
  });

  it('meta-schema violation: a 3.0 response without description', async () => {
    const [at] = write('meta-description.yaml', `openapi: 3.0.3\n${info}\npaths:\n  /a:\n    get:\n      responses:\n        ‸'200':\n          content: {}\n`);
    const stderr = await generateBad('meta-description.yaml');
    expect(stderr).toContain(`meta-description.yaml:${at}: does not match the OpenAPI 3.0 schema: missing required property "description"`);
  });

  it('meta-schema violation: an unknown top-level field (pointing at the field)', async () => {
    const [at] = write('meta-unknown.yaml', `openapi: 3.1.0\n${info}\npaths: {}\n‸colour: blue\n`);
    const stderr = await generateBad('meta-unknown.yaml');
    expect(stderr).toContain(`meta-unknown.yaml:${at}: does not match the OpenAPI 3.1 schema: unknown property "colour"`);
  });

  it('several meta-schema problems in one file are all reported in one run', async () => {
    const [op, description, top] = write('meta-many.yaml', `openapi: 3.0.3\n${info}\npaths:\n  /a:\n    get:\n      ‸summry: typo\n      responses:\n        ‸'200':\n          content: {}\n‸colour: blue\n`);
    const stderr = await generateBad('meta-many.yaml');
    expect(stderr).toContain(`meta-many.yaml:${op}: does not match the OpenAPI 3.0 schema: unknown property "summry"`);
    expect(stderr).toContain(`meta-many.yaml:${description}: does not match the OpenAPI 3.0 schema: missing required property "description"`);
    expect(stderr).toContain(`meta-many.yaml:${top}: does not match the OpenAPI 3.0 schema: unknown property "colour"`);
  });

  it('duplicate operationId: the message names both places', async () => {
    const [first, second] = write('duplicate.yaml', `openapi: 3.1.0\n${info}\npaths:\n  /a:\n    get:\n      ‸operationId: getThing\n      responses:\n        '204':\n          description: ok\n  /b:\n    get:\n      ‸operationId: getThing\n      responses:\n        '204':\n          description: ok\n`);
    const stderr = await generateBad('duplicate.yaml');
    expect(stderr).toContain(`duplicate.yaml:${second}: duplicate operationId "getThing" (first used at duplicate.yaml:${first})`);
  });

  it('several model problems in one file (duplicate operationId, alias cycle, bad x-limits) are all reported in one run', async () => {
    const [dup, cycle, limit] = write('model-many.yaml', `openapi: 3.1.0\n${info}\npaths:\n  /a:\n    get:\n      operationId: same\n      responses:\n        '204':\n          description: ok\n  /b:\n    get:\n      ‸operationId: same\n      responses:\n        '204':\n          description: ok\ncomponents:\n  schemas:\n    ‸A:\n      $ref: '#/components/schemas/A'\nx-limits:\n  - ‸name: no-value\n`);
    const stderr = await generateBad('model-many.yaml');
    expect(stderr).toContain(`model-many.yaml:${dup}: duplicate operationId "same"`);
    expect(stderr).toContain(`model-many.yaml:${cycle}: circular $ref that cannot be typed: A → A`);
    expect(stderr).toContain(`model-many.yaml:${limit}: an x-limits entry needs a string \`name\` and a number \`value\``);
    expect(stderr).toContain('3 problems');
  });

  it('meta-schema problems and model problems are reported together in one run', async () => {
    const [dup, unknown] = write('mixed.yaml', `openapi: 3.1.0\n${info}\npaths:\n  /a:\n    get:\n      operationId: same\n      responses:\n        '204':\n          description: ok\n  /b:\n    get:\n      ‸operationId: same\n      responses:\n        '204':\n          description: ok\n‸colour: blue\n`);
    const stderr = await generateBad('mixed.yaml');
    expect(stderr).toContain(`mixed.yaml:${unknown}: does not match the OpenAPI 3.1 schema: unknown property "colour"`);
    expect(stderr).toContain(`mixed.yaml:${dup}: duplicate operationId "same"`);
    expect(stderr).toContain('2 problems');
  });

  it('Swagger 2.0', async () => {
    write('swagger.yaml', `swagger: '2.0'\n${info}\npaths: {}\n`);
    const stderr = await generateBad('swagger.yaml');
    expect(stderr).toMatch(/^swagger\.yaml:1:1: unsupported document \(a Swagger 2\.0 document\); socialgen reads OpenAPI 3\.0\.x, 3\.1\.x and 3\.2\.x/m);
  });

  it('an unknown openapi version', async () => {
    const [at] = write('v4.yaml', `‸openapi: 4.0.0\n${info}\npaths: {}\n`);
    const stderr = await generateBad('v4.yaml');
    expect(stderr).toContain(`v4.yaml:${at}: unsupported document (openapi: 4.0.0)`);
  });

  it('an unknown key in socialgen.config.json (names the key, file:line:column)', async () => {
    write('good.yaml', `openapi: 3.1.0\n${info}\npaths: {}\n`);
    const [top, nested] = write('config/socialgen.config.json', `{\n  "spec": "../good.yaml",\n  ‸"targetz": ["types"],\n  "packages": {\n    "scope": "x",\n    ‸"nmes": {}\n  }\n}\n`);
    const result = await run(['generate', '--config', 'config/socialgen.config.json', '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`config/socialgen.config.json:${top}: unknown config key "targetz"`);
    expect(result.stderr).toContain(`config/socialgen.config.json:${nested}: unknown config key "nmes" in packages`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(path.join(tmp.dir, 'config/generated'))).toBe(false);
  });

  it('the config file found in the current folder is checked the same way', async () => {
    const sub = path.join(tmp.dir, 'cwd-config');
    mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, 'socialgen.config.json'), '{\n  "colour": "blue"\n}\n');
    const io = memoryIO(sub);
    expect(await main(['generate', '--quiet'], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain('socialgen.config.json:2:3: unknown config key "colour"');
  });

  it('an unknown --target', async () => {
    write('good.yaml', `openapi: 3.1.0\n${info}\npaths: {}\n`);
    const out = path.join(tmp.dir, 'out/unknown-target');
    const result = await run(['generate', '--spec', 'good.yaml', '--out', out, '--target', 'types,sdk']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown target "sdk"; choose from types, validators, client, server');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(out)).toBe(false);
  });

  it('a missing spec file', async () => {
    const stderr = await generateBad('does-not-exist.yaml');
    expect(stderr).toMatch(/^does-not-exist\.yaml: cannot read: file not found/m);
  });
});

describe('a failing run leaves the previous output untouched (atomic write)', () => {
  const out = path.join(tmp.dir, 'previous');
  let before: Map<string, string>;

  beforeAll(async () => {
    write('previous.yaml', `openapi: 3.1.0\n${info}\npaths: {}\ncomponents:\n  schemas:\n    Thing:\n      type: string\n      enum: [a, b]\n`);
    const result = await run(['generate', '--spec', 'previous.yaml', '--out', out, '--target', 'types', '--quiet']);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    before = readTree(out);
    expect(before.has('types/src/schemas.ts')).toBe(true);
  });

  it.each([
    ['a YAML syntax error', `openapi: 3.1.0\n${info}\npaths: {\n`],
    ['an unresolvable $ref', `openapi: 3.1.0\n${info}\npaths: {}\ncomponents:\n  schemas:\n    Thing:\n      $ref: '#/nowhere'\n`],
    ['a circular alias', `openapi: 3.1.0\n${info}\npaths: {}\ncomponents:\n  schemas:\n    Thing:\n      $ref: '#/components/schemas/Thing'\n`],
  ])('after %s', async (_, text) => {
    write('previous.yaml', text);
    const result = await run(['generate', '--spec', 'previous.yaml', '--out', out, '--target', 'types', '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(readTree(out)).toEqual(before);
  });
});
