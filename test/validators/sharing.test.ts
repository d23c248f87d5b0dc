/**
 * Functions shared by equal schemas (compile/content.ts, issue 14): a large inline subschema or an
 * operation's schema compiles to one function per distinct content, and its errors variant takes the
 * schema path of the copy it checks. Sharing must not change a single error: for the project spec and a
 * slice of GitHub's spec (the pull-request webhooks, which repeat the same inline objects, and the `pulls`
 * operations), random valid and near-valid instances (fast-check, fixed seed) get the same errors
 * (instancePath, schemaPath, keyword, message, params) and the same `is` verdicts from the default output as
 * from output compiled with sharing off, at the default inline limit and at a low one, and with every
 * property test compiled instead of read from property tables (the tests-only `propertyTables: false`).
 */
import fc from 'fast-check';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validatorsEmitter } from '../../generator/src/emit/validators/index.ts';
import { loadModel } from '../../generator/src/index.ts';
import { refKey } from '../../generator/src/model/refs.ts';
import type { ApiModel, Schema } from '../../generator/src/model/types.ts';
import { corpusDir, projectSpec } from '../helpers/paths.ts';
import { instances } from './helpers/arbitrary.ts';
import { context } from './helpers/emit.ts';
import { formatPool } from './helpers/format-pool.ts';
import { filesOf, loadModule } from './helpers/load-module.ts';

const GITHUB = path.join(corpusDir, 'github/api.github.com.octokit-openapi-23.0.2.json');
const RUNS = 25;
const SEED = 20261123;

/** The model restricted to some schemas and operations, plus every schema they reference. */
function slice(model: ApiModel, keepSchema: (key: string) => boolean, keepOperation: (id: string) => boolean): ApiModel {
  const byKey = new Map(model.schemas.map((s) => [s.key, s]));
  const operations = model.operations.filter((o) => keepOperation(o.operationId));
  const keep = new Set(model.schemas.filter((s) => keepSchema(s.key)).map((s) => s.key));
  const queue = [...keep].map((k) => byKey.get(k)!.schema as unknown).concat(operations);
  while (queue.length) {
    const refs = JSON.stringify(queue.pop()).match(/"\$ref":"[^"]*"/g) ?? [];
    for (const r of refs) {
      const key = refKey(JSON.parse(r.slice(7)));
      if (key !== undefined && byKey.has(key) && !keep.has(key)) {
        keep.add(key);
        queue.push(byKey.get(key)!.schema);
      }
    }
  }
  return { ...model, schemas: model.schemas.filter((s) => keep.has(s.key)), operations };
}

async function emitted(model: ApiModel, options: Record<string, unknown>): Promise<{ mod: Record<string, any>; compiled: string }> {
  const files = validatorsEmitter.emit(model, { ...context(), options });
  return { mod: await loadModule(filesOf(files)), compiled: files.find((f) => f.path === 'src/compiled.ts')!.contents };
}

interface Subject {
  label: string;
  schema: Schema;
  /** Every outcome of one instance: errors of each validator variant, `is` verdicts. */
  run: (mod: Record<string, any>, x: unknown) => unknown;
}

function subjects(model: ApiModel, keys: (key: string) => boolean): Subject[] {
  const out: Subject[] = [];
  for (const s of model.schemas.filter((s) => keys(s.key))) {
    out.push({
      label: `schema ${s.key}`,
      schema: s.schema,
      run: (mod, x) => [mod[`validate${s.typeName}`](x), mod[`validate${s.typeName}`](x, { direction: 'request' }), mod[`is${s.typeName}`](x)],
    });
  }
  for (const op of model.operations) {
    const v = () => (mod: Record<string, any>) => mod.operationValidators[op.names.method];
    for (const r of op.responses) {
      for (const m of r.content) {
        out.push({ label: `${op.operationId} ${r.status} ${m.mediaType}`, schema: m.schema, run: (mod, x) => v()(mod).response(r.status === 'default' ? 599 : r.status.replace(/XX$/i, '00'), m.mediaType, x) });
      }
    }
    for (const m of op.requestBody?.content ?? []) {
      out.push({ label: `${op.operationId} request ${m.mediaType}`, schema: m.schema, run: (mod, x) => v()(mod).requestBody(x, m.mediaType) });
    }
  }
  return out;
}

function compare(model: ApiModel, keys: (key: string) => boolean, get: () => Record<string, Record<string, any>>): void {
  const byKey = new Map(model.schemas.map((s) => [s.key, s.schema]));
  const ctx = { resolve: (ref: string) => byKey.get(refKey(ref) ?? ''), formats: formatPool() };
  let checked = 0;
  let invalid = 0;
  for (const subject of subjects(model, keys)) {
    const samples = fc.sample(instances(subject.schema, ctx), { numRuns: RUNS, seed: SEED });
    const mods = get();
    for (const x of samples) {
      const [reference, ...others] = Object.values(mods).map((mod) => subject.run(mod, x));
      // The same JSON text is the same outcome (errors are plain JSON data); only a difference goes to
      // `toEqual`, which names it, rather than an `expect` per comparison (three per instance).
      const text = JSON.stringify(reference);
      for (const other of others) if (JSON.stringify(other) !== text) expect(other, `${subject.label}: ${JSON.stringify(x)?.slice(0, 300)}`).toEqual(reference);
      checked++;
      if (JSON.stringify(reference).includes('"valid":false')) invalid++;
    }
  }
  // The comparison must have seen many failing instances, or it proves nothing about error paths.
  expect(invalid).toBeGreaterThan(checked / 20);
}

describe('shared functions report the same errors as unshared ones', () => {
  it('project spec: every schema and operation', async () => {
    const { model } = await loadModel(projectSpec);
    const mods = {
      off: (await emitted(model, { shareEqualSchemas: false })).mod,
      on: (await emitted(model, {})).mod,
      low: (await emitted(model, { inlineLimit: 10 })).mod,
      // Errors functions without property tables: every test compiled.
      compiled: (await emitted(model, { propertyTables: false })).mod,
    };
    compare(model, () => true, () => mods);
  }, 300_000);

  describe.skipIf(!existsSync(GITHUB))('GitHub slice: pull-request webhooks and the pulls operations', () => {
    let model: ApiModel;
    let mods: Record<string, Record<string, any>>;
    const keys = (key: string) => key.startsWith('webhook-pull-request') || key === 'pull-request' || key === 'pull-request-simple';
    beforeAll(async () => {
      model = slice((await loadModel(GITHUB)).model, keys, (id) => id.startsWith('pulls/'));
      const off = await emitted(model, { shareEqualSchemas: false });
      const on = await emitted(model, {});
      const low = await emitted(model, { inlineLimit: 30 });
      const compiled = await emitted(model, { propertyTables: false });
      // Sharing happens on this slice (else the comparison below is vacuous); the default's errors functions
      // read property tables (keywords/property-table.ts) where `compiled`'s compile every test, so the
      // comparison also holds the tables to the compiled tests' errors.
      expect(on.compiled.length).toBeLessThan(off.compiled.length * 0.8);
      expect(on.compiled).toContain('_eProps(');
      expect(compiled.compiled).not.toContain('_eProps(');
      mods = { off: off.mod, on: on.mod, low: low.mod, compiled: compiled.mod };
    }, 600_000);

    it('errors and verdicts are identical on valid and near-valid instances', () => compare(model, keys, () => mods), 600_000);
  });
});
