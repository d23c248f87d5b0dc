import { describe, expect, it, vi } from 'vitest';
import { extraAuth } from '../../generator/src/emit/client/runtime/auth-extra.ts';
import { bindOperations } from '../../generator/src/emit/client/runtime/bind.ts';
import { apiPromise, createRuntime } from '../../generator/src/emit/client/runtime/core.ts';
import {
  AbortError,
  ApiError,
  CredentialsError,
  NetworkError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from '../../generator/src/emit/client/runtime/errors.ts';
import type { OperationSpec, RuntimeOptions } from '../../generator/src/emit/client/runtime/types.ts';
import { bookmarksOp, createPostOp, fakeFetch, hangingFetch, json, lookupOp, problem } from './helpers.ts';

const base = 'https://api.test';
const fast = { retries: 3, baseDelayMs: 1, maxDelayMs: 2 };

function client(options: Partial<RuntimeOptions> & { fetch: typeof fetch }, ops: OperationSpec[] = [bookmarksOp, lookupOp, createPostOp]) {
  // extraAuth: what generated entries of operations with OAuth 1.0a (basic, apiKey) alternatives carry.
  const entries = ops.map((op) => (op.security?.some((alt) => alt.includes('oauth1')) ? { ...op, extraAuth } : op));
  return bindOperations(entries, { baseUrl: base, ...options }) as Record<
    string,
    (args?: unknown, o?: object) => ReturnType<typeof apiPromise>
  >;
}

describe('credentials by security requirement', () => {
  it('app-only bearer for an operation that allows it', async () => {
    const f = fakeFetch(() => json({ data: { id: '1' } }));
    await client({ fetch: f, auth: { bearer: 'APP' } }).getPostById({ id: '1' });
    expect(f.calls[0].headers.get('authorization')).toBe('Bearer APP');
  });

  it('prefers the first alternative the configured credentials satisfy', async () => {
    const f = fakeFetch(() => json({}));
    const c = client({ fetch: f, auth: { bearer: 'APP', oauth2: async () => 'USER' } });
    await c.getPostById({ id: '1' });
    await c.getUserBookmarks({ id: '1' });
    expect(f.calls.map((r) => r.headers.get('authorization'))).toEqual(['Bearer APP', 'Bearer USER']);
  });

  it('a user-context operation with only an app token fails before any request, clearly', async () => {
    const f = fakeFetch(() => json({}));
    const err = await client({ fetch: f, auth: { bearer: 'APP' } })
      .getUserBookmarks({ id: '1' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(CredentialsError);
    expect((err as Error).message).toBe(
      'getUserBookmarks: needs auth.oauth2 or auth.oauth1; the client has auth.bearer',
    );
    expect(f.calls).toHaveLength(0);
  });

  it('signs with OAuth 1.0a over the final URL', async () => {
    const f = fakeFetch(() => json({}));
    const seen: string[] = [];
    const oauth1 = vi.fn(async (r: { method: string; url: string }) => (seen.push(`${r.method} ${r.url}`), 'OAuth sig'));
    await client({ fetch: f, auth: { oauth1 } }).getUserBookmarks({ id: '7', max_results: 5 });
    expect(seen).toEqual(['GET https://api.test/2/users/7/bookmarks?max_results=5']);
    expect(f.calls[0].headers.get('authorization')).toBe('OAuth sig');
  });

  it('an Authorization header from the client or the call is sent as is, without checks', async () => {
    const f = fakeFetch(() => json({}));
    await client({ fetch: f, headers: { Authorization: 'Custom a' } }).getUserBookmarks({ id: '1' });
    await client({ fetch: f, auth: { bearer: 'APP' } }).getUserBookmarks({ id: '1' }, { headers: { authorization: 'Custom b' } });
    expect(f.calls.map((r) => r.headers.get('authorization'))).toEqual(['Custom a', 'Custom b']);
  });

  it('no credentials needed, none sent; optional security works without credentials', async () => {
    const f = fakeFetch(() => json({}));
    const open: OperationSpec = { id: 'open', method: 'GET', path: '/open' };
    const optional: OperationSpec = { id: 'optional', method: 'GET', path: '/opt', security: [['bearer'], []] };
    const c = client({ fetch: f }, [open, optional]);
    await c.open();
    await c.optional();
    expect(f.calls.map((r) => r.headers.has('authorization'))).toEqual([false, false]);
  });

  it('basic and apiKey schemes', async () => {
    const f = fakeFetch(() => json({}));
    const op: OperationSpec = {
      id: 'k',
      method: 'GET',
      path: '/k',
      security: [['basic', { apiKey: 'Key', in: 'query', name: 'api key' }]],
      // What the generated entry of an operation with such schemes carries (test/client/emitter.test.ts).
      extraAuth,
    };
    const c = bindOperations([op], {
      baseUrl: base,
      fetch: f,
      auth: { basic: { username: 'ü', password: 'p' }, apiKeys: { Key: 'v&1' } },
    }) as Record<string, () => Promise<unknown>>;
    await c.k();
    expect(f.calls[0].url).toBe('https://api.test/k?api%20key=v%261');
    expect(f.calls[0].headers.get('authorization')).toBe('Basic ' + Buffer.from('ü:p').toString('base64'));
  });

  it('after a 401 a refreshing OAuth 2.0 provider is asked once for a fresh token', async () => {
    const f = fakeFetch([() => json({ title: 'Unauthorized', type: 'about:blank', status: 401 }, 401), () => json({ data: [] })]);
    const getAccessToken = vi.fn(async (force?: boolean) => (force ? 'fresh' : 'stale'));
    const data = await client({ fetch: f, auth: { oauth2: { getAccessToken } } }).getUserBookmarks({ id: '1' });
    expect(data).toEqual({ data: [] });
    expect(f.calls.map((r) => r.headers.get('authorization'))).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('a second 401 rejects with the ApiError', async () => {
    const f = fakeFetch(() => problem({ type: 'about:blank', title: 'Unauthorized', status: 401 }, 401));
    const e = await client({ fetch: f, auth: { oauth2: { getAccessToken: async () => 't' } } })
      .getUserBookmarks({ id: '1' })
      .then(undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(f.calls).toHaveLength(2);
  });
});

describe('request and response', () => {
  it('JSON body, client + call headers, and withResponse() with parsed rate limits', async () => {
    const f = fakeFetch(() =>
      json({ data: { id: '9', text: 'hi' } }, 201, {
        'x-rate-limit-limit': '300',
        'x-rate-limit-remaining': '299',
        'x-rate-limit-reset': '1700000000',
      }),
    );
    const c = client({ fetch: f, auth: { oauth2: 'U' }, headers: { 'x-app': 'a', 'x-both': 'client' } });
    const r = await c.createPost({ body: { text: 'hi', created: new Date(0) } }, { headers: { 'x-both': 'call' } }).withResponse();
    expect(r.data).toEqual({ data: { id: '9', text: 'hi' } });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.rateLimit).toEqual({ limit: 300, remaining: 299, reset: new Date(1700000000_000) });
    const req = f.calls[0];
    expect(req.method).toBe('POST');
    expect(req.body).toBe('{"text":"hi","created":"1970-01-01T00:00:00.000Z"}');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(req.headers.get('x-app')).toBe('a');
    expect(req.headers.get('x-both')).toBe('call');
  });

  it('awaiting gives the body; empty bodies are undefined; text stays text', async () => {
    const f = fakeFetch([
      () => new Response(null, { status: 204 }),
      () => new Response('plain', { headers: { 'content-type': 'text/plain' } }),
    ]);
    const c = client({ fetch: f, auth: { bearer: 'a' } });
    expect(await c.getPostById({ id: '1' })).toBeUndefined();
    expect(await c.getPostById({ id: '1' })).toBe('plain');
  });

  it('ApiError carries status, headers, the typed body and the problem', async () => {
    const body = {
      type: 'https://api.example.com/2/problems/invalid-request',
      title: 'Invalid Request',
      detail: 'bad id',
      errors: [{ message: 'x', parameters: { id: ['a'] } }],
    };
    const f = fakeFetch(() => problem(body, 400, { 'x-request-id': 'r1' }));
    const e = (await client({ fetch: f, auth: { bearer: 'a' } })
      .getPostById({ id: 'a' })
      .then(undefined, (x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.name).toBe('ApiError');
    expect(e.status).toBe(400);
    expect(e.operation).toBe('getPostById');
    expect(e.headers.get('x-request-id')).toBe('r1');
    expect(e.body).toEqual(body);
    expect(e.problem?.type).toBe(body.type);
    expect(e.message).toBe('getPostById: 400 Invalid Request: bad id (id: x)');
    expect(f.calls).toHaveLength(1); // 400s are not retried
  });

  it('an Error object body (not a problem) has no problem', async () => {
    const f = fakeFetch(() => json({ code: 88, message: 'Nope' }, 403));
    const e = (await client({ fetch: f, auth: { bearer: 'a' } })
      .getPostById({ id: 'a' })
      .then(undefined, (x: unknown) => x)) as ApiError;
    expect(e.problem).toBeUndefined();
    expect(e.message).toBe('getPostById: 403 Nope');
  });
});

describe('retries and rate limits', () => {
  it('503 is retried with backoff for idempotent methods', async () => {
    const f = fakeFetch([() => json({}, 503), () => json({}, 503), () => json({ ok: 1 })]);
    expect(await client({ fetch: f, auth: { bearer: 'a' }, retry: fast }).getPostById({ id: '1' })).toEqual({ ok: 1 });
    expect(f.calls).toHaveLength(3);
  });

  it('503 and network errors are not retried for POST', async () => {
    const f = fakeFetch(() => json({}, 503));
    await expect(client({ fetch: f, auth: { oauth2: 'u' }, retry: fast }).createPost({ body: {} })).rejects.toMatchObject({ status: 503 });
    const g = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    await expect(client({ fetch: g, auth: { oauth2: 'u' }, retry: fast }).createPost({ body: {} })).rejects.toBeInstanceOf(NetworkError);
    expect(f.calls).toHaveLength(1);
    expect(g.calls).toHaveLength(1);
  });

  it('network errors are retried for GET, then reject as NetworkError with the cause', async () => {
    const cause = new TypeError('fetch failed');
    const f = fakeFetch(() => Promise.reject(cause));
    const e = (await client({ fetch: f, auth: { bearer: 'a' }, retry: fast })
      .getPostById({ id: '1' })
      .then(undefined, (x: unknown) => x)) as NetworkError;
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.cause).toBe(cause);
    expect(f.calls).toHaveLength(4);
  });

  it('backoff doubles with jitter and respects maxDelayMs', async () => {
    const { backoff } = await import('../../generator/src/emit/client/runtime/retry.ts');
    for (let i = 0; i < 50; i++) {
      const d0 = backoff({ baseDelayMs: 100 }, 0);
      const d3 = backoff({ baseDelayMs: 100 }, 3);
      expect(d0).toBeGreaterThanOrEqual(50);
      expect(d0).toBeLessThanOrEqual(100);
      expect(d3).toBeGreaterThanOrEqual(400);
      expect(d3).toBeLessThanOrEqual(800);
      expect(backoff({ baseDelayMs: 100, maxDelayMs: 150 }, 10)).toBeLessThanOrEqual(150);
    }
  });

  it('429 waits until x-rate-limit-reset, then retries (POST too: the request was not processed)', async () => {
    const reset = () => String(Math.ceil(Date.now() / 1000)); // within the next second
    const f = fakeFetch([
      () => json({ title: 'Too Many Requests', type: 'about:blank' }, 429, { 'x-rate-limit-reset': reset() }),
      () => json({ ok: 1 }, 201),
    ]);
    const t0 = Date.now();
    expect(await client({ fetch: f, auth: { oauth2: 'u' } }).createPost({ body: {} })).toEqual({ ok: 1 });
    expect(f.calls).toHaveLength(2);
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it('429 with a reset beyond maxRateLimitWaitMs rejects at once with RateLimitError(reset)', async () => {
    const resetAt = Math.floor(Date.now() / 1000) + 900;
    const f = fakeFetch(() =>
      json({ title: 'Too Many Requests', type: 'about:blank' }, 429, {
        'x-rate-limit-reset': String(resetAt),
        'x-rate-limit-remaining': '0',
      }),
    );
    const e = (await client({ fetch: f, auth: { bearer: 'a' }, retry: { maxRateLimitWaitMs: 1000 } })
      .getPostById({ id: '1' })
      .then(undefined, (x: unknown) => x)) as RateLimitError;
    expect(e).toBeInstanceOf(RateLimitError);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(429);
    expect(e.reset).toEqual(new Date(resetAt * 1000));
    expect(e.rateLimit?.remaining).toBe(0);
    expect(e.message).toContain(new Date(resetAt * 1000).toISOString());
    expect(f.calls).toHaveLength(1);
  });

  it('retry: false sends once', async () => {
    const f = fakeFetch(() => json({}, 503));
    await expect(client({ fetch: f, auth: { bearer: 'a' }, retry: false }).getPostById({ id: '1' })).rejects.toBeInstanceOf(ApiError);
    expect(f.calls).toHaveLength(1);
  });

  it('Retry-After on 503 is honoured', async () => {
    const f = fakeFetch([() => json({}, 503, { 'retry-after': '0' }), () => json({ ok: 1 })]);
    expect(await client({ fetch: f, auth: { bearer: 'a' }, retry: { baseDelayMs: 60_000 } }).getPostById({ id: '1' })).toEqual({ ok: 1 });
  });
});

describe('timeouts and aborts', () => {
  it('a timeout rejects with TimeoutError (retried for GET)', async () => {
    const f = vi.fn(hangingFetch());
    const e = await client({ fetch: f, auth: { bearer: 'a' }, timeoutMs: 20, retry: { retries: 1, baseDelayMs: 1 } })
      .getPostById({ id: '1' })
      .then(undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(TimeoutError);
    expect((e as TimeoutError).timeoutMs).toBe(20);
    expect(f).toHaveBeenCalledTimes(2);
  });

  it('an abort during the request rejects with AbortError carrying the reason, without retrying', async () => {
    const f = vi.fn(hangingFetch());
    const ctl = new AbortController();
    const p = client({ fetch: f, auth: { bearer: 'a' } }).getPostById({ id: '1' }, { signal: ctl.signal });
    setTimeout(() => ctl.abort('stop'), 10);
    const e = await p.then(undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(AbortError);
    expect((e as AbortError).cause).toBe('stop');
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('an abort cancels a rate-limit wait at once', async () => {
    const f = fakeFetch(() => json({}, 429, { 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 30) }));
    const ctl = new AbortController();
    const t0 = Date.now();
    const p = client({ fetch: f, auth: { bearer: 'a' } }).getPostById({ id: '1' }, { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 20);
    await expect(p).rejects.toBeInstanceOf(AbortError);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('an abort cancels a backoff wait', async () => {
    const f = fakeFetch(() => json({}, 503));
    const ctl = new AbortController();
    const p = client({ fetch: f, auth: { bearer: 'a' }, retry: { baseDelayMs: 60_000 } }).getPostById({ id: '1' }, { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 20);
    await expect(p).rejects.toBeInstanceOf(AbortError);
  });

  it('an already aborted signal sends nothing', async () => {
    const f = fakeFetch(() => json({}));
    await expect(
      client({ fetch: f, auth: { bearer: 'a' } }).getPostById({ id: '1' }, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(f.calls).toHaveLength(0);
  });
});

describe('validation through operationValidators', () => {
  const validators = {
    getUserBookmarks: {
      pathParams: () => ({ valid: true as const }),
      query: (q: unknown) =>
        (q as { max_results?: number }).max_results! > 100
          ? { valid: false as const, errors: [{ instancePath: '/max_results', message: 'must be <= 100' }] }
          : { valid: true as const },
      response: (_s: number, _m: string, body: unknown) =>
        Array.isArray((body as { data?: unknown }).data)
          ? { valid: true as const }
          : { valid: false as const, errors: [{ instancePath: '/data', message: 'must be array' }] },
    },
  };
  const load = vi.fn(async () => validators);

  it('request validation fails locally with the validator message, before any request', async () => {
    const f = fakeFetch(() => json({ data: [] }));
    const c = bindOperations(
      [bookmarksOp],
      { baseUrl: base, fetch: f, auth: { oauth2: 'u' }, validate: { request: true } },
      { validators: load },
    ) as Record<string, (a: unknown) => Promise<unknown>>;
    const e = (await c.getUserBookmarks({ id: '1', max_results: 101 }).then(undefined, (x: unknown) => x)) as RequestValidationError;
    expect(e).toBeInstanceOf(RequestValidationError);
    expect(e.message).toBe('getUserBookmarks: invalid query: query/max_results must be <= 100');
    expect(e.errors[0].message).toBe('must be <= 100');
    expect(f.calls).toHaveLength(0);
    await c.getUserBookmarks({ id: '1', max_results: 100 });
    expect(f.calls).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('response validation rejects a body that does not match', async () => {
    const f = fakeFetch(() => json({ data: 'nope' }));
    const c = bindOperations(
      [bookmarksOp],
      { baseUrl: base, fetch: f, auth: { oauth2: 'u' }, validate: { response: true } },
      { validators: load },
    ) as Record<string, (a: unknown) => Promise<unknown>>;
    await expect(c.getUserBookmarks({ id: '1' })).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('without validate, the validators are never loaded', async () => {
    const lazy = vi.fn(async () => validators);
    const c = bindOperations(
      [bookmarksOp],
      { baseUrl: base, fetch: fakeFetch(() => json({})), auth: { oauth2: 'u' } },
      { validators: lazy },
    ) as Record<string, (a: unknown) => Promise<unknown>>;
    await c.getUserBookmarks({ id: '1', max_results: 1000 });
    expect(lazy).not.toHaveBeenCalled();
  });
});

describe('bindOperations', () => {
  it('requires a baseUrl and never touches prototypes for odd method names', () => {
    expect(() => bindOperations([], {} as RuntimeOptions)).toThrow(/baseUrl/);
    const c = bindOperations([{ id: '__proto__', method: 'GET', path: '/' }], { baseUrl: base }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(typeof Object.getOwnPropertyDescriptor(c, '__proto__')?.value).toBe('function');
  });

  it('createRuntime exposes its options', () => {
    expect(createRuntime({ baseUrl: base }).options.baseUrl).toBe(base);
  });
});

describe('per-call options', () => {
  it('a call refines the client retry options; retry: false on the call turns them off', async () => {
    const f = fakeFetch(() => json({}, 503));
    const c = client({ fetch: f, auth: { bearer: 'a' }, retry: { retries: 1, baseDelayMs: 1 } });
    await expect(c.getPostById({ id: '1' }, { retry: { retries: 3 } })).rejects.toBeInstanceOf(ApiError);
    expect(f.calls).toHaveLength(4); // baseDelayMs 1 from the client, retries 3 from the call
    await expect(c.getPostById({ id: '1' }, { retry: false })).rejects.toBeInstanceOf(ApiError);
    expect(f.calls).toHaveLength(5);
  });

  it('a call timeout overrides the client one', async () => {
    const c = client({ fetch: hangingFetch(), auth: { bearer: 'a' }, timeoutMs: 60_000, retry: false });
    const t0 = Date.now();
    await expect(c.getPostById({ id: '1' }, { timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
