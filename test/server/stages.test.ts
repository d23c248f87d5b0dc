/**
 * The server pipeline's stages, each alone, over a small hand-built table (no generated package): route,
 * authenticate, rate limit, parse (parameters, body), validate, authorize, invoke, serialize.
 */
import { describe, expect, it } from 'vitest';
import { createSetup } from '../../generator/src/emit/server/runtime/core.ts';
import { serialize } from '../../generator/src/emit/server/runtime/serialize.ts';
import { authenticate, authorize, invoke, parseBody, parseRequestParameters, rateLimit, route, validate, type Incoming, type Routed } from '../../generator/src/emit/server/runtime/stages.ts';
import { fromRequest } from '../../generator/src/emit/server/runtime/web.ts';
import type { ApiTable, OperationValidator, ServerOptions, TableOperation } from '../../generator/src/emit/server/runtime/types.ts';

const getItem: TableOperation = {
  key: 'getItem',
  operationId: 'getItem',
  method: 'GET',
  path: '/users/{id}/items',
  parameters: [
    { name: 'id', in: 'path', required: true, style: 'simple', explode: false, coerce: { type: 'string' } },
    { name: 'limit', in: 'query', required: false, style: 'form', explode: true, coerce: { type: 'number' }, default: 10 },
  ],
  responses: [{ status: '200', mediaTypes: ['application/json'] }, { status: '4XX', mediaTypes: ['application/problem+json'] }],
  security: [{ Bearer: [] }],
  ownerParameter: 'id',
};
const addItem: TableOperation = {
  key: 'addItem',
  operationId: 'addItem',
  method: 'POST',
  path: '/items',
  parameters: [],
  requestBody: { required: true, mediaTypes: ['application/json'] },
  responses: [{ status: '201', mediaTypes: ['application/json'] }],
  security: [],
};
const table: ApiTable = {
  operations: [getItem, addItem],
  securitySchemes: { Bearer: { type: 'oauth2', label: 'OAuth 2.0' } },
  problems: {},
  problemPath: '/problems/',
  problemRoles: {},
  rateLimitHeaders: { reset: 'x-reset' },
};

const pass = (value: unknown) => ({ valid: true as const, value });
const validator = (overrides: Partial<OperationValidator> = {}): OperationValidator => ({
  pathParams: pass,
  query: (v) => ((v as { limit?: number }).limit === 0 ? { valid: false, errors: [{ instancePath: '/limit', schemaPath: '#', keyword: 'minimum', message: 'must be >= 1', params: {} }] } : pass(v)),
  headers: pass,
  cookies: pass,
  requestBody: (b) => (typeof (b as { name?: unknown }).name === 'string' ? pass(b) : { valid: false, errors: [{ instancePath: '/name', schemaPath: '#', keyword: 'type', message: 'must be string', params: {} }] }),
  response: (_s, _m, b) => pass(b),
  ...overrides,
});
const handlers = { getItem: () => ({ status: 200, body: { ok: true } }), addItem: () => ({ status: 201, body: {} }) };
const user = () => ({ kind: 'user' as const, userId: '7', scopes: [] });

function setup(options: ServerOptions = {}) {
  return createSetup(table, { getItem: validator(), addItem: validator() }, handlers, { authenticate: user, ...options });
}
const incoming = (path: string, init: RequestInit = {}): Incoming => fromRequest(new Request(`http://h${path}`, init));
const routed = (s: ReturnType<typeof setup>, path: string, init?: RequestInit): Routed => {
  const r = route(s, incoming(path, init));
  if ('stop' in r) throw new Error(`no route: ${r.stop.status}`);
  return r;
};

describe('route', () => {
  it('finds the operation, or stops with 404 / 405 (with Allow) / 501', () => {
    const s = setup();
    expect(routed(s, '/users/7/items?limit=2').c.op).toBe(getItem);
    expect(route(s, incoming('/nowhere'))).toMatchObject({ stop: { status: 404 } });
    expect(route(s, incoming('/items'))).toMatchObject({ stop: { status: 405, headers: { allow: 'POST' } } });
    const bare = createSetup(table, undefined, {});
    expect(route(bare, incoming('/items', { method: 'POST' }))).toMatchObject({ stop: { status: 501 } });
  });

  it('strips the base path', () => {
    const s = setup({ basePath: '/api/' });
    expect(routed(s, '/api/items', { method: 'POST' }).c.op).toBe(addItem);
    expect(route(s, incoming('/items', { method: 'POST' }))).toMatchObject({ stop: { status: 404 } });
  });
});

describe('authenticate', () => {
  it('401 with a challenge without credentials; the principal with them', async () => {
    const s = setup();
    const c = routed(s, '/users/7/items').c;
    expect(await authenticate(s, c, incoming('/users/7/items'), '')).toMatchObject({ stop: { status: 401, headers: { 'www-authenticate': 'Bearer' } } });
    expect(await authenticate(s, c, incoming('/users/7/items', { headers: { authorization: 'Bearer t' } }), '')).toEqual({ principal: user() });
  });

  it('401 when authenticate rejects; 403 naming the labels for the wrong kind', async () => {
    const c = routed(setup(), '/users/7/items').c;
    const rejecting = setup({ authenticate: () => null });
    expect(await authenticate(rejecting, c, incoming('/', { headers: { authorization: 'Bearer t' } }), '')).toMatchObject({ stop: { status: 401 } });
    const app = setup({ authenticate: () => ({ kind: 'app' }) });
    const r = await authenticate(app, c, incoming('/', { headers: { authorization: 'Bearer t' } }), '');
    expect(r).toMatchObject({ stop: { status: 403 } });
    expect(JSON.stringify(r)).toContain('[OAuth 2.0]');
  });
});

describe('rate limit', () => {
  it('a refusal is 429 with the table\'s reset header; no hook, no stop', async () => {
    const c = routed(setup(), '/users/7/items').c;
    expect(await rateLimit(setup(), c, undefined, incoming('/'))).toBeUndefined();
    const s = setup({ rateLimit: () => ({ allowed: false, reset: 123 }) });
    expect(await rateLimit(s, c, undefined, incoming('/'))).toMatchObject({ stop: { status: 429, headers: { 'x-reset': '123' } } });
  });
});

describe('parse and validate', () => {
  it('parameters: parsed and coerced, validated, defaults filled after validation', async () => {
    const s = setup();
    const r = routed(s, '/users/7/items');
    const params = parseRequestParameters(r, incoming('/users/7/items'));
    expect(params.errors).toEqual([]);
    const none = await parseBody(s, r.c, incoming('/users/7/items'));
    expect(validate(r.c, params, none as never)).toEqual({ parameters: [], body: [] });
    expect(params.locations!.query.values).toEqual({ limit: 10 });
    const bad = routed(s, '/users/7/items?limit=0');
    const badParams = parseRequestParameters(bad, incoming('/users/7/items?limit=0'));
    expect(validate(bad.c, badParams, none as never).parameters).toMatchObject([{ parameters: { limit: expect.anything() } }]);
  });

  it('an undeclared query parameter is a parse error', () => {
    const s = setup();
    const r = routed(s, '/users/7/items?x=1');
    expect(parseRequestParameters(r, incoming('/users/7/items?x=1')).errors).toHaveLength(1);
  });

  it('body: 415 for an undeclared media type, 413 over the limit, errors for bad JSON, then the validator', async () => {
    const s = setup({ maxBodySize: 20 });
    const c = routed(s, '/items', { method: 'POST' }).c;
    const post = (body: string, type = 'application/json') => incoming('/items', { method: 'POST', headers: { 'content-type': type }, body });
    expect(await parseBody(s, c, post('x', 'text/plain'))).toMatchObject({ stop: { status: 415 } });
    expect(await parseBody(s, c, post('{"name":"' + 'x'.repeat(30) + '"}'))).toMatchObject({ stop: { status: 413 } });
    expect(await parseBody(s, c, post('{'))).toMatchObject({ checkable: false, errors: [{ parameters: { body: [] } }] });
    const ok = await parseBody(s, c, post('{"name":"a"}'));
    expect(ok).toMatchObject({ body: { name: 'a' }, checkable: true, errors: [] });
    const wrong = await parseBody(s, c, post('{"name":1}'));
    expect(validate(c, { locations: null, errors: [] }, wrong as never).body).toHaveLength(1);
    expect(await parseBody(s, c, incoming('/items', { method: 'POST' }))).toMatchObject({ errors: [{ message: 'The request body is required' }] });
  });
});

describe('authorize', () => {
  it('the owner rule, then the hook', async () => {
    const s = setup({ authorize: ({ params }) => (params.id === '7' ? undefined : { status: 404 }) });
    const c = routed(s, '/users/7/items').c;
    expect(await authorize(s, c, { id: '7' }, user(), incoming('/'))).toBeUndefined();
    expect(await authorize(s, c, { id: '8' }, user(), incoming('/'))).toMatchObject({ stop: { status: 403 } });
    const open = { ...c, owner: undefined };
    expect(await authorize(s, open, { id: '8' }, user(), incoming('/'))).toEqual({ stop: { status: 404 }, declared: true });
  });
});

describe('invoke and serialize', () => {
  it('a throwing handler is reported and answered with a bare 500', async () => {
    const reported: unknown[] = [];
    const s = createSetup(table, undefined, { addItem: () => { throw new Error('boom'); } }, { onError: (e) => reported.push(e) });
    const c = routed(s, '/items', { method: 'POST' }).c;
    expect(await invoke(s, c, {}, incoming('/items'))).toMatchObject({ status: 500 });
    expect(reported).toMatchObject([{ message: 'boom' }]);
  });

  it('checks the declared statuses, fills the content type, drops unsafe headers, prefixes problem types', () => {
    const reported: unknown[] = [];
    const s = setup({ onError: (e) => reported.push(e), problemBase: 'https://api.test' });
    const c = routed(s, '/users/7/items').c;
    const out = serialize(s, { status: 200, body: { a: 1 }, headers: { 'x-ok': 'yes', 'x-bad': 'a\r\nb' } }, incoming('/'), c, 'GET');
    expect(out).toEqual({ status: 200, headers: { 'content-type': 'application/json', 'x-ok': 'yes' }, body: '{"a":1}' });
    expect(serialize(s, { status: 302, body: {} }, incoming('/'), c, 'GET').status).toBe(500);
    expect(reported).toHaveLength(1);
    const problem = serialize(s, s.problems.aboutBlank(404, 'x'), incoming('/'), c, 'GET');
    expect(problem.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(problem.body as string)).toMatchObject({ type: 'about:blank', status: 404 });
    const typed = serialize(s, { status: 404, body: { type: '/problems/gone', title: 'Gone' }, contentType: 'application/problem+json' }, incoming('/'), c, 'GET');
    expect(JSON.parse(typed.body as string).type).toBe('https://api.test/problems/gone');
    expect(serialize(s, { status: 200, body: { a: 1 } }, incoming('/'), c, 'HEAD').body).toBeNull();
  });
});
