/**
 * Differential testing against Ajv 2020-12 (the oracle): for every schema and operation of the project
 * spec, the feature fixtures and the petstore corpus, random valid and near-valid instances (fast-check,
 * fixed seed) must get the same verdict from our `validate` (all errors and first error), `is`, both
 * directions, formats on and off. Zero disagreements. Run: npx vitest run test/validators/differential.test.ts
 */
import fc from 'fast-check';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { refKey } from '../../generator/src/model/refs.ts';
import type { ApiModel, Schema } from '../../generator/src/model/types.ts';
import { instances, type GenContext } from './helpers/arbitrary.ts';
import { emitSpec, specsUnderTest } from './helpers/emit.ts';
import { formatPool } from './helpers/format-pool.ts';
import { filesOf, loadModule } from './helpers/load-module.ts';
import { Oracle } from './helpers/oracle.ts';

const RUNS = 120;
const SEED = 20240611;
const pool = formatPool();

function genContext(model: ApiModel): GenContext {
  const byKey = new Map(model.schemas.map((s) => [s.key, s.schema]));
  return { resolve: (ref) => byKey.get(refKey(ref) ?? ''), formats: pool };
}

interface Case {
  label: string;
  schema: Schema;
  /** Our verdicts for one instance, by variant. */
  ours: (x: unknown) => Record<string, boolean>;
  /** The oracle's, same variants. */
  theirs: (x: unknown) => Record<string, boolean>;
}

function cases(model: ApiModel, mod: Record<string, any>): Case[] {
  const response = new Oracle(model, 'response');
  const request = new Oracle(model, 'request');
  const noFormats = new Oracle(model, 'response', false);
  const out: Case[] = [];
  for (const s of model.schemas) {
    const ref: Schema = { $ref: `#/components/schemas/${s.key.replace(/~/g, '~0').replace(/\//g, '~1')}` };
    let a: ReturnType<Oracle['compile']>, b: ReturnType<Oracle['compile']>, c: ReturnType<Oracle['compile']>;
    try {
      [a, b, c] = [response.compile(ref), request.compile(ref), noFormats.compile(ref)];
    } catch {
      continue; // a schema Ajv cannot compile is reported by the count test below
    }
    const validate = mod[`validate${s.typeName}`];
    const is = mod[`is${s.typeName}`];
    out.push({
      label: `schema ${s.key}`,
      schema: s.schema,
      ours: (x) => ({
        all: validate(x).valid,
        first: validate(x, { allErrors: false }).valid,
        is: is(x),
        request: validate(x, { direction: 'request' }).valid,
        noFormats: validate(x, { formats: false }).valid,
      }),
      theirs: (x) => {
        const r = a(x);
        return { all: r, first: r, is: r, request: b(x), noFormats: c(x) };
      },
    });
  }
  for (const op of model.operations) {
    const v = mod.operationValidators[op.names.method];
    for (const [where, key] of [['path', 'pathParams'], ['query', 'query'], ['header', 'headers'], ['cookie', 'cookies']] as const) {
      const params = op.parameters.filter((p) => p.in === where);
      if (!params.length) continue;
      const properties: Record<string, Schema> = {};
      for (const p of params) Object.defineProperty(properties, p.name, { value: p.schema, enumerable: true });
      const schema: Schema = { type: 'object', properties, required: params.filter((p) => p.required).map((p) => p.name) };
      const check = request.compile(schema);
      out.push({ label: `${op.operationId} ${where}`, schema, ours: (x) => ({ all: v[key](x).valid }), theirs: (x) => ({ all: check(x) }) });
    }
    for (const m of op.requestBody?.content ?? []) {
      const check = request.compile(m.schema);
      out.push({ label: `${op.operationId} body ${m.mediaType}`, schema: m.schema, ours: (x) => ({ all: v.requestBody(x, m.mediaType).valid }), theirs: (x) => ({ all: x === undefined || check(x) }) });
    }
    for (const r of op.responses) {
      for (const m of r.content) {
        const check = response.compile(m.schema);
        const status = r.status === 'default' ? 599 : Number(r.status.replace(/XX$/i, '00'));
        // A status covered by an earlier exact entry would select another response.
        if (r.status !== String(status) && op.responses.some((o) => o.status === String(status))) continue;
        out.push({ label: `${op.operationId} ${r.status} ${m.mediaType}`, schema: m.schema, ours: (x) => ({ all: v.response(status, m.mediaType, x).valid }), theirs: (x) => ({ all: check(x) }) });
      }
    }
  }
  return out;
}

const specs = specsUnderTest();

describe.each(specs.map((s) => [path.basename(s), s] as const))('%s', (_name, spec) => {
  let model: ApiModel;
  let all: Case[];

  beforeAll(async () => {
    const emitted = await emitSpec(spec);
    model = emitted.model;
    all = cases(model, await loadModule(filesOf(emitted.validators)));
  });

  it('compiles every schema with the oracle too', () => {
    expect(all.filter((c) => c.label.startsWith('schema ')).length).toBe(model.schemas.length);
  });

  // The work is fixed (seeded, RUNS per case): about 60 s on an idle 2-core machine for the project spec,
  // over 120 s when the machine is shared, so the limit leaves room for load rather than bounding speed.
  it('agrees with Ajv on every generated instance', { timeout: 300_000 }, () => {
    const ctx = genContext(model);
    const disagreements: string[] = [];
    let checked = 0;
    for (const c of all) {
      const result = fc.check(
        fc.property(instances(c.schema, ctx), (x) => {
          checked++;
          const ours = c.ours(x);
          const theirs = c.theirs(x);
          return Object.keys(theirs).every((k) => ours[k] === theirs[k]);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      if (result.failed) {
        const x = result.counterexample?.[0];
        disagreements.push(`${c.label}: ${JSON.stringify(x)} ours ${JSON.stringify(c.ours(x))} ajv ${JSON.stringify(c.theirs(x))}`);
      }
    }
    console.log(`${path.basename(spec)}: ${all.length} schemas/operation parts, ${checked} instances checked, ${disagreements.length} disagreements`);
    expect(disagreements).toEqual([]);
  });
});
