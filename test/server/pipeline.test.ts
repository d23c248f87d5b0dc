/**
 * The generated server for the project's spec, driven through its Web handler: routing, security,
 * parameters, bodies, handler results, hooks and problem constructors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackages, importServer, loadProjectModel, type BuiltPackages, type ServerModule } from './harness.ts';
import { rateLimitHeaders } from '../../generator/src/emit/server/runtime/core.ts';

let built: BuiltPackages;
let server: ServerModule;

const USER = { kind: 'user', userId: '42', scopes: ['bookmark.read', 'post.read', 'users.read', 'tweet.write'] };
const tokens: Record<string, unknown> = {
  user: USER,
  app: { kind: 'app' },
  noscope: { kind: 'user', userId: '42', scopes: ['post.read'] },
};
const authenticate = (credentials: { scheme: string; token?: string; params?: Record<string, string> }) =>
  credentials.scheme === 'bearer' ? tokens[credentials.token!] : credentials.scheme === 'oauth1' && credentials.params?.oauth_token === 'good' ? USER : undefined;

const post = { id: '1', text: 'hello', edit_history_post_ids: ['1'] };

beforeAll(async () => {
  built = await buildPackages(await loadProjectModel());
  server = await importServer(built);
}, 120_000);
afterAll(() => built?.cleanup());

function handlerWith(handlers: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
  return server.createHandler(
    {
      getUserBookmarks: ({ query }: any) => ({ status: 200, body: { data: [post], meta: { result_count: 1, ...(query.max_results ? {} : {}) } } }),
      findPostById: ({ params }: any) =>
        params.id === '404'
          ? server.problems.resourceNotFound({ parameter: 'id', value: params.id, resource_id: params.id, resource_type: 'post', detail: 'Could not find post' })
          : { status: 200, body: { data: { ...post, id: params.id } } },
      createPost: ({ body }: any) => ({ status: 201, body: { data: { id: '7', text: body.text } } }),
      ...handlers,
    },
    { authenticate, ...options },
  );
}

async function call(handler: (r: Request) => Promise<Response>, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const response = await handler(new Request(`http://localhost${path}`, { ...init, headers }));
  const text = await response.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}

function expectProblem(r: { status: number; headers: Headers; body: any }, status: number, type?: string | RegExp) {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toBe('application/problem+json');
  expect(typeof r.body.type).toBe('string');
  expect(typeof r.body.title).toBe('string');
  expect(r.body.status).toBe(status);
  if (typeof type === 'string') expect(r.body.type).toBe(type);
  else if (type) expect(r.body.type).toMatch(type);
}

describe('routing', () => {
  it('404 for unknown paths, 405 with Allow for wrong methods, 501 without a handler', async () => {
    const h = handlerWith();
    expectProblem(await call(h, '/2/nope'), 404, 'about:blank');
    expectProblem(await call(h, '/2/users/42/bookmarks/'), 404);
    const r405 = await call(h, '/2/users/42/bookmarks', { method: 'DELETE', token: 'user' });
    expectProblem(r405, 405);
    expect(r405.headers.get('allow')).toBe('GET, HEAD');
    expectProblem(await call(h, '/2/news/123', { token: 'app' }), 501);
  });

  it('prefers static segments and backtracks to templates', async () => {
    const h = handlerWith({
      findUserByUsername: ({ params }: any) => ({ status: 200, body: { data: { id: '9', name: 'N', username: params.username } } }),
    });
    const r = await call(h, '/2/users/by/username/jack', { token: 'app' });
    expect(r.status).toBe(200);
    expect(r.body.data.username).toBe('jack');
    const b = await call(h, '/2/users/42/bookmarks', { token: 'user' });
    expect(b.status).toBe(200);
  });

  it('answers HEAD like GET without a body', async () => {
    const r = await call(handlerWith(), '/2/posts/5', { method: 'HEAD', token: 'app' });
    expect(r.status).toBe(200);
    expect(r.body).toBeUndefined();
  });
});

describe('security', () => {
  it('401 without or with unusable credentials, with WWW-Authenticate', async () => {
    const h = handlerWith();
    const none = await call(h, '/2/users/42/bookmarks');
    expectProblem(none, 401, 'about:blank');
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expectProblem(await call(h, '/2/users/42/bookmarks', { headers: { authorization: 'Bearer' } }), 401);
    expectProblem(await call(h, '/2/users/42/bookmarks', { headers: { authorization: 'Basic Zm9vOmJhcg==' } }), 401);
    expectProblem(await call(h, '/2/users/42/bookmarks', { token: 'unknown' }), 401);
  });

  it('403 unsupported-authentication for an app-only token on a user-context operation', async () => {
    const r = await call(handlerWith(), '/2/users/42/bookmarks', { token: 'app' });
    expectProblem(r, 403, '/2/problems/unsupported-authentication');
    expect(r.body.detail).toContain('app-only bearer token');
  });

  it('403 naming the missing scopes', async () => {
    const r = await call(handlerWith(), '/2/users/42/bookmarks', { token: 'noscope' });
    expectProblem(r, 403);
    expect(r.body.detail).toContain('bookmark.read');
    expect(r.body.detail).toContain('users.read');
    expect(r.body.detail).not.toContain('post.read');
  });

  it('403 when the path id is not the authenticated user (x-equals-authenticated-user)', async () => {
    const r = await call(handlerWith(), '/2/users/43/bookmarks', { token: 'user' });
    expectProblem(r, 403);
    expect(r.body.detail).toContain('`id`');
    expect((await call(handlerWith(), '/2/users/42/bookmarks', { token: 'user' })).status).toBe(200);
  });

  it('accepts OAuth 1.0a user context where declared', async () => {
    const h = handlerWith();
    const ok = await call(h, '/2/posts', {
      method: 'POST',
      headers: { authorization: 'OAuth oauth_consumer_key="k", oauth_token="good", oauth_signature="s%3D"', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hi' }),
    });
    expect(ok.status).toBe(201);
    const bad = await call(h, '/2/posts', { method: 'POST', headers: { authorization: 'OAuth garbage', 'content-type': 'application/json' }, body: '{}' });
    expectProblem(bad, 401);
  });

  it('hands the handler a typed principal and the request', async () => {
    let seen: any;
    const h = handlerWith({
      getUserBookmarks: (ctx: any) => {
        seen = { principal: ctx.principal, url: ctx.request.url };
        return { status: 200, body: {} };
      },
    });
    await call(h, '/2/users/42/bookmarks?max_results=5', { token: 'user' });
    expect(seen.principal.userId).toBe('42');
    expect(seen.url).toBe('http://localhost/2/users/42/bookmarks?max_results=5');
  });
});

describe('parameters', () => {
  it('parses lists, integers and defaults from the wire', async () => {
    let seen: any;
    const h = handlerWith({
      getUserBookmarks: (ctx: any) => {
        seen = ctx;
        return { status: 200, body: {} };
      },
    });
    const r = await call(h, '/2/users/42/bookmarks?max_results=7&post.fields=id,text,created_at&pagination_token=abc', { token: 'user' });
    expect(r.status).toBe(200);
    expect(seen.params).toEqual({ id: '42' });
    expect(seen.query).toEqual({ max_results: 7, 'post.fields': ['id', 'text', 'created_at'], pagination_token: 'abc' });
  });

  it('names every bad parameter at once', async () => {
    const r = await call(handlerWith(), '/2/users/42/bookmarks?max_results=101&post.fields=id,bogus,id&pagination_token=&extra=1', { token: 'user' });
    expectProblem(r, 400, '/2/problems/invalid-request');
    const names = r.body.errors.map((e: any) => Object.keys(e.parameters)[0]).sort();
    expect(names).toEqual(['extra', 'max_results', 'pagination_token', 'post.fields']);
    const max = r.body.errors.find((e: any) => e.parameters.max_results);
    expect(max.parameters.max_results).toEqual(['101']);
    expect(max.message).toContain('max_results');
    const fields = r.body.errors.find((e: any) => e.parameters['post.fields']);
    expect(fields.message).toMatch(/bogus/);
    expect(fields.message).toMatch(/duplicate/);
  });

  it('rejects non-integers, int32 overflow and zero for max_results', async () => {
    for (const value of ['abc', '1.5', '0', '99999999999', '-1', '1e2x']) {
      const r = await call(handlerWith(), `/2/users/42/bookmarks?max_results=${value}`, { token: 'user' });
      expectProblem(r, 400, '/2/problems/invalid-request');
      expect(r.body.errors[0].parameters).toEqual({ max_results: [value] });
    }
  });

  it('validates path parameters by pattern', async () => {
    const r = await call(handlerWith(), '/2/posts/abc', { token: 'app' });
    expectProblem(r, 400, '/2/problems/invalid-request');
    expect(r.body.errors[0].parameters).toEqual({ id: ['abc'] });
    const enc = await call(handlerWith(), '/2/posts/%E0%A4%A', { token: 'app' });
    expectProblem(enc, 400);
  });

  it('reports duplicated non-list parameters', async () => {
    const r = await call(handlerWith(), '/2/users/42/bookmarks?max_results=5&max_results=6', { token: 'user' });
    expectProblem(r, 400);
    expect(r.body.errors[0].parameters.max_results).toEqual(['5', '6']);
  });

  it('ignores unknown query parameters when told to', async () => {
    const r = await call(handlerWith({}, { unknownQueryParameters: 'ignore' }), '/2/users/42/bookmarks?foo=1', { token: 'user' });
    expect(r.status).toBe(200);
  });
});

describe('request bodies', () => {
  const send = (h: any, body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    call(h, '/2/posts', { method: 'POST', token: 'user', headers, body });

  it('accepts a valid JSON body', async () => {
    const r = await send(handlerWith(), JSON.stringify({ text: 'hello' }));
    expect(r.status).toBe(201);
    expect(r.body.data.text).toBe('hello');
  });

  it('415 for another or a missing media type, or a non-UTF-8 charset', async () => {
    expectProblem(await send(handlerWith(), 'text=hi', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    expectProblem(await send(handlerWith(), '{}', { 'content-type': 'application/json; charset=latin1' }), 415);
    const r = await call(handlerWith(), '/2/posts', { method: 'POST', token: 'user', body: new Uint8Array([123, 125]) });
    expectProblem(r, 415);
  });

  it('413 above the configured limit', async () => {
    const h = handlerWith({}, { maxBodySize: 100 });
    expectProblem(await send(h, JSON.stringify({ text: 'x'.repeat(200) })), 413);
  });

  it('400 for syntax errors, bad UTF-8, depth and an absent required body', async () => {
    const h = handlerWith();
    expectProblem(await send(h, '{"text": '), 400, '/2/problems/invalid-request');
    expectProblem(await send(h, new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])), 400);
    expectProblem(await send(h, '['.repeat(1000) + ']'.repeat(1000)), 400);
    const empty = await call(h, '/2/posts', { method: 'POST', token: 'user' });
    expectProblem(empty, 400);
    expect(empty.body.errors[0].message).toMatch(/required/);
  });

  it('400 naming every schema failure (25,000 characters, poll limits)', async () => {
    const r = await send(handlerWith(), JSON.stringify({ text: 'x'.repeat(25_001), poll: { options: ['a'], duration_minutes: 4 } }));
    expectProblem(r, 400, '/2/problems/invalid-request');
    const keys = r.body.errors.map((e: any) => Object.keys(e.parameters)[0]).sort();
    expect(keys).toEqual(['poll.duration_minutes', 'poll.options', 'text']);
    expect((await send(handlerWith(), JSON.stringify({ text: 'x'.repeat(25_000) }))).status).toBe(201);
  });

  it('refuses prototype-polluting keys, however spelled', async () => {
    const h = handlerWith();
    for (const body of ['{"__proto__": {"admin": true}}', '{"text":"a","\\u005f_proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const r = await send(h, body);
      expectProblem(r, 400);
    }
    expect(({} as any).admin).toBeUndefined();
  });

  it('on an operation open to unlisted parameters (x-open-parameters), an unknown one is no failure; the body still is', async () => {
    // createPost is open: the reference does not list all its parameters.
    const r = await call(handlerWith(), '/2/posts?bogus=1', { method: 'POST', token: 'user', headers: { 'content-type': 'application/json' }, body: '{"text": 5}' });
    expectProblem(r, 400);
    expect(r.body.errors.map((e: any) => Object.keys(e.parameters)[0]).sort()).toEqual(['text']);
  });

  it('combines parameter failures in one answer on a fully specified operation', async () => {
    const r = await call(handlerWith(), '/2/users/1/bookmarks?bogus=1&max_results=0', { token: 'user' });
    expectProblem(r, 400);
    expect(r.body.errors.map((e: any) => Object.keys(e.parameters)[0]).sort()).toEqual(['bogus', 'max_results']);
  });
});

describe('handler results', () => {
  it('500 about:blank without internals when a handler throws; the error goes to onError', async () => {
    const errors: unknown[] = [];
    const h = handlerWith(
      {
        findPostById: () => {
          throw new Error('database password is hunter2');
        },
      },
      { onError: (e: unknown) => errors.push(e) },
    );
    const r = await call(h, '/2/posts/1', { token: 'app' });
    expectProblem(r, 500, 'about:blank');
    expect(JSON.stringify(r.body)).not.toContain('hunter2');
    expect(errors).toHaveLength(1);
  });

  it('500 for an undeclared status in any mode', async () => {
    const errors: unknown[] = [];
    const h = handlerWith({ findPostById: () => ({ status: 299, body: {} }) }, { onError: (e: unknown) => errors.push(e) });
    expectProblem(await call(h, '/2/posts/1', { token: 'app' }), 500);
    expect(String(errors[0])).toMatch(/undeclared status 299/);
  });

  it('development mode reports bodies that do not match the declared response', async () => {
    const errors: any[] = [];
    const bad = { findPostById: () => ({ status: 200, body: { data: { id: 'not-a-number', text: 1 } } }) };
    const dev = await call(handlerWith(bad, { development: true, onError: (e: unknown) => errors.push(e) }), '/2/posts/1', { token: 'app' });
    expectProblem(dev, 500);
    expect(dev.body.detail).toMatch(/does not match/);
    expect(errors[0].name).toBe('ResponseMismatchError');
    const prod = await call(handlerWith(bad), '/2/posts/1', { token: 'app' });
    expect(prod.status).toBe(200);
  });

  it('problem constructors answer typed problems; problemBase prefixes the type', async () => {
    const r = await call(handlerWith(), '/2/posts/404', { token: 'app' });
    expectProblem(r, 404, '/2/problems/resource-not-found');
    expect(r.body).toMatchObject({ resource_type: 'post', parameter: 'id', detail: 'Could not find post' });
    const based = await call(handlerWith({}, { problemBase: 'https://api.example.com/' }), '/2/posts/404', { token: 'app' });
    expect(based.body.type).toBe('https://api.example.com/2/problems/resource-not-found');
    const runtime = await call(handlerWith({}, { problemBase: 'https://api.example.com' }), '/2/posts/abc', { token: 'app' });
    expect(runtime.body.type).toBe('https://api.example.com/2/problems/invalid-request');
  });

  it('has a constructor for every problem type of the spec', () => {
    const names = Object.keys(server.problems).sort();
    expect(names).toContain('resourceNotFound');
    expect(names).toContain('usageCapped');
    expect(names).toContain('aboutBlank');
    expect(names.length).toBe(18);
    const blank = server.problems.aboutBlank(503, { detail: 'later' });
    expect(blank).toMatchObject({ status: 503, body: { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'later' } });
    const capped = server.problems.usageCapped({ period: 'Daily', scope: 'Account' });
    expect(capped.status).toBe(429);
    expect(capped.body.type).toBe('/2/problems/usage-capped');
  });

  it('sends handler headers and drops unsafe ones', async () => {
    const h = handlerWith({ findPostById: () => ({ status: 200, body: { data: post }, headers: { 'x-ok': 'yes', 'x-bad': 'a\r\nb', 'bad name': 'x' } }) });
    const r = await call(h, '/2/posts/1', { token: 'app' });
    expect(r.headers.get('x-ok')).toBe('yes');
    expect(r.headers.get('x-bad')).toBeNull();
  });
});

describe('hooks', () => {
  it('429 with x-rate-limit-reset when the rate limit hook refuses', async () => {
    const h = handlerWith({}, { rateLimit: ({ principal }: any) => ({ allowed: principal?.kind !== 'app', reset: 1_900_000_000, limit: 15, remaining: 0 }) });
    const r = await call(h, '/2/posts/1', { token: 'app' });
    expectProblem(r, 429);
    expect(r.headers.get('x-rate-limit-reset')).toBe('1900000000');
    // The spec marks only x-rate-limit-reset (x-ratelimit-field: reset): no undeclared header is sent.
    expect(r.headers.get('x-rate-limit-limit')).toBeNull();
    expect(r.headers.get('retry-after')).toBeNull();
    expect((await call(h, '/2/posts/1', { token: 'user' })).status).toBe(200);
  });

  it('rate-limit headers are the ones the spec names, else Retry-After', () => {
    const decision = { allowed: false, reset: 1_000_030, limit: 15, remaining: 2 };
    expect(rateLimitHeaders({ reset: 'x-rl-reset', limit: 'x-rl-limit', remaining: 'x-rl-left' }, decision, 1_000_000_000)).toEqual({ 'x-rl-reset': '1000030', 'x-rl-limit': '15', 'x-rl-left': '2' });
    expect(rateLimitHeaders({}, decision, 1_000_000_000)).toEqual({ 'retry-after': '30' });
    expect(rateLimitHeaders({}, { ...decision, reset: 10 }, 1_000_000_000)).toEqual({ 'retry-after': '0' });
  });

  it('authorize can refuse with a problem; ownerParameters extends the owner rule', async () => {
    const h = handlerWith({}, { authorize: ({ params }: any) => (params.id === '13' ? server.problems.notAuthorizedForResource({ value: '13', resource_id: '13', resource_type: 'post', section: 'data', parameter: 'id' }) : undefined) });
    expectProblem(await call(h, '/2/posts/13', { token: 'app' }), 403, '/2/problems/not-authorized-for-resource');
    const owner = handlerWith({ getUserPosts: () => ({ status: 200, body: {} }) }, { ownerParameters: { getUserPosts: 'id' } });
    expectProblem(await call(owner, '/2/users/43/posts', { token: 'user' }), 403);
    expect((await call(owner, '/2/users/42/posts', { token: 'user' })).status).toBe(200);
  });
});
