/**
 * The `zod` target against the compiled validators (the oracle, themselves differential-tested against
 * Ajv): for every component schema (both directions), every operation's path and query parameters,
 * request body and success response, of the project spec, the feature fixtures and the petstore corpus,
 * the valid and near-valid instances of the validators' differential test (same arbitraries, fixed seed)
 * get the same verdict from `z<Name>.safeParse` as from the validators. Zero disagreements, except on
 * the schemas the output lists in `GAPS` (what Zod cannot express exactly; counted, and reported).
 * Run: npx vitest run test/zod/differential.test.ts
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as zod from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zodEmitter, zodNames } from '../../generator/src/emit/zod/index.ts';
import { factsOf } from '../../generator/src/model/facts/index.ts';
import { refKey } from '../../generator/src/model/refs.ts';
import type { ApiModel, Schema } from '../../generator/src/model/types.ts';
import { instances, type GenContext } from '../validators/helpers/arbitrary.ts';
import { context, emitSpec, specsUnderTest } from '../validators/helpers/emit.ts';
import { formatPool } from '../validators/helpers/format-pool.ts';
import { filesOf, loadModule } from '../validators/helpers/load-module.ts';
import { repoRoot, sharedCorpusDir } from '../helpers/paths.ts';

/** Fewer runs than the validators' test (120): the instances are the same kind, and time is CI's budget. */
const RUNS = 15;
const SEED = 20240611;
const pool = formatPool();

interface Case {
  label: string;
  /** The exported Zod schema's name (its `GAPS` entry, if any). */
  name: string;
  schema: Schema;
  zod: (x: unknown) => boolean;
  validators: (x: unknown) => boolean;
}

function cases(model: ApiModel, validators: Record<string, any>, zods: Record<string, any>): Case[] {
  const facts = factsOf(model);
  const names = zodNames(model, context());
  const parse = (name: string) => (x: unknown) => zods[name].safeParse(x).success as boolean;
  const out: Case[] = [];
  for (const s of model.schemas) {
    const validate = validators[`validate${s.typeName}`];
    for (const direction of ['response', 'request'] as const) {
      const name = names.schema(s.key, direction);
      out.push({ label: `schema ${s.key} (${direction})`, name, schema: s.schema, zod: parse(name), validators: (x) => validate(x, { direction }).valid });
    }
  }
  for (const op of model.operations) {
    const v = validators.operationValidators[op.names.method];
    for (const [where, key, part] of [['path', 'pathParams', 'Params'], ['query', 'query', 'Query'], ['header', 'headers', 'Headers']] as const) {
      const params = op.parameters.filter((p) => p.in === where);
      if (!params.length) continue;
      const properties: Record<string, Schema> = {};
      for (const p of params) Object.defineProperty(properties, p.name, { value: p.schema, enumerable: true });
      const schema: Schema = { type: 'object', properties, required: params.filter((p) => p.required).map((p) => p.name) };
      const name = names.part(op, part);
      out.push({ label: `${op.operationId} ${where}`, name, schema, zod: parse(name), validators: (x) => v[key](x).valid });
    }
    const bodyName = names.part(op, 'Body');
    if (zods[bodyName]) {
      const kinds = facts.requestMedia(op).map((m) => m.kind);
      const media = op.requestBody!.content[kinds.indexOf('json')] ?? op.requestBody!.content.find((_, i) => kinds[i] !== 'json-stream' && kinds[i] !== 'event-stream')!;
      // An absent body is the validators' business (required or not), not the body schema's.
      out.push({ label: `${op.operationId} body ${media.mediaType}`, name: bodyName, schema: media.schema, zod: parse(bodyName), validators: (x) => x !== undefined && v.requestBody(x, media.mediaType).valid });
    }
    const responseName = names.part(op, 'Response');
    if (zods[responseName]) {
      const rows = op.responses
        .filter((r) => /^2/.test(r.status))
        .flatMap((r) => {
          const kinds = facts.responseMedia(r).map((m) => m.kind);
          const media = r.content[kinds.indexOf('json')] ?? r.content.find((_, i) => kinds[i] !== 'json-stream' && kinds[i] !== 'event-stream');
          return media ? [{ status: Number(r.status.replace(/XX$/i, '00')), media }] : [];
        });
      // The schema instances are drawn from: each success body in turn (one case per body, same verdict rule).
      for (const row of rows) {
        out.push({
          label: `${op.operationId} ${row.status} ${row.media.mediaType}`,
          name: responseName,
          schema: row.media.schema,
          zod: parse(responseName),
          validators: (x) => x !== undefined && rows.some((r) => v.response(r.status, r.media.mediaType, x).valid),
        });
      }
    }
  }
  return out;
}

const specs = specsUnderTest();

describe.each(specs.map((s) => [path.basename(s), s] as const))('%s', (_name, spec) => {
  let model: ApiModel;
  let all: Case[];
  let gaps: Record<string, readonly string[]>;

  beforeAll(async () => {
    const emitted = await emitSpec(spec);
    model = emitted.model;
    const zodFiles = filesOf(zodEmitter.emit(model, context()));
    const zods = await loadModule(zodFiles, 'src/index.ts', { zod });
    gaps = zods.GAPS;
    all = cases(model, await loadModule(filesOf(emitted.validators)), zods);
  });

  it('exports a schema for every component schema and operation part', () => {
    expect(all.length).toBeGreaterThanOrEqual(model.schemas.length * 2);
  });

  it('agrees with the validators on every generated instance, outside the listed gaps', { timeout: 120_000 }, () => {
    const byKey = new Map(model.schemas.map((s) => [s.key, s.schema]));
    const ctx: GenContext = { resolve: (ref) => byKey.get(refKey(ref) ?? ''), formats: pool };
    const disagreements: string[] = [];
    const inGaps: string[] = [];
    let checked = 0;
    for (const c of all) {
      const result = fc.check(
        fc.property(instances(c.schema, ctx), (x) => {
          checked++;
          return c.zod(x) === c.validators(x);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      if (!result.failed) continue;
      const x = result.counterexample?.[0];
      const line = `${c.label} (${c.name}): ${JSON.stringify(x)} zod ${c.zod(x)} validators ${c.validators(x)}`;
      (gaps[c.name] ? inGaps : disagreements).push(line);
    }
    console.log(`${path.basename(spec)}: ${all.length} cases, ${checked} instances, ${disagreements.length} disagreements, ${inGaps.length} within GAPS (${Object.keys(gaps).length} schemas listed)`);
    expect(disagreements).toEqual([]);
  });
});

/**
 * An own `__proto__` member (as `JSON.parse` makes one) is a member like any other to JSON Schema; Zod's
 * objects and records skip that key. The oracles: Ajv (2020-12) for maps, patterns and counts (where it reads
 * own members), and the JSON-Schema-Test-Suite's groups on members named like JavaScript's own (Ajv reads a
 * declared `__proto__` through the prototype: it finds `required: ["__proto__"]` met by `{}`), beside the
 * validators.
 */
describe('an own __proto__ member', () => {
  const root = mkdtempSync(path.join(repoRoot, '.tmp', 'zod-proto-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  // JSON text: an object literal's `__proto__:` would set the prototype instead of a member.
  const byAjv: Record<string, object> = JSON.parse(`{
    "IntMap": { "type": "object", "additionalProperties": { "type": "integer" } },
    "Holder": { "type": "object", "additionalProperties": false, "properties": { "map": { "$ref": "#/components/schemas/IntMap" } } },
    "Patterned": { "type": "object", "patternProperties": { "^_": { "type": "integer" } }, "additionalProperties": false },
    "Counted": { "type": "object", "maxProperties": 1, "propertyNames": { "maxLength": 8 } }
  }`);
  const instances = ['{}', '{"__proto__":1}', '{"__proto__":"x"}', '{"__proto__":{}}', '{"__proto__":null,"a":2}', '{"a":1}', '{"map":{"__proto__":"x"}}', '{"map":{"__proto__":3}}'];
  const suite = (file: string) =>
    (JSON.parse(readFileSync(path.join(sharedCorpusDir, 'json-schema-test-suite/tests/draft2020-12', file), 'utf8')) as { description: string; schema: { $schema?: string }; tests: { data: unknown; valid: boolean; description: string }[] }[]).find((g) => g.description.includes('Javascript object property names'))!;
  const groups = { SuiteProperties: suite('properties.json'), SuiteRequired: suite('required.json') };

  let zods: Record<string, any>;
  let validators: Record<string, any>;
  beforeAll(async () => {
    mkdirSync(root, { recursive: true });
    const spec = path.join(root, 'proto.json');
    const schemas = { ...byAjv, ...Object.fromEntries(Object.entries(groups).map(([name, g]) => [name, { ...g.schema, $schema: undefined }])) };
    writeFileSync(spec, JSON.stringify({ openapi: '3.1.0', info: { title: 'proto', version: '1' }, paths: {}, components: { schemas } }));
    const emitted = await emitSpec(spec);
    zods = await loadModule(filesOf(zodEmitter.emit(emitted.model, context())), 'src/index.ts', { zod });
    validators = await loadModule(filesOf(emitted.validators));
  });

  it('maps, patterns and counts: the verdicts of Ajv and the validators', () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'https://x.test/spec', components: { schemas: byAjv } });
    const verdicts: string[] = [];
    for (const name of Object.keys(byAjv)) {
      const oracle = ajv.compile({ $ref: `https://x.test/spec#/components/schemas/${name}` });
      for (const text of instances) {
        const x = JSON.parse(text);
        const want = oracle(x);
        const got = { zod: zods[`z${name}`].safeParse(x).success, validators: validators[`validate${name}`](x).valid };
        if (got.zod !== want || got.validators !== want) verdicts.push(`${name} ${text}: Ajv ${want}, zod ${got.zod}, validators ${got.validators}`);
      }
    }
    expect(verdicts).toEqual([]);
  });

  it("declared __proto__ members: the JSON-Schema-Test-Suite's verdicts (outside the listed Object.prototype gap)", () => {
    const verdicts: string[] = [];
    let protoCases = 0;
    for (const [name, group] of Object.entries(groups)) {
      for (const t of group.tests) {
        const zodVerdict = zods[`z${name}`].safeParse(t.data).success;
        if (t.data && typeof t.data === 'object' && Object.hasOwn(t.data, '__proto__')) protoCases++;
        expect(validators[`validate${name}`](t.data).valid, `${name}: ${t.description}`).toBe(t.valid);
        // The listed gap: an absent optional member named like an Object.prototype one (toString) can fail.
        const listed = !zodVerdict && t.valid && (zods.GAPS[`z${name}`] ?? []).some((g: string) => g.startsWith('optional member'));
        if (zodVerdict !== t.valid && !listed) verdicts.push(`${name}: ${t.description}: suite ${t.valid}, zod ${zodVerdict}`);
      }
    }
    expect(protoCases).toBeGreaterThanOrEqual(4);
    expect(verdicts).toEqual([]);
  });
});
