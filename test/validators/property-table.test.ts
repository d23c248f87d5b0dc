/**
 * Property tables (compile/keywords/property-table.ts, runtime/helpers/property-table.ts): an errors function
 * reads a run of simple properties from rows instead of compiled tests. Random object schemas made of such
 * properties (scalar types and type lists, string and numeric formats, enums, required members, `$ref`s
 * to small components) are compiled twice — with tables (the default) and with every test compiled
 * (`propertyTables: false`) — and must report identical errors (all errors and first error, formats on and
 * off) on random near-valid instances; Ajv 2020-12 (allErrors, ajv-formats) must agree on every verdict,
 * and report every failing (instancePath, keyword) pair we report.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchema } from './helpers/compile.ts';
import { newAjv } from './helpers/oracle.ts';

const SEED = 20261124;
const NAMES = ['id', 'name', 'url', 'count', 'kind', 'flag', 'ratio', 'at', 'ref', 'x-y'];
const VALUES: unknown[] = ['', 'a', 'https://example.com/a', 'not a uri', '2024-01-02T03:04:05Z', 'x@example.com', 1, 2.5, -3, 2 ** 40, 0, true, null, [], {}];

/** A leaf property schema: a type or type list, maybe a format, maybe an enum. */
const leaf = fc.record(
  {
    type: fc.oneof(
      fc.constantFrom('string', 'integer', 'number', 'boolean'),
      fc.uniqueArray(fc.constantFrom('string', 'integer', 'number', 'boolean', 'null'), { minLength: 1, maxLength: 3 }),
    ),
    format: fc.constantFrom('uri', 'date-time', 'email', 'int32', 'int64', 'unknown-format'),
    enum: fc.uniqueArray(fc.constantFrom<unknown>('a', 'https://example.com/a', 1, 2.5, true, null), { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: [] },
);

/**
 * An inline object large enough (weight > the inline limit) to be compiled once into a function shared by
 * its copies, which is called with the schema path of the copy (`_refSp`, compiled, not a row).
 */
const BIG = {
  type: 'object',
  properties: Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((k) => [k, { type: 'string', minLength: 1 }])),
  required: ['a'],
};

/** An object of leaf properties, references to two small components, and copies of a large inline object. */
const schemas = fc
  .record({
    props: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), fc.oneof({ weight: 4, arbitrary: leaf }, { weight: 1, arbitrary: fc.constantFrom({ $ref: '#/$defs/Id' }, { $ref: '#/$defs/Pair' }, BIG) })), { minLength: 1, maxLength: 8, selector: ([n]) => n }),
    required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 5 }),
  })
  .map(({ props, required }) => ({
    type: 'object',
    properties: Object.fromEntries(props),
    required,
    $defs: {
      Id: { type: 'string', format: 'uri' },
      Pair: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string', enum: ['x', 'y'] } }, required: ['a'] },
    },
  }));

/** Objects with some of the names set to assorted values (near-valid and not). */
const instances = fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(fc.constantFrom(...VALUES), fc.record({ a: fc.constantFrom<unknown>(1, 'x', ''), b: fc.constantFrom<unknown>('x', 'z'), g: fc.constantFrom<unknown>('', 1) }, { requiredKeys: [] })), { maxKeys: 8 });

const OPTIONS = [{}, { allErrors: false }, { formats: false }, { allErrors: false, formats: false }];

describe('property tables', () => {
  it('give the errors of compiled tests, and Ajv’s verdicts', async () => {
    const samples = fc.sample(schemas, { seed: SEED, numRuns: 40 });
    const values = fc.sample(instances, { seed: SEED + 1, numRuns: 60 });
    let tabled = 0;
    let shared = 0;
    let invalid = 0;
    for (const schema of samples) {
      const [tables, compiled] = await Promise.all([compileSchema(schema), compileSchema(schema, { propertyTables: false })]);
      const text = tables.files.get('src/compiled.ts') ?? '';
      if (text.includes('_eProps(')) tabled++;
      // A reference is never a row (rows hold only type/format/enum tests: flags below 1024): it stays a
      // compiled call, here of a function shared by equal copies with the member's schema path.
      expect([...text.matchAll(/\['[\w-]+', (\d+), '/g)].filter((m) => Number(m[1]) >= 1024)).toEqual([]);
      if (text.includes('_refSp(')) shared++;
      expect(compiled.files.get('src/compiled.ts')).not.toContain('_eProps(');
      // Quiet: unknown formats are annotations on purpose.
      const ajv = [newAjv(true, true).compile(schema), newAjv(false, true).compile(schema)];
      for (const x of values) {
        for (const options of OPTIONS) {
          const ours = tables.validate(x, options);
          expect(ours, JSON.stringify({ schema, x, options })).toEqual(compiled.validate(x, options));
          const oracle = ajv[options.formats === false ? 1 : 0];
          expect(ours.valid).toBe(oracle(x));
          if (!ours.valid) invalid++;
          // Every failure we report Ajv reports too (Ajv also checks a format after its type failed: we stop there).
          if (options.allErrors !== false && !ours.valid) {
            const theirs = new Set(failing({ errors: oracle.errors ?? [] }));
            expect(failing(ours).filter((f) => !theirs.has(f)), JSON.stringify({ schema, x, options })).toEqual([]);
          }
        }
      }
    }
    // The comparison saw tables and many failures, or it proves nothing.
    // (a sample whose members are all references has no table)
    expect(tabled).toBeGreaterThan(samples.length * 0.8);
    expect(shared).toBeGreaterThan(0);
    expect(invalid).toBeGreaterThan(samples.length * values.length);
  }, 300_000);
});

/** The distinct (instancePath, keyword) pairs of a result's errors, sorted. */
function failing(result: { errors?: Array<{ instancePath: string; keyword: string }> | null }): string[] {
  return [...new Set((result.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`))].sort();
}
