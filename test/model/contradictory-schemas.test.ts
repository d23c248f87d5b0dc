/**
 * Enum and const values, and anyOf/oneOf branches, that contradict the schema's own `type` (distilled from
 * wowza.com and github.com/ghes-2.20 in the public API directory, `npm run sweep`): `{type: string, enum: [2,
 * 4, 6, 8, 10]}` admits no value. The model drops the contradicting values or branches once, with one warning at the first of them (file:line:column from the fixture's own
 * text), and every target reads the result: the output of all four default targets type-checks under strict
 * tsc (before, the validators compared a narrowed string with numbers, which strict tsc rejects).
 *
 * Independent oracle: Ajv 2020 on the unmodified schemas decides every value as the generated validators do
 * (dropping a value no instance can match changes no verdict).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { generateResult, writeFiles } from '../helpers/generate.ts';
import { importTypeScript } from '../helpers/import-ts.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';
import type { GenerateResult } from '../../generator/src/pipeline.ts';

const dir = path.join(repoRoot, 'test/fixtures/directory');
const FIXTURES = ['contradictory-enum.yaml', 'contradictory-31.yaml', 'contradictory-branches.yaml'];
const TARGETS = ['types', 'validators', 'client', 'server'] as const;

const results = new Map<string, GenerateResult>();
const tmp = tempDir('socialgen-contradictions-');
afterAll(() => tmp.remove());

beforeAll(async () => {
  for (const f of FIXTURES) results.set(f, await generateResult(path.join(dir, f), [...TARGETS], { layout: 'files' }));
});

describe('enum/const values that contradict type', () => {
  it('warns once per schema, at the first contradicting value, and names the values', () => {
    const seen = FIXTURES.flatMap((f) => results.get(f)!.warnings.filter((w) => w.code === 'schema-contradiction').map((w) => `${path.basename(w.file!)}:${w.line}:${w.column} ${w.pointer}`));
    const e = 'contradictory-enum.yaml';
    const t = 'contradictory-31.yaml';
    const b = 'contradictory-branches.yaml';
    expect(seen.sort()).toEqual(
      [
        `${e}:${lineOf(e, '- name: chunk', 'enum: [', '2')} /paths/~1streams~1{id}/put/parameters/1/schema/enum/0`,
        `${e}:${lineOf(e, 'chunk_size:', 'enum: [', '2')} /components/schemas/Stream/properties/chunk_size/enum/0`,
        `${e}:${lineOf(e, 'mode:', 'enum: [', '"2"')} /components/schemas/Stream/properties/mode/enum/1`,
        `${e}:${lineOf(e, 'ratio:', 'enum: [', '"3"')} /components/schemas/Stream/properties/ratio/enum/2`,
        `${e}:${lineOf(e, 'label:', 'enum: [', '7')} /components/schemas/Stream/properties/label/enum/2`,
        `${e}:${lineOf(e, 'ChunkSize:', 'enum: [', '2')} /components/schemas/ChunkSize/enum/0`,
        `${t}:${lineOf(t, 'flag:', 'enum: [', '0')} /components/schemas/Flags/properties/flag/enum/2`,
        `${t}:${lineOf(t, 'version:', 'const:', 'const')} /components/schemas/Flags/properties/version/const`,
        `${t}:${lineOf(t, 'level:', 'enum: [', '"high"')} /components/schemas/Flags/properties/level/enum/2`,
        `${b}:${lineOf(b, 'source:', '- type: object', 'type')} /components/schemas/Pages/properties/source/anyOf/1`,
        `${b}:${lineOf(b, 'size:', '- type: array', 'type')} /components/schemas/Pages/properties/size/oneOf/1`,
        `${b}:${lineOf(b, 'none:', '- type: string', 'type')} /components/schemas/Pages/properties/none/anyOf/0`,
      ].sort(),
    );
    const chunk = results.get(e)!.warnings.find((w) => w.pointer === '/components/schemas/ChunkSize/enum/0')!;
    expect(chunk.severity).toBe('warning');
    expect(chunk.message).toBe('enum values 2 (integer), 4 (integer), 6 (integer), 8 (integer), 10 (integer) contradict type string; no value can match them, so they are dropped and the schema admits nothing');
  });

  it('a contradiction in a definition used by several operations is reported once', async () => {
    const spec = path.join(tmp.dir, 'shared-parameter.yaml');
    const chunk = '    Chunk: { name: chunk, in: query, schema: { type: string, enum: [2, x] } }';
    writeFileSync(spec, [
      'openapi: 3.0.3',
      'info: { title: Shared, version: "1" }',
      'paths:',
      '  /a: { get: { parameters: [{ $ref: "#/components/parameters/Chunk" }], responses: { "204": { description: ok } } } }',
      '  /b: { get: { parameters: [{ $ref: "#/components/parameters/Chunk" }], responses: { "204": { description: ok } } } }',
      'components:',
      '  parameters:',
      chunk,
      '',
    ].join('\n'));
    const { warnings } = await generateResult(spec, ['types']);
    expect(warnings.filter((w) => w.code === 'schema-contradiction').map((w) => `${w.line}:${w.column} ${w.pointer}`)).toEqual([`8:${chunk.indexOf('[2') + 2} /components/parameters/Chunk/schema/enum/0`]);
  });

  it('keeps the values of the declared type: the types read the result (never when nothing is left)', () => {
    const schemas = results.get('contradictory-enum.yaml')!.files.get('types/schemas.ts')!;
    expect(schemas).toContain('export type ChunkSize = never;');
    expect(schemas).toMatch(/chunk_size\?: never;\n\s*mode\?: 1 \| 4;\n\s*ratio\?: 1 \| 2\.5;\n\s*label\?: 'a' \| null;/);
    expect(schemas).toContain("export type Fine = 'x' | null;");
    expect(results.get('contradictory-branches.yaml')!.files.get('types/schemas.ts')!).toMatch(/source\?: 'gh-pages' \| 'master' \| 'master \/docs';\n\s*size\?: number;\n\s*none\?: never;/);
    expect(results.get('contradictory-31.yaml')!.files.get('types/schemas.ts')!).toMatch(/flag: true \| 'yes';\n\s*version\?: never;\n\s*level\?: 1 \| null;/);
  });

  it('the output of every default target type-checks under strict tsc', () => {
    // One program for both fixtures: the compiler's start-up is most of the cost.
    for (const f of FIXTURES) writeFiles(path.join(tmp.dir, f.replace(/\.yaml$/, '')), results.get(f)!.files);
    writeProject(tmp.dir, ['**/*.ts'], { types: ['node'], typeRoots: [path.join(repoRoot, 'node_modules/@types')], noUncheckedIndexedAccess: true });
    const checked = typecheck(tmp.dir);
    expect(checked.output).toBe('');
    expect(checked.ok).toBe(true);
  }, 240_000);

  it('the validators give Ajv\'s verdict on the unmodified schemas for every value', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const values = [2, '2', 4, 10, 11, 1, 3.5, '3', 2.5, 7, 'a', 'x', true, 'yes', 0, '1', 'high', null, 'master', [1], { branch: 'main' }];
    const cases: Array<{ fixture: string; schema: string; property?: string; raw: unknown }> = [
      { fixture: 'contradictory-enum.yaml', schema: 'ChunkSize', raw: { type: 'string', enum: [2, 4, 6, 8, 10] } },
      { fixture: 'contradictory-enum.yaml', schema: 'Stream', property: 'chunk_size', raw: { type: 'string', enum: [2, 4, 6, 8, 10] } },
      { fixture: 'contradictory-enum.yaml', schema: 'Stream', property: 'mode', raw: { type: 'integer', enum: [1, '2', 3.5, 4] } },
      { fixture: 'contradictory-enum.yaml', schema: 'Stream', property: 'ratio', raw: { type: 'number', enum: [1, 2.5, '3'] } },
      // OpenAPI 3.0 nullable, written as the 2020-12 it means.
      { fixture: 'contradictory-enum.yaml', schema: 'Stream', property: 'label', raw: { type: ['string', 'null'], enum: ['a', null, 7] } },
      { fixture: 'contradictory-31.yaml', schema: 'Flags', property: 'flag', raw: { type: ['boolean', 'string'], enum: [true, 'yes', 0] } },
      { fixture: 'contradictory-31.yaml', schema: 'Flags', property: 'version', raw: { type: 'integer', const: '1' } },
      { fixture: 'contradictory-31.yaml', schema: 'Flags', property: 'level', raw: { type: ['integer', 'null'], enum: [1, null, 'high'] } },
      {
        fixture: 'contradictory-branches.yaml', schema: 'Pages', property: 'source',
        raw: { type: 'string', enum: ['gh-pages', 'master', 'master /docs'], anyOf: [{ type: 'string', enum: ['gh-pages', 'master', 'master /docs'] }, { type: 'object', required: ['branch'], properties: { branch: { type: 'string' } } }] },
      },
      { fixture: 'contradictory-branches.yaml', schema: 'Pages', property: 'size', raw: { type: 'integer', oneOf: [{ type: 'number', maximum: 10 }, { type: 'array', items: { type: 'integer' } }, { type: 'string' }] } },
      { fixture: 'contradictory-branches.yaml', schema: 'Pages', property: 'none', raw: { type: 'boolean', anyOf: [{ type: 'string' }, { type: 'object' }] } },
    ];
    const modules = new Map<string, Record<string, unknown>>();
    for (const f of FIXTURES) {
      const sources = new Map([...results.get(f)!.files].filter(([p]) => p.startsWith('validators/') || p.startsWith('types/')));
      modules.set(f, await importTypeScript(sources, 'validators/index.ts'));
    }
    let compared = 0;
    const accepted: string[] = [];
    for (const c of cases) {
      const validate = modules.get(c.fixture)![`validate${c.schema}`] as (v: unknown) => { valid: boolean };
      const oracle = ajv.compile(c.raw as object);
      for (const value of values) {
        // Flags requires flag: the other members are checked next to a valid one.
        const instance = c.property === undefined ? value : { ...(c.schema === 'Flags' && c.property !== 'flag' ? { flag: true } : {}), [c.property]: value };
        const ours = validate(instance).valid;
        expect(ours, `${c.schema}${c.property ? `.${c.property}` : ''} = ${JSON.stringify(value)}`).toBe(oracle(value));
        if (ours) accepted.push(`${c.property ?? c.schema}=${JSON.stringify(value)}`);
        compared++;
      }
    }
    expect(compared).toBe(cases.length * values.length);
    // Not vacuous: the values of the declared type still pass.
    expect(accepted.sort()).toEqual(['flag="yes"', 'flag=true', 'label="a"', 'label=null', 'level=1', 'level=null', 'mode=1', 'mode=4', 'ratio=1', 'ratio=2.5', 'size=0', 'size=1', 'size=10', 'size=2', 'size=4', 'size=7', 'source="master"'].sort());
  });
});

/**
 * `line:column` of `token` (from where `prefix` starts) on the first line containing `prefix` after the line starting with
 * `anchor` (a scalar keyword such as `const` is placed at its key, as the loader places every scalar).
 */
function lineOf(file: string, anchor: string, prefix: string, token: string): string {
  const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.trim().startsWith(anchor));
  const index = lines.findIndex((l, i) => i > start && l.includes(prefix));
  if (start < 0 || index < 0) throw new Error(`${anchor} … ${prefix} not in ${file}`);
  const column = lines[index]!.indexOf(token, lines[index]!.indexOf(prefix));
  return `${index + 1}:${column + 1}`;
}
