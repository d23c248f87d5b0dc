/**
 * Prototype pollution reaches no validator. The compiled functions read properties directly (exact only
 * while `Object.prototype` has no enumerable members) and carry no code for a polluted prototype: every
 * caller from outside hands them a copy without prototypes instead (runtime `_input`, README "Own
 * properties only"). Each public path is exercised here with `Object.prototype` polluted with exactly the
 * names the schemas require, so a path that skipped the copy would find them inherited and accept `{}`:
 * schema validators and guards (`_validator`, `_guard`), every operation validator (parameters by
 * location, request body, response: `_run`), the Standard Schema objects, and the `validate`/`is` wrappers
 * of standalone modules (module/entry.ts); with the errors functions' property tables (the runtime's
 * `_eProps` reads members directly too) and without them.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validatorsEmitter } from '../../generator/src/emit/validators/index.ts';
import { loadModel } from '../../generator/src/index.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { tempDir } from '../helpers/paths.ts';
import { compileSchema } from './helpers/compile.ts';
import { context } from './helpers/emit.ts';
import { filesOf, loadModule } from './helpers/load-module.ts';

// `login` is a property-table row (read by the runtime's `_eProps` in errors mode), `isAdmin` compiled code.
const USER = { type: 'object', required: ['isAdmin', 'login'], properties: { isAdmin: { const: true }, login: { type: 'string' } } };
const ACCOUNT = { type: 'object', required: ['isAdmin', 'owner'], properties: { isAdmin: { const: true }, owner: { $ref: '#/components/schemas/User' } } };
const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Pollution', version: '1.0.0' },
  paths: {
    '/accounts/{id}': {
      post: {
        operationId: 'updateAccount',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer' } },
          { name: 'x-trace', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'session', in: 'cookie', required: true, schema: { type: 'string' } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } } } },
      },
    },
  },
  components: { schemas: { User: USER, Account: ACCOUNT } },
};

/** Every name a schema or parameter above requires, with a value that would satisfy it. */
const POLLUTION: Record<string, unknown> = { isAdmin: true, login: 'l', owner: { isAdmin: true, login: 'l' }, id: 'a', limit: 1, 'x-trace': 't', session: 's' };
const proto = Object.prototype as Record<string, unknown>;

function pollute(): void {
  for (const [k, v] of Object.entries(POLLUTION)) proto[k] = v;
}
afterEach(() => {
  for (const k of Object.keys(POLLUTION)) delete proto[k];
});

const tmp = tempDir();
let model: ApiModel;
beforeAll(async () => {
  const spec = path.join(tmp.dir, 'openapi.json');
  writeFileSync(spec, JSON.stringify(SPEC));
  model = (await loadModel(spec)).model;
});
afterAll(() => tmp.remove());

describe.each([true, false])('OpenAPI package (property tables %s)', (propertyTables) => {
  let mod: Record<string, any>;
  let compiled: string;
  beforeAll(async () => {
    const files = validatorsEmitter.emit(model, { ...context(), options: { propertyTables } });
    compiled = files.find((f) => f.path === 'src/compiled.ts')!.contents;
    mod = await loadModule(filesOf(files));
  });

  it('compiled functions carry no prototype-pollution prologue (the callers copy)', () => {
    expect(compiled).not.toMatch(/_plain|o & 8\b/);
  });

  it('schema validators and guards reject values that only inherit what is required', () => {
    // The same calls pass without pollution only when the value really has the members.
    expect(mod.validateUser({}).valid).toBe(false);
    pollute();
    expect(mod.validateUser({}).valid).toBe(false);
    expect(mod.isUser({})).toBe(false);
    expect(mod.validateAccount({ isAdmin: true }).errors.map((e: { params: Record<string, unknown> }) => e.params.missingProperty)).toEqual(['owner']);
    // The copy is deep: a nested object inherits nothing either.
    expect(mod.isAccount({ isAdmin: true, owner: {} })).toBe(false);
    expect(mod.validateAccount({ isAdmin: true, owner: {} }).valid).toBe(false);
    // A valid result holds the caller's value, not the copy.
    const good = { isAdmin: true, owner: { isAdmin: true, login: 'l' } };
    expect(mod.validateAccount(good)).toEqual({ valid: true, value: good });
    expect(mod.validateAccount(good).value).toBe(good);
    expect(mod.isAccount(good)).toBe(true);
  });

  it('operation validators (parameters by location, request body, response) reject inherited members', () => {
    const v = mod.operationValidators.updateAccount;
    pollute();
    for (const part of ['pathParams', 'query', 'headers', 'cookies']) expect(v[part]({}).valid, part).toBe(false);
    expect(v.requestBody({}, 'application/json').valid).toBe(false);
    expect(v.requestBody({ isAdmin: true, owner: {} }).valid).toBe(false);
    expect(v.response(200, 'application/json', {}).valid).toBe(false);
    expect(v.response('200', 'application/json', { isAdmin: true, owner: {} }).valid).toBe(false);
    // The top-level exports are the same validators.
    expect(mod.validateUpdateAccountPathParams({}).valid).toBe(false);
    const params = { id: 'a' };
    expect(v.pathParams(params).value).toBe(params);
    const body = { isAdmin: true, owner: { isAdmin: true, login: 'l' } };
    expect(v.requestBody(body).value).toBe(body);
    expect(v.response(200, 'application/json', body).value).toBe(body);
  });

  it('Standard Schema objects reject inherited members', () => {
    pollute();
    // Each issue: a required member missing (the path is the object's).
    expect(mod.UserSchema['~standard'].validate({}).issues).toHaveLength(2);
    expect(mod.UpdateAccountRequestBodySchema['~standard'].validate({ isAdmin: true, owner: {} }).issues.map((i: { path: unknown[] }) => i.path)).toEqual([['owner'], ['owner']]);
    expect(mod.UpdateAccountQuerySchema['~standard'].validate({}).issues).toHaveLength(1);
  });
});

describe.each([true, false])('standalone module wrappers (property tables %s)', (propertyTables) => {
  it('validate and is reject values that only inherit what is required, deep too', async () => {
    const v = await compileSchema({ ...ACCOUNT, $defs: { User: USER }, properties: { ...ACCOUNT.properties, owner: { $ref: '#/$defs/User' } } }, { propertyTables });
    expect(v.files.get('src/compiled.ts')).not.toMatch(/_plain|o & 8\b/);
    pollute();
    expect(v.validate({}).valid).toBe(false);
    expect(v.validate({}, { allErrors: false }).valid).toBe(false);
    expect(v.is({})).toBe(false);
    expect(v.validate({ isAdmin: true, owner: {} }).valid).toBe(false);
    expect(v.is({ isAdmin: true, owner: {} })).toBe(false);
    expect(v.validate({ isAdmin: true, owner: { isAdmin: true, login: 'l' } }).valid).toBe(true);
    expect(v.is({ isAdmin: true, owner: { isAdmin: true, login: 'l' } })).toBe(true);
  });
});
