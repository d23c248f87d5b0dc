/**
 * What the generated validators mean, on the feature fixtures and the project spec: directions
 * (readOnly/writeOnly), discriminator dispatch, formats on/off, first error vs all errors, operation
 * dispatch by status and media type, request bodies, and the shape of errors.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureSpecsDir, projectSpec } from '../helpers/paths.ts';
import { emitSpec } from './helpers/emit.ts';
import { filesOf, loadModule } from './helpers/load-module.ts';

async function load(spec: string): Promise<Record<string, any>> {
  return loadModule(filesOf((await emitSpec(spec)).validators));
}

const keywords = (r: { errors?: { keyword: string }[] }): string[] => (r.errors ?? []).map((e) => e.keyword);

describe('readOnly / writeOnly by direction', () => {
  let v: Record<string, any>;
  beforeAll(async () => {
    v = await load(path.join(fixtureSpecsDir, 'read-write.yaml'));
  });

  it('responses (the default) do not require writeOnly properties; requests do not require readOnly ones', () => {
    expect(v.validateUser({ id: '1', name: 'n' }).valid).toBe(true);
    expect(v.validateUser({ name: 'n', password: 'p' }).errors.map((e: any) => e.params.missingProperty)).toEqual(['id']);
    expect(v.validateUser({ name: 'n', password: 'p' }, { direction: 'request' }).valid).toBe(true);
    expect(v.validateUser({ id: '1', name: 'n' }, { direction: 'request' }).errors.map((e: any) => e.params.missingProperty)).toEqual(['password']);
  });

  it('still validates readOnly/writeOnly properties that are present, in both directions', () => {
    expect(v.validateUser({ id: 1, name: 'n' }).valid).toBe(false);
    expect(v.validateUser({ id: 1, name: 'n', password: 'p' }, { direction: 'request' }).valid).toBe(false);
  });

  it('applies inside nested schemas, and operation validators pick the direction from their side', () => {
    const op = v.operationValidators.replaceTeam;
    expect(op.requestBody({ name: 't', members: [{ name: 'a', password: 'p' }] }, 'application/json').valid).toBe(true);
    expect(op.response(200, 'application/json', { name: 't', members: [{ id: '1', name: 'a' }] }).valid).toBe(true);
    expect(op.response(200, 'application/json', { name: 't', members: [{ name: 'a', password: 'p' }] }).valid).toBe(false);
    expect(v.operationValidators.createUser.requestBody({ name: 'a', password: 'p' }).valid).toBe(true);
  });
});

describe('discriminator', () => {
  let v: Record<string, any>;
  beforeAll(async () => {
    v = await load(path.join(fixtureSpecsDir, 'discriminator.yaml'));
  });

  it('dispatches to the mapped schema and reports its errors (not a oneOf failure)', () => {
    expect(v.validatePet({ petType: 'cat', meows: true }).valid).toBe(true);
    expect(v.validatePet({ petType: 'dog', barks: false }).valid).toBe(true);
    const r = v.validatePet({ petType: 'dog', meows: true });
    expect(r.errors.map((e: any) => [e.keyword, e.params.missingProperty, e.schemaPath])).toEqual([['required', 'barks', '#/components/schemas/Dog/required']]);
  });

  it('names the accepted values for an unknown or missing tag', () => {
    const unknown = v.validatePet({ petType: 'bird' });
    expect(unknown.errors).toEqual([
      {
        instancePath: '/petType',
        schemaPath: '#/components/schemas/Pet/discriminator',
        keyword: 'discriminator',
        message: 'property "petType" must be one of "cat", "dog"',
        params: { propertyName: 'petType', value: 'bird', allowedValues: ['cat', 'dog'] },
      },
    ]);
    expect(keywords(v.validatePet({ meows: true }))).toEqual(['discriminator']);
    expect(keywords(v.validatePet({ petType: 7 }))).toEqual(['discriminator']);
  });

  it('uses component names without a mapping, several values per branch, allOf branches and anyOf', () => {
    expect(v.validateShape({ kind: 'Circle', radius: 1 }).valid).toBe(true);
    expect(keywords(v.validateShape({ kind: 'circle', radius: 1 }))).toEqual(['discriminator']);
    expect(v.validateEvent({ type: 'made', at: '2024-01-01T00:00:00Z' }).valid).toBe(true);
    expect(v.validateVehicle({ vehicleType: 'car', wheels: 4, doors: 2 }).valid).toBe(true);
    expect(keywords(v.validateVehicle({ vehicleType: 'car', wheels: 4 }))).toEqual(['required']);
    expect(v.validateVehicle({ vehicleType: 'bike', wheels: 2, gears: 21 }).valid).toBe(true);
    expect(v.validatePayment({ method: 'card', last4: '4242' }).valid).toBe(true);
    expect(keywords(v.validatePayment({ method: 'card', iban: 'x' }))).toEqual(['required']);
  });

  it('falls back to the plain oneOf for non-objects, and leaves a base schema without oneOf undispatched', () => {
    expect(keywords(v.validatePet('cat'))).toEqual(['type', 'type', 'oneOf']);
    expect(v.validateAnimal({ animalKind: 'Lion' }).valid).toBe(true);
    expect(v.validateLion({ animalKind: 'Lion', mane: true }).valid).toBe(true);
  });
});

describe('the project spec', () => {
  let v: Record<string, any>;
  const post = { id: '1234567890', text: 'hello', edit_history_post_ids: ['1234567890'], created_at: '2024-01-01T00:00:00.000Z' };
  beforeAll(async () => {
    v = await load(projectSpec);
  });

  it('asserts formats by default and not when switched off', () => {
    const bad = { ...post, created_at: '2024-13-01T00:00:00Z' };
    expect(v.validatePost(bad).errors.map((e: any) => [e.instancePath, e.keyword, e.params.format])).toEqual([['/created_at', 'format', 'date-time']]);
    expect(v.validatePost(bad, { formats: false }).valid).toBe(true);
    expect(v.isPost(bad)).toBe(false);
  });

  it('collects every error by default, the first one on request', () => {
    const bad = { ...post, id: 'x', text: 1, edit_history_post_ids: [] };
    expect(v.validatePost(bad).errors.length).toBe(3);
    expect(v.validatePost(bad, { allErrors: false }).errors).toHaveLength(1);
  });

  it('reports JSON pointers into the instance and the spec', () => {
    const r = v.operationValidators.getUserBookmarks.response(200, 'application/json', { data: [post, { ...post, id: 'nope' }] });
    expect(r.errors).toEqual([
      {
        instancePath: '/data/1/id',
        schemaPath: '#/components/schemas/PostId/pattern',
        keyword: 'pattern',
        message: 'must match pattern "^[0-9]{1,19}$"',
        params: { pattern: '^[0-9]{1,19}$' },
      },
    ]);
  });

  it('dispatches responses by status (exact, range, default) and media type', () => {
    const op = v.operationValidators.getUserBookmarks;
    expect(op.response(200, 'application/json', { data: [post] }).valid).toBe(true);
    expect(op.response('200', 'application/json; charset=utf-8', { data: [post] }).valid).toBe(true);
    expect(keywords(op.response(200, 'text/plain', { data: [post] }))).toEqual(['mediaType']);
    expect(op.response(418, 'application/json', { code: 1, message: 'teapot' }).valid).toBe(true);
    expect(keywords(op.response(200, 'application/json', { data: 'x' }))).toEqual(['type']);
  });

  it('validates parameters as parsed from the wire, in the request direction', () => {
    const op = v.operationValidators.getUserBookmarks;
    expect(op.pathParams({ id: '12' }).valid).toBe(true);
    expect(keywords(op.pathParams({}))).toEqual(['required']);
    expect(op.query({ max_results: 100, 'post.fields': ['text'] }).valid).toBe(true);
    expect(op.query({ max_results: 101 }).errors[0].instancePath).toBe('/max_results');
    expect(keywords(op.query({ 'post.fields': ['text', 'text'] }))).toEqual(['uniqueItems']);
  });

  it('requires a required request body, by media type', () => {
    const create = v.operationValidators.createPost;
    expect(keywords(create.requestBody(undefined, 'application/json'))).toEqual(['required']);
    expect(create.requestBody({ text: 'hi' }, 'application/json').valid).toBe(true);
    expect(keywords(create.requestBody({ text: 'hi' }, 'text/plain'))).toEqual(['mediaType']);
  });
});

describe('discriminator in plain JSON Schema (no model facts)', () => {
  it('implicit values are the decoded last segment of each branch reference (~1, ~0, %-escapes)', async () => {
    const { compileSchema } = await import('./helpers/compile.ts');
    const branch = (tag: string) => ({ type: 'object', required: ['t'], properties: { t: { const: tag } } });
    const v = await compileSchema({
      $defs: { 'a/b': branch('a/b'), 'c~d': branch('c~d'), 'e f': branch('e f') },
      oneOf: [{ $ref: '#/$defs/a~1b' }, { $ref: '#/$defs/c~0d' }, { $ref: '#/$defs/e%20f' }],
      discriminator: { propertyName: 't' },
    });
    for (const tag of ['a/b', 'c~d', 'e f']) expect(v.validate({ t: tag }).valid).toBe(true);
    const rejected = v.validate({ t: 'a~1b' });
    expect(keywords(rejected)).toEqual(['discriminator']);
    expect(rejected.errors?.[0]?.params.allowedValues).toEqual(['a/b', 'c~d', 'e f']);
  });
});
