/**
 * The model's schema facts, asked directly: on the access fixture (readOnly/writeOnly through `$ref`,
 * `allOf` and nullable references, a discriminator on an `allOf` base, recursion, form and multipart
 * bodies) and on small hand-built models for the edges (pointer escapes, cycles, type sets).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/src/index.ts';
import { factsOf, type SchemaFacts } from '../../generator/src/model/facts/index.ts';
import { mergeKeywords } from '../../generator/src/model/facts/all-of.ts';
import type { ApiModel, NamedSchema, Schema, SchemaObject } from '../../generator/src/model/types.ts';
import { fixtureSpecsDir } from '../helpers/paths.ts';

let model: ApiModel;
let facts: SchemaFacts;
const named = (key: string): NamedSchema => model.schemas.find((s) => s.key === key)!;
const prop = (key: string, name: string): Schema => (facts.merged(named(key).schema).properties ?? {})[name];

beforeAll(async () => {
  model = (await loadModel(path.join(fixtureSpecsDir, 'access.yaml'))).model;
  facts = factsOf(model);
});

/** A model holding only `schemas` (enough for every schema fact). */
function schemasModel(schemas: Record<string, Schema>): ApiModel {
  return {
    openapiVersion: '3.1.0', info: { title: 't', version: '1', extensions: {} }, servers: [], tags: [], operations: [], securitySchemes: [], security: [], limits: [], extensions: {},
    schemas: Object.entries(schemas).map(([key, schema]) => ({ key, typeName: key.replace(/\W/g, '_'), schema, pointer: `/components/schemas/${key}`, synthetic: false })),
  };
}

describe('schema facts: computed once per model', () => {
  it('returns the same facts object for the same model, and memoizes per node', () => {
    expect(factsOf(model)).toBe(facts);
    const thing = named('Thing').schema;
    expect(facts.merged(thing)).toBe(facts.merged(thing));
    expect(facts.shape(thing, 'request')).toBe(facts.shape(thing, 'request'));
  });
});

describe('references', () => {
  it('follows $ref chains to the named schema, decoding ~1, ~0 and %-escapes', () => {
    const m = schemasModel({ 'a/b~c': { type: 'string' }, Alias: { $ref: '#/components/schemas/a~1b~0c' }, Alias2: { $ref: '#/components/schemas/Alias' }, Spaced: { $ref: '#/components/schemas/a~1b~0c%20' }, 'a/b~c ': { type: 'integer' } });
    const f = factsOf(m);
    expect(f.resolveRef('#/components/schemas/a~1b~0c')?.key).toBe('a/b~c');
    expect(f.resolveRef('#/components/schemas/a~1b~0c%20')?.key).toBe('a/b~c ');
    expect(f.namedTarget({ $ref: '#/components/schemas/Alias2' })?.key).toBe('a/b~c');
    expect(f.target({ $ref: '#/components/schemas/Alias2' })).toEqual({ type: 'string' });
    expect(f.resolveRef('#/components/schemas/missing')).toBeUndefined();
    expect(f.resolveRef('#/$defs/x')).toBeUndefined();
  });

  it('stops where a reference cycle closes instead of looping', () => {
    const f = factsOf(schemasModel({ A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } }));
    expect(['A', 'B']).toContain(f.namedTarget({ $ref: '#/components/schemas/A' })?.key);
    expect(f.access({ $ref: '#/components/schemas/A' })).toBeUndefined();
  });
});

describe('access', () => {
  it('finds readOnly through $ref, a nullable reference and an allOf part; writeOnly through $ref', () => {
    expect(facts.access(prop('Thing', 'id'))).toBe('readOnly');
    expect(facts.access(prop('Thing', 'parent'))).toBe('readOnly');
    expect(facts.access(prop('Thing', 'name'))).toBeUndefined();
    expect(facts.access(prop('Account', 'token'))).toBe('readOnly');
    expect(facts.access(prop('Account', 'password'))).toBe('writeOnly');
    expect(facts.access(prop('Account', 'createdAt'))).toBe('readOnly');
  });

  it('does not give a union an access its branches disagree on', () => {
    const f = factsOf(schemasModel({ R: { readOnly: true }, W: { writeOnly: true } }));
    expect(f.access({ anyOf: [{ $ref: '#/components/schemas/R' }, { $ref: '#/components/schemas/W' }] })).toBeUndefined();
    expect(f.access({ oneOf: [{ $ref: '#/components/schemas/R' }, { type: 'string' }] })).toBeUndefined();
    expect(f.access({ oneOf: [{ $ref: '#/components/schemas/R' }, { type: 'null' }] })).toBe('readOnly');
    expect(f.sentIn({ $ref: '#/components/schemas/R' }, 'request')).toBe(false);
    expect(f.sentIn({ $ref: '#/components/schemas/R' }, 'response')).toBe(true);
    expect(f.sentIn({ $ref: '#/components/schemas/W' }, 'response')).toBe(false);
  });
});

describe('shape per direction', () => {
  it('the issue example: Thing sent in a request has no id; returned, it requires id', () => {
    const request = facts.shape(named('Thing').schema, 'request');
    expect(request.members.map((m) => m.name)).toEqual(['name', 'tag', 'passphrase']);
    expect(request.members.filter((m) => m.required).map((m) => m.name)).toEqual(['name']);
    expect(request.omitted).toEqual(['id', 'parent']);
    expect(request.closed).toBe(true);
    const response = facts.shape(named('Thing').schema, 'response');
    expect(response.members.filter((m) => m.required).map((m) => m.name)).toEqual(['id', 'name']);
    expect(response.omitted).toEqual(['passphrase']);
  });

  it('merges allOf parts (through $ref) before deciding members', () => {
    const request = facts.shape({ $ref: '#/components/schemas/Account' }, 'request');
    expect(request.members.map((m) => [m.name, m.required])).toEqual([['email', true], ['password', true]]);
    const response = facts.shape(named('Account').schema, 'response');
    expect(response.members.map((m) => [m.name, m.required])).toEqual([['createdAt', true], ['email', true], ['token', true]]);
  });

  it('lists the named schemas whose request form differs, transitively', () => {
    expect([...facts.directional].sort()).toEqual(['Account', 'Audit', 'Profile', 'Thing', 'TreeNode']);
  });
});

describe('JSON types', () => {
  const f = factsOf(schemasModel({ N: { type: ['string', 'null'] }, I: { type: 'integer' } }));
  it('includes null, narrows through allOf and $ref, unites anyOf branches', () => {
    expect([...f.jsonTypes({ $ref: '#/components/schemas/N' })].sort()).toEqual(['null', 'string']);
    expect([...f.jsonTypes({ allOf: [{ $ref: '#/components/schemas/N' }, { type: 'string' }] })]).toEqual(['string']);
    expect([...f.jsonTypes({ anyOf: [{ $ref: '#/components/schemas/I' }, { type: 'null' }] })].sort()).toEqual(['integer', 'null']);
    expect([...f.jsonTypes({ type: 'number', allOf: [{ $ref: '#/components/schemas/I' }] })]).toEqual(['integer']);
    expect([...f.jsonTypes({ enum: ['a', 1, null] })].sort()).toEqual(['integer', 'null', 'string']);
    expect(f.jsonTypes(false).size).toBe(0);
    expect(f.jsonTypes({}).size).toBe(6);
  });
  it('a recursive schema terminates', () => {
    expect([...facts.jsonTypes(named('TreeNode').schema)]).toEqual(['object']);
    expect([...facts.jsonTypes(prop('TreeNode', 'parent'))].sort()).toEqual(['null', 'object']);
  });
});

describe('allOf merge', () => {
  it('tightens bounds, unites required and properties, intersects enums, keeps conflicts as residual parts', () => {
    const parts: SchemaObject[] = [
      { minimum: 1, maximum: 10, required: ['a'], properties: { a: { type: 'string' } }, enum: [1, 2, 3], pattern: 'x' },
      { minimum: 3, maximum: 20, required: ['b'], properties: { a: { minLength: 1 }, b: {} }, enum: [2, 3, 4], pattern: 'y' },
    ];
    const taken: string[] = [];
    const { schema, never } = mergeKeywords(parts, { onTake: (key, i) => taken.push(`${key}@${i}`) });
    expect(schema).toEqual({ minimum: 3, maximum: 10, required: ['a', 'b'], properties: { a: { allOf: [{ type: 'string' }, { minLength: 1 }] }, b: {} }, enum: [2, 3], pattern: 'x', allOf: [{ pattern: 'y' }] });
    expect(never).toBe(false);
    expect(taken).toContain('minimum@1');
    expect(mergeKeywords([{ const: 1 }, { const: 2 }]).never).toBe(true);
  });
  it('a property named __proto__ is merged as a member, not a prototype', () => {
    const a = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}') as SchemaObject;
    const b = JSON.parse('{"properties":{"__proto__":{"minLength":2}}}') as SchemaObject;
    const props = mergeKeywords([a, b]).schema.properties!;
    expect(Object.keys(props)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(props, '__proto__')?.value).toEqual({ allOf: [{ type: 'string' }, { minLength: 2 }] });
  });
});

describe('discriminator', () => {
  it('resolves the mapping to named schemas, own or inherited through an allOf base', () => {
    const own = facts.discriminator(named('Event').schema)!;
    expect(own.own).toBe(true);
    expect(own.mapping.map((m) => [m.value, m.schema.key])).toEqual([['click', 'Click'], ['view', 'View']]);
    const inherited = facts.discriminator(named('Click').schema)!;
    expect(inherited).toMatchObject({ propertyName: 'kind', own: false });
    expect(inherited.mapping.find((m) => m.schema.key === 'Click')?.value).toBe('click');
    expect(facts.discriminator(named('Thing').schema)).toBeUndefined();
  });
});

describe('enumerated values', () => {
  it('finds a tag pinned by a later allOf part, where the merged property is still an allOf of both parts', () => {
    // The layout of the Social Posting spec's Photo: a base with `type: string`, a part with `const: photo`.
    const f = factsOf(
      schemasModel({
        Base: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
        Photo: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { type: { type: 'string', const: 'photo' } } }] },
      }),
    );
    const photo = f.merged({ $ref: '#/components/schemas/Photo' });
    const member = photo.properties!.type;
    // Reading const/enum off the merged member directly finds nothing: this is why a branch looked unpinned.
    expect(typeof member === 'object' && member.const).toBeFalsy();
    expect(f.enumerated(member)).toEqual(['photo']);
  });

  it('follows $ref, intersects enums, and knows open and empty sets', () => {
    const f = factsOf(schemasModel({ Kind: { enum: ['a', 'b', 'c'] } }));
    expect(f.enumerated({ $ref: '#/components/schemas/Kind' })).toEqual(['a', 'b', 'c']);
    expect(f.enumerated({ allOf: [{ $ref: '#/components/schemas/Kind' }, { enum: ['b', 'c', 'd'] }] })).toEqual(['b', 'c']);
    expect(f.enumerated({ allOf: [{ $ref: '#/components/schemas/Kind' }, { const: 'a' }] })).toEqual(['a']);
    expect(f.enumerated({ allOf: [{ $ref: '#/components/schemas/Kind' }, { const: 'z' }] })).toEqual([]);
    expect(f.enumerated({ allOf: [{ const: 'a' }, { const: 'b' }] })).toEqual([]);
    expect(f.enumerated({ type: 'string' })).toBeUndefined();
    expect(f.enumerated(true)).toBeUndefined();
    expect(f.enumerated(false)).toEqual([]);
  });
});

describe('media', () => {
  it('classifies bodies and resolves the Encoding Object with defaults', () => {
    const op = model.operations.find((o) => o.operationId === 'submitForm')!;
    const [form, multipart] = facts.requestMedia(op);
    expect(form).toMatchObject({ kind: 'form-urlencoded', streamed: false });
    expect(form.parts.map((p) => [p.name, p.contentType, p.style, p.explode])).toEqual([['q', 'text/plain', 'form', true], ['tags', 'text/plain', 'form', true]]);
    expect(multipart.kind).toBe('multipart');
    expect(multipart.parts.map((p) => [p.name, p.contentType, p.explicit])).toEqual([['avatar', 'image/png', true], ['meta', 'application/json', false], ['count', 'text/plain', false]]);
    const created = model.operations.find((o) => o.operationId === 'createThing')!;
    expect(facts.responseMedia(created.responses[0]).map((m) => m.kind)).toEqual(['json']);
  });

  it('names every kind a body emitter must handle', () => {
    const f = factsOf(schemasModel({}));
    const kind = (mediaType: string, schema: Schema = {}) => f.media({ mediaType, schema, examples: [], pointer: '' }, 'response').kind;
    expect(kind('application/problem+json; charset=utf-8')).toBe('json');
    expect(kind('application/x-ndjson')).toBe('json-stream');
    expect(kind('application/jsonl')).toBe('json-stream');
    expect(kind('application/json-seq')).toBe('json-stream');
    expect(kind('text/event-stream')).toBe('event-stream');
    expect(kind('image/png')).toBe('binary');
    expect(kind('application/x-custom', { type: 'string', format: 'binary' })).toBe('binary');
    expect(kind('text/csv')).toBe('text');
    expect(kind('application/x-custom')).toBe('other');
    expect(f.media({ mediaType: 'text/event-stream', schema: {}, examples: [], pointer: '' }, 'response').streamed).toBe(true);
  });
});
