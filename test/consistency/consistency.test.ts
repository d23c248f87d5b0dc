/**
 * Cross-target consistency: for every feature fixture and a few corpus specs, sample values built from the
 * model's schema facts (request side and response side of every named schema and operation body) must be
 * accepted by the generated validators and type-check against the generated types; near misses (a required
 * member dropped, also one level down, a discriminated union's tag dropped, a wrong type, a value out of its enum, an undeclared or
 * wrong-direction member in a closed object) must be rejected by both; the members of plain object types
 * (their keys, and which are required) must be the model's shape in that direction (members.ts). All type checks happen in ONE `tsc` run over generated `samples.ts` files: a valid
 * sample is a typed constant, a near miss a typed constant under `// @ts-expect-error`.
 *
 * Ajv (through the differential tests' oracle, which relaxes `required` by direction) is the independent
 * judge: it must agree with the generated validators on each sample and near miss.
 * A sample both reject is the sampler's limit (counted, and bounded below), not a disagreement.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { factsOf, type Direction } from '../../generator/src/model/facts/index.ts';
import { schemaRef } from '../../generator/src/model/refs.ts';
import type { ApiModel, JsonValue, NamedSchema } from '../../generator/src/model/types.ts';
import { featureFixtures } from '../helpers/fixtures.ts';
import { generateResult, writeFiles } from '../helpers/generate.ts';
import { importTypeScript } from '../helpers/import-ts.ts';
import { corpusDir, tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';
import { Oracle } from '../validators/helpers/oracle.ts';
import { tsLiteral } from './literal.ts';
import { memberCheck, MEMBER_HELPERS } from './members.ts';
import { mutationsOf } from './mutations.ts';
import { sampleOf } from './sample.ts';

const CORPUS = [
  'petstore/petstore-3.0.openapi.yaml',
  'petstore/petstore-3.1.design-first.yaml',
  'oai-examples/v3.0/petstore-expanded.yaml',
  'oai-examples/v3.0/uspto.yaml',
  'oai-examples/v3.0/link-example.yaml',
  'oai-examples/v3.1/tictactoe.yaml',
];

const specs = [
  ...featureFixtures().map((f) => ({ name: f.name, spec: f.spec })),
  ...CORPUS.map((rel) => ({ name: `corpus-${rel.replace(/\.[a-z]+$/, '').replace(/[^A-Za-z0-9]+/g, '-')}`, spec: path.join(corpusDir, rel) })),
];

type Verdict = { valid: boolean; errors?: unknown[] };
type Validate = (value: unknown, options?: { direction?: Direction }) => Verdict;
type BodyValidate = (body: unknown, mediaType?: string) => Verdict;
type ResponseValidate = (status: number, mediaType: string, body: unknown) => Verdict;

interface Check {
  /** Line in samples.ts → what it asserts. */
  lines: Map<number, string>;
}

const tmp = tempDir('socialgen-consistency-');
const checks = new Map<string, Check>();
const totals = { samples: 0, mutations: 0, skipped: 0, members: 0 };
// SOCIALGEN_KEEP=1 keeps the generated samples for a look (the folder is printed).
afterAll(() => (process.env.SOCIALGEN_KEEP ? console.log(`kept ${tmp.dir}`) : tmp.remove()));

/** Ajv through the differential tests' oracle (discriminator as dispatch, `required` relaxed by direction). */
function ajvFor(model: ApiModel) {
  const oracles = { request: new Oracle(model, 'request'), response: new Oracle(model, 'response') };
  const compiled = new Map<string, ValidateFunction | undefined>();
  return (named: NamedSchema, direction: Direction, value: JsonValue): boolean | undefined => {
    const key = `${direction}\0${named.key}`;
    if (!compiled.has(key)) {
      try {
        compiled.set(key, oracles[direction].compile({ $ref: schemaRef(named.key) }));
      } catch {
        compiled.set(key, undefined);
      }
    }
    return compiled.get(key)?.(value);
  };
}

describe('cross-target consistency: samples from the model vs generated validators and types', () => {
  for (const { name, spec } of specs) {
    it(`${name}: samples are accepted and near misses rejected by the validators`, async () => {
      const result = await generateResult(spec, ['types', 'validators']);
      const model = result.loaded.model;
      const facts = factsOf(model);
      const sources = new Map([...result.files].filter(([p]) => p.endsWith('.ts') && (p.startsWith('validators/src/') || p.startsWith('types/src/'))));
      const validators = await importTypeScript<Record<string, Validate>>(sources, 'validators/src/index.ts');
      const ajvValid = ajvFor(model);
      const problems: string[] = [];
      const lines: string[] = ["import type * as T from './types/src/index.js';", ...MEMBER_HELPERS, ''];
      const check: Check = { lines: new Map() };
      const emit = (assertion: string, text: string[]): void => {
        for (const t of text) {
          lines.push(t);
          check.lines.set(lines.length, assertion);
        }
      };
      let n = 0;
      for (const named of model.schemas) {
        if (typeof named.schema !== 'object') continue;
        const validate = validators[`validate${named.typeName}`];
        if (!validate) {
          problems.push(`${named.key}: no validate${named.typeName} exported`);
          continue;
        }
        for (const direction of ['response', 'request'] as const) {
          const tsName = direction === 'request' && facts.directional.has(named.key) ? `${named.typeName}Write` : named.typeName;
          const members = memberCheck(facts, named.schema, direction, `T.${tsName}`, `k${n++}`);
          if (members) {
            totals.members++;
            emit(`${named.key} (${direction}): the members of ${tsName} (all, and the required ones) are the shape's`, [members]);
          }
          const value = sampleOf(facts, named.schema, direction);
          if (value === undefined) {
            totals.skipped++;
            continue;
          }
          const verdict = validate(value, { direction });
          if (!verdict.valid) {
            if (ajvValid(named, direction, value) === false) {
              totals.skipped++; // the sampler's limit (Ajv rejects the sample too), not a disagreement
              continue;
            }
            problems.push(`${named.key} (${direction}): validators reject the sample ${JSON.stringify(value)}: ${JSON.stringify(verdict.errors)}`);
            continue;
          }
          // Ajv (independent of this project) must judge the sample the same way.
          if (ajvValid(named, direction, value) === false) problems.push(`${named.key} (${direction}): Ajv rejects a sample the validators accept: ${JSON.stringify(value)}`);
          totals.samples++;
          const id = n++;
          emit(`${named.key} (${direction}): the sample ${JSON.stringify(value)} type-checks as ${tsName}`, [`export const v${id}: T.${tsName} = ${tsLiteral(value)};`]);
          for (const mutation of mutationsOf(facts, named.schema, direction, value)) {
            totals.mutations++;
            if (validate(mutation.value, { direction }).valid) {
              problems.push(`${named.key} (${direction}): validators accept a near miss (${mutation.label}): ${JSON.stringify(mutation.value)}`);
              continue;
            }
            // The oracle knows nothing of wrong-direction members in closed objects (a rule of this project).
            if (!mutation.directional && ajvValid(named, direction, mutation.value) === true) problems.push(`${named.key} (${direction}): Ajv accepts a near miss the validators reject (${mutation.label}): ${JSON.stringify(mutation.value)}`);
            emit(`${named.key} (${direction}): tsc rejects the near miss (${mutation.label}) as ${tsName}`, [`// @ts-expect-error ${mutation.label.replace(/\s+/g, ' ')}`, `export const m${id}_${check.lines.size}: T.${tsName} = ${tsLiteral(mutation.value)};`]);
          }
        }
      }
      // Operation bodies, in their own direction and media type (inline schemas included): JSON bodies only.
      for (const op of model.operations) {
        const bodies = [
          ...(op.requestBody?.content ?? []).map((media) => ({ media, direction: 'request' as const, status: undefined as string | undefined })),
          ...op.responses.flatMap((r) => r.content.map((media) => ({ media, direction: 'response' as const, status: r.status }))),
        ];
        for (const { media, direction, status } of bodies) {
          if (facts.media(media, direction).kind !== 'json') continue;
          const where = `${op.operationId} ${status === undefined ? 'request body' : `response ${status}`} ${media.mediaType}`;
          const value = sampleOf(facts, media.schema, direction);
          if (value === undefined) {
            totals.skipped++;
            continue;
          }
          const numeric = status !== undefined && /^\d{3}$/.test(status) ? Number(status) : undefined;
          const validateBody = (body: JsonValue): Verdict | undefined => {
            if (direction === 'request') return (validators[`validate${op.names.base}RequestBody`] as unknown as BodyValidate | undefined)?.(body, media.mediaType);
            if (numeric === undefined) return undefined; // ranges and `default` need a concrete status
            return (validators[`validate${op.names.base}Response`] as unknown as ResponseValidate | undefined)?.(numeric, media.mediaType, body);
          };
          const verdict = validateBody(value);
          if (!verdict) continue;
          if (!verdict.valid) {
            problems.push(`${where}: validators reject the sample ${JSON.stringify(value)}: ${JSON.stringify(verdict.errors)}`);
            continue;
          }
          totals.samples++;
          const entry = `T.Operations[${JSON.stringify(op.names.method)}]`;
          const tsType = direction === 'request' ? `${entry}['requestBody']` : `${entry}['responses'][${JSON.stringify(numeric)}]['content'][${JSON.stringify(media.mediaType)}]`;
          const id = n++;
          emit(`${where}: the sample ${JSON.stringify(value)} type-checks as ${tsType}`, [`export const v${id}: ${tsType} = ${tsLiteral(value)};`]);
          // A request body type is the union over its media types: a near miss of one may be another's value.
          if (direction === 'request' && (op.requestBody?.content.length ?? 0) > 1) continue;
          for (const mutation of mutationsOf(facts, media.schema, direction, value)) {
            totals.mutations++;
            if (validateBody(mutation.value)?.valid) {
              problems.push(`${where}: validators accept a near miss (${mutation.label}): ${JSON.stringify(mutation.value)}`);
              continue;
            }
            emit(`${where}: tsc rejects the near miss (${mutation.label}) as ${tsType}`, [`// @ts-expect-error ${mutation.label.replace(/\s+/g, ' ')}`, `export const m${id}_${check.lines.size}: ${tsType} = ${tsLiteral(mutation.value)};`]);
          }
        }
      }
      const dir = path.join(tmp.dir, name);
      writeFiles(dir, [...result.files].filter(([p]) => p.startsWith('types/src/')));
      writeFileSync(path.join(dir, 'samples.ts'), lines.join('\n') + '\n');
      checks.set(name, check);
      expect(problems).toEqual([]);
    });
  }

  it('every sample type-checks and every near miss is a type error, in one tsc run', () => {
    mkdirSync(tmp.dir, { recursive: true });
    writeProject(tmp.dir, ['*/types/src/**/*.ts', '*/samples.ts']);
    const run = typecheck(tmp.dir);
    const failures: string[] = [];
    for (const [file, errors] of run.errorsByFile) {
      const [fixture, base] = file.split(/[\\/]/);
      for (const error of errors) {
        const line = Number(/\((\d+),\d+\)/.exec(error)?.[1]);
        const assertion = base === 'samples.ts' ? checks.get(fixture)?.lines.get(line) : undefined;
        failures.push(assertion ? `${fixture}: ${assertion}\n    ${error}` : error);
      }
    }
    expect(failures, run.output.slice(0, 4000)).toEqual([]);
    // The suite must exercise something: most schemas of most specs yield samples.
    expect(totals.samples).toBeGreaterThan(200);
    expect(totals.mutations).toBeGreaterThan(200);
    expect(totals.skipped).toBeLessThan(totals.samples / 5);
    expect(totals.members).toBeGreaterThan(100);
    console.log(`consistency: ${totals.samples} samples, ${totals.mutations} near misses, ${totals.members} member checks, ${totals.skipped} schemas without a sample`);
  });
});
