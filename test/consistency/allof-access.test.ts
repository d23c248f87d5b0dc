/**
 * `required` across `allOf` parts (fixture allof-access.yaml): a member one part requires and another part
 * makes readOnly (writeOnly) is not required in requests (responses), as the model's shape fact and the
 * types say; the base used on its own still requires it; near misses still fail.
 *
 * Independent oracle: plain Ajv on the unmodified schemas. JSON Schema's `required` knows no direction, so
 * in the direction nothing is relaxed (responses for readOnly, requests for writeOnly) the validators must
 * give Ajv's verdict on every case.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { factsOf, type Direction, type SchemaFacts } from '../../generator/src/model/facts/index.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { fixture } from '../helpers/fixtures.ts';
import { generateResult } from '../helpers/generate.ts';
import { importTypeScript } from '../helpers/import-ts.ts';
import { newAjv } from '../validators/helpers/oracle.ts';

type Verdict = { valid: boolean; errors?: Array<{ keyword: string; instancePath?: string; path?: string; params?: Record<string, unknown>; schemaPath?: string }> };
type Validate = (value: unknown, options?: { direction?: Direction }) => Verdict;

interface Case {
  schema: string;
  direction: Direction;
  value: Record<string, unknown>;
  valid: boolean;
  why: string;
}

const CASES: Case[] = [
  // The example: readOnly made in a sibling part of a $ref'd base that requires it.
  { schema: 'Item', direction: 'request', value: { name: 'a' }, valid: true, why: 'id is readOnly through the second part' },
  { schema: 'Item', direction: 'request', value: { name: 'a', id: 'x' }, valid: true, why: 'an open object may still carry it' },
  { schema: 'Item', direction: 'request', value: { id: 'x' }, valid: false, why: 'name is still required' },
  { schema: 'Item', direction: 'request', value: { name: 'a', id: 1 }, valid: false, why: 'a present readOnly member is still validated' },
  { schema: 'Item', direction: 'response', value: { name: 'a' }, valid: false, why: 'the response must carry id' },
  { schema: 'Item', direction: 'response', value: { name: 'a', id: 'x' }, valid: true, why: 'a complete response' },
  // The base used on its own keeps its `required` in both directions.
  { schema: 'Base', direction: 'request', value: { name: 'a' }, valid: false, why: 'Base on its own requires id' },
  { schema: 'Base', direction: 'response', value: { name: 'a' }, valid: false, why: 'Base on its own requires id' },
  { schema: 'Middle', direction: 'request', value: { name: 'a' }, valid: false, why: 'Middle has no access of its own' },
  // allOf of a reference whose target is itself an allOf.
  { schema: 'Tagged', direction: 'request', value: { name: 'a', tag: 't' }, valid: true, why: "Item's own relaxation, one level down" },
  { schema: 'Tagged', direction: 'response', value: { name: 'a', tag: 't' }, valid: false, why: 'the response must carry id' },
  { schema: 'Tagged', direction: 'request', value: { name: 'a' }, valid: false, why: 'tag is required' },
  // Keywords beside a $ref (3.1) are a part like an allOf member.
  { schema: 'Pinned', direction: 'request', value: { name: 'a' }, valid: true, why: 'id is readOnly beside the $ref' },
  { schema: 'Pinned', direction: 'response', value: { name: 'a' }, valid: false, why: 'the response must carry id' },
  // The relaxation handed through a nested allOf to its base.
  { schema: 'Layered', direction: 'request', value: { name: 'a' }, valid: true, why: 'id made readOnly two levels above Base' },
  { schema: 'Layered', direction: 'response', value: { name: 'a' }, valid: false, why: 'the response must carry id' },
  // writeOnly in a sibling part: not required in responses, still required in requests.
  { schema: 'Login', direction: 'response', value: { user: 'u' }, valid: true, why: 'secret is writeOnly through the second part' },
  { schema: 'Login', direction: 'request', value: { user: 'u' }, valid: false, why: 'the request must carry secret' },
  { schema: 'Login', direction: 'request', value: { user: 'u', secret: 'long enough' }, valid: true, why: 'a complete request' },
  { schema: 'Login', direction: 'response', value: { user: 'u', secret: 'ab' }, valid: false, why: 'a present writeOnly member is still validated' },
  { schema: 'Credentials', direction: 'response', value: { user: 'u' }, valid: false, why: 'Credentials on its own requires secret' },
  // Both ways through one part, and a name required by a part without a property schema.
  { schema: 'Member', direction: 'request', value: { handle: 'h', pin: '1234' }, valid: true, why: 'id and code are readOnly' },
  { schema: 'Member', direction: 'request', value: { handle: 'h' }, valid: false, why: 'pin (writeOnly) is required in requests' },
  { schema: 'Member', direction: 'response', value: { id: 'x', handle: 'h', code: 'c' }, valid: true, why: 'pin is writeOnly' },
  { schema: 'Member', direction: 'response', value: { handle: 'h', code: 'c' }, valid: false, why: 'id is required in responses' },
  { schema: 'Member', direction: 'response', value: { id: 'x', handle: 'h' }, valid: false, why: 'code (required by a part without its schema) is required in responses' },
  // A closed base: the readOnly member is rejected in a request, as for a closed object's own readOnly member.
  { schema: 'Sealed', direction: 'request', value: { label: 'l' }, valid: true, why: 'id is readOnly through the second part' },
  { schema: 'Sealed', direction: 'request', value: { label: 'l', id: 'x' }, valid: false, why: 'a closed object rejects a readOnly member in a request' },
  { schema: 'Sealed', direction: 'request', value: { label: 'l', other: 1 }, valid: false, why: 'still closed' },
  { schema: 'Sealed', direction: 'response', value: { label: 'l' }, valid: false, why: 'the response must carry id' },
  { schema: 'Sealed', direction: 'response', value: { label: 'l', id: 'x' }, valid: true, why: 'a complete response' },
  { schema: 'SealedBase', direction: 'request', value: { label: 'l', id: 'x' }, valid: true, why: 'SealedBase on its own has no readOnly member' },
  { schema: 'SealedBase', direction: 'request', value: { label: 'l' }, valid: false, why: 'SealedBase on its own requires id' },
];

let model: ApiModel;
let facts: SchemaFacts;
let validators: Record<string, unknown>;
let ajv: Ajv2020;
let compiled: string;

beforeAll(async () => {
  const result = await generateResult(fixture('allof-access').spec, ['types', 'validators']);
  model = result.loaded.model;
  facts = factsOf(model);
  const sources = new Map([...result.files].filter(([p]) => p.startsWith('validators/src/') || p.startsWith('types/src/')));
  compiled = result.files.get('validators/src/compiled.ts')!;
  validators = await importTypeScript(sources, 'validators/src/index.ts');
  ajv = newAjv(true);
  ajv.addSchema({ $id: 'urn:socialgen:plain', components: { schemas: Object.fromEntries(model.schemas.map((s) => [s.key, s.schema])) } });
});

function validate(schema: string, value: unknown, direction: Direction): Verdict {
  return (validators[`validate${schema}`] as Validate)(value, { direction });
}

/** The direction in which nothing of `schema` is relaxed (its shape omits no member there), if there is one. */
function unrelaxed(schema: string): Direction | undefined {
  const named = model.schemas.find((s) => s.key === schema)!;
  return (['response', 'request'] as const).find((d) => facts.shape(named.schema, d).omitted.length === 0);
}

describe('required across allOf parts (readOnly/writeOnly given by a sibling part)', () => {
  it.each(CASES.map((c) => [`${c.schema} ${c.direction} ${JSON.stringify(c.value)}: ${c.valid ? 'valid' : 'invalid'} (${c.why})`, c] as const))('%s', (_label, c) => {
    expect(validate(c.schema, c.value, c.direction).valid).toBe(c.valid);
  });

  it('agrees with the shape fact: a member is required by the validators exactly where the shape says so', () => {
    const problems: string[] = [];
    for (const named of model.schemas) {
      for (const direction of ['request', 'response'] as const) {
        const members = facts.shape(named.schema, direction).members;
        const full = Object.fromEntries(members.map((m) => [m.name, m.schema !== undefined && facts.jsonTypes(m.schema).has('integer') ? 1 : m.name === 'pin' || m.name === 'secret' ? 'long enough' : 'x']));
        if (!validate(named.key, full, direction).valid) problems.push(`${named.key} ${direction}: rejects every member present ${JSON.stringify(full)}`);
        for (const m of members) {
          const { [m.name]: _dropped, ...rest } = full;
          if (validate(named.key, rest, direction).valid === m.required) problems.push(`${named.key} ${direction}: without '${m.name}' (${m.required ? 'required' : 'optional'} in the shape)`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives plain Ajv\'s verdict in the direction nothing is relaxed (JSON Schema\'s required is unconditional)', () => {
    const compared: string[] = [];
    for (const c of CASES) {
      const direction = unrelaxed(c.schema);
      if (direction === undefined) continue; // both directions relaxed (Member): covered by the consistency suite's oracle
      const ours = validate(c.schema, c.value, direction).valid;
      const theirs = ajv.validate({ $ref: `urn:socialgen:plain#/components/schemas/${c.schema}` }, c.value);
      expect(ours, `${c.schema} ${direction} ${JSON.stringify(c.value)}`).toBe(theirs);
      compared.push(`${c.schema} ${direction}`);
    }
    expect(compared.length).toBeGreaterThan(20);
  });

  it('reports the missing member as before: the base\'s required, at the base\'s schema path', () => {
    const verdict = validate('Item', { name: 'a' }, 'response');
    expect(verdict.errors).toEqual([expect.objectContaining({ keyword: 'required', params: { missingProperty: 'id' }, schemaPath: '#/components/schemas/Base/required' })]);
  });

  it('compiles a relaxed part as a variant of its own, shared by equal relaxations, and leaves the plain one as it was', () => {
    const variants = [...compiled.matchAll(/^(?:export )?function (_[ve]\w+_r\d+)\(/gm)].map((m) => m[1]).sort();
    // Base relaxed for id is one variant, whether Item, Pinned or Layered (through Middle) asks for it.
    expect(variants.filter((v) => v.startsWith('_e'))).toEqual(['_eBase_r1', '_eCredentials_r1', '_eMemberBase_r1', '_eMiddle_r1', '_eSealedBase_r1']);
    expect(variants.filter((v) => !/_r1$/.test(v))).toEqual([]);
    for (const name of ['_vBase', '_eBase']) {
      // `_o` where the body never reads the options (no direction test at all): noUnusedParameters' spelling.
      const plain = new RegExp(`^(?:export )?function ${name}\\(v: any, _?o: number[^)]*\\): boolean \\{\\n[\\s\\S]*?\\n\\}$`, 'm').exec(compiled)?.[0];
      expect(plain, name).toBeDefined();
      expect(plain, name).not.toContain('(o & 4)'); // no direction test: Base on its own requires id both ways
    }
  });

  it('request bodies and responses of operations follow the schema (validators per operation)', () => {
    const body = validators.validateCreateItemRequestBody as (b: unknown, m?: string) => Verdict;
    const response = validators.validateCreateItemResponse as (s: number, m: string, b: unknown) => Verdict;
    const baseBody = validators.validateCreateBaseRequestBody as (b: unknown, m?: string) => Verdict;
    expect(body({ name: 'a' }, 'application/json').valid).toBe(true);
    expect(response(201, 'application/json', { name: 'a' }).valid).toBe(false);
    expect(baseBody({ name: 'a' }, 'application/json').valid).toBe(false);
  });
});
