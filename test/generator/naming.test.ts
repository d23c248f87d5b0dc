/**
 * Names: turning spec strings into identifiers (codegen/names.ts) and planning every top-level name once
 * (model/naming.ts): collisions get numeric suffixes in document order, reserved words and member names
 * that would break a client object (`then`, `__proto__`, ...) are changed, derived names are reserved too.
 */
import { describe, expect, it } from 'vitest';
import { camelCase, constantCase, isIdentifier, pascalCase, toIdentifier, uniqueName, words } from '../../generator/src/codegen/index.ts';
import { NamePlanner, synthesizeOperationId } from '../../generator/src/model/naming.ts';

describe('case conversion', () => {
  it.each<[string, { words: string[]; pascal: string; camel: string; constant: string }]>([
    ['user_id-list', { words: ['user', 'id', 'list'], pascal: 'UserIdList', camel: 'userIdList', constant: 'USER_ID_LIST' }],
    ['HTTPError', { words: ['HTTP', 'Error'], pascal: 'HTTPError', camel: 'hTTPError', constant: 'HTTP_ERROR' }],
    ['getUserByID', { words: ['get', 'User', 'By', 'ID'], pascal: 'GetUserByID', camel: 'getUserByID', constant: 'GET_USER_BY_ID' }],
    ['repos/get-content', { words: ['repos', 'get', 'content'], pascal: 'ReposGetContent', camel: 'reposGetContent', constant: 'REPOS_GET_CONTENT' }],
    ['post.fields', { words: ['post', 'fields'], pascal: 'PostFields', camel: 'postFields', constant: 'POST_FIELDS' }],
    ['naïve café', { words: ['naive', 'cafe'], pascal: 'NaiveCafe', camel: 'naiveCafe', constant: 'NAIVE_CAFE' }],
    ['2fa-window', { words: ['2fa', 'window'], pascal: '2faWindow', camel: '2faWindow', constant: '2FA_WINDOW' }],
    ['日本語', { words: [], pascal: '', camel: '', constant: '' }],
    ["*/ it's `x` ${y}", { words: ['it', 's', 'x', 'y'], pascal: 'ItSXY', camel: 'itSXY', constant: 'IT_S_X_Y' }],
  ])('%j', (given, want) => {
    expect(words(given)).toEqual(want.words);
    expect(pascalCase(given)).toBe(want.pascal);
    expect(camelCase(given)).toBe(want.camel);
    expect(constantCase(given)).toBe(want.constant);
  });
});

describe('toIdentifier', () => {
  it.each<[string, 'pascal' | 'camel' | 'constant' | 'keep', string]>([
    ['user', 'pascal', 'User'],
    ['class', 'keep', 'class_'],
    ['default', 'camel', 'default_'],
    ['string', 'keep', 'string_'],
    ['123abc', 'pascal', '_123abc'],
    ['2fa-window', 'constant', '_2FA_WINDOW'],
    ['日本語', 'pascal', 'Unnamed'],
    ['a-b c', 'keep', 'a_b_c'],
    ['__proto__', 'pascal', 'Proto'],
  ])('%j as %s → %j', (name, style, want) => {
    const id = toIdentifier(name, style);
    expect(id).toBe(want);
    expect(isIdentifier(id)).toBe(true);
  });

  it('always returns a valid identifier, or the fallback', () => {
    for (const name of ['', '---', '*/', '${x}', '\u2028', '\ud800', 'await', 'yield', 'undefined', 'NaN']) {
      for (const style of ['pascal', 'camel', 'constant', 'keep'] as const) expect(isIdentifier(toIdentifier(name, style, 'Fallback')), `${JSON.stringify(name)} ${style}`).toBe(true);
    }
    expect(toIdentifier('', 'pascal', 'Schema')).toBe('Schema');
  });

  it('uniqueName counts up from 2 and takes the name', () => {
    const taken = new Set(['a', 'a2']);
    expect(uniqueName('a', taken)).toBe('a3');
    expect(uniqueName('b', taken)).toBe('b');
    expect([...taken]).toEqual(['a', 'a2', 'a3', 'b']);
  });
});

describe('NamePlanner: schema type names', () => {
  it('collisions after PascalCase get suffixes in document order', () => {
    const planner = new NamePlanner();
    expect(['foo_bar', 'fooBar', 'foo.bar', 'FooBar'].map((k) => planner.schemaTypeName(k))).toEqual(['FooBar', 'FooBar2', 'FooBar3', 'FooBar4']);
  });

  it('reserved words, digits and names without letters become valid identifiers', () => {
    const planner = new NamePlanner();
    const names = ['class', 'default', 'delete', '123abc', '___', '__proto__', 'constructor', 'then', 'string'].map((k) => planner.schemaTypeName(k));
    expect(names).toEqual(['Class', 'Default', 'Delete', '_123abc', 'Schema', 'Proto', 'Constructor', 'Then', 'String']);
    for (const n of names) expect(isIdentifier(n), n).toBe(true);
  });

  it('the names a schema derives (`Write`, `Values`) are reserved, both ways round', () => {
    const planner = new NamePlanner();
    expect(planner.schemaTypeName('Foo')).toBe('Foo');
    expect(planner.schemaTypeName('FooValues')).toBe('FooValues2');
    expect(planner.schemaTypeName('FooWrite')).toBe('FooWrite2');
    const other = new NamePlanner();
    expect(other.schemaTypeName('BarValues')).toBe('BarValues');
    expect(other.schemaTypeName('Bar')).toBe('Bar2');
  });

  it('the packages\' own names are not given to schemas', () => {
    const planner = new NamePlanner();
    expect(['Operations', 'Limit', 'LIMITS', 'ValidationError', 'ValidationResult', 'ValidateOptions'].map((k) => planner.schemaTypeName(k))).toEqual([
      'Operations2', 'Limit2', 'LIMITS2', 'ValidationError2', 'ValidationResult2', 'ValidateOptions2',
    ]);
  });
});

describe('NamePlanner: operation names', () => {
  it.each<[string, string, string]>([
    ['getUser', 'getUser', 'GetUser'],
    ['repos/get-content', 'reposGetContent', 'ReposGetContent'],
    ['then', 'then_', 'Then'],
    ['__proto__', '__proto___', 'Proto'],
    ['constructor', 'constructor_', 'Constructor'],
    ['toString', 'toString_', 'ToString'],
    ['valueOf', 'valueOf_', 'ValueOf'],
    ['hasOwnProperty', 'hasOwnProperty_', 'HasOwnProperty'],
    ['prototype', 'prototype_', 'Prototype'],
    ['class', 'class_', 'Class'],
    ['delete', 'delete_', 'Delete'],
    ['2fa', '_2fa', '_2fa'],
  ])('%j → method %j, types %j…', (operationId, method, base) => {
    const names = new NamePlanner().operationNames(operationId);
    expect(names.method).toBe(method);
    expect(names.base).toBe(base);
    expect(isIdentifier(names.method)).toBe(true);
    expect(names).toMatchObject({ pathParams: `${base}PathParams`, query: `${base}Query`, headers: `${base}Headers`, cookies: `${base}Cookies`, requestBody: `${base}RequestBody`, responses: `${base}Responses`, success: `${base}Response`, error: `${base}ErrorResponse` });
  });

  it('operations that collide after conversion get distinct methods and type names', () => {
    const planner = new NamePlanner();
    const a = planner.operationNames('get-user');
    const b = planner.operationNames('get_user');
    const c = planner.operationNames('getUser');
    // An operationId that is already an identifier is kept as the method name.
    expect([a.method, b.method, c.method]).toEqual(['getUser', 'get_user', 'getUser2']);
    // (The third base is derived from its method `getUser2`, hence `GetUser22`: distinct, if not pretty.)
    expect(new Set([a.base, b.base, c.base]).size).toBe(3);
  });

  it('operation types do not collide with schema types (or their derived names)', () => {
    const planner = new NamePlanner();
    planner.schemaTypeName('GetUserResponse');
    planner.schemaTypeName('Then');
    expect(planner.operationNames('getUser').base).toBe('GetUser2');
    expect(planner.operationNames('then').base).toBe('Then2');
  });

  it('synthesizes an operationId from method and path', () => {
    expect(synthesizeOperationId('get', '/2/users/{id}')).toBe('get2UsersId');
    expect(synthesizeOperationId('post', '/')).toBe('post');
  });
});

describe('NamePlanner: limit constants', () => {
  it('constant case, unique, never LIMITS or SPEC (the types package declares those)', () => {
    const planner = new NamePlanner();
    expect(['bookmarks-max-results', 'post-length', 'post length', 'limits', 'spec', '2fa-window', '日本語'].map((n) => planner.limitConstant(n))).toEqual([
      'BOOKMARKS_MAX_RESULTS', 'POST_LENGTH', 'POST_LENGTH2', 'LIMITS2', 'SPEC2', '_2FA_WINDOW', '_',
    ]);
  });
});
