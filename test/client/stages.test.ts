/**
 * The client's send, piece by piece: the core alone (one attempt, no features), and each feature alone
 * around a fake send (retries and their delays, rate limits, timeouts, middleware) — what the composed
 * client (core.test.ts) is made of.
 */
import { describe, expect, it } from 'vitest';
import { createRuntime, type Runtime, type Send, type Sent } from '../../generator/src/emit/client/runtime/core.ts';
import { mediating } from '../../generator/src/emit/client/runtime/mediate.ts';
import { runMiddleware } from '../../generator/src/emit/client/runtime/middleware.ts';
import { rateLimits } from '../../generator/src/emit/client/runtime/rate-limit.ts';
import { delay, retries, retryDelay, retryPolicy } from '../../generator/src/emit/client/runtime/retry.ts';
import { timeouts } from '../../generator/src/emit/client/runtime/timeout.ts';
import { AbortError, ApiError, CredentialsError, NetworkError, RateLimitError, TimeoutError } from '../../generator/src/emit/client/runtime/errors.ts';
import type { RuntimeOptions } from '../../generator/src/emit/client/runtime/types.ts';
import { createPostOp, fakeFetch, hangingFetch, json, lookupOp } from './helpers.ts';

const base: RuntimeOptions = { baseUrl: 'https://api.test', auth: { oauth2: 'tok', bearer: 'app' } };

describe('the core alone (createRuntime without features): one attempt', () => {
  it('builds URL, merged headers, a JSON body with its type, and credentials by the security requirement', async () => {
    const f = fakeFetch(() => json({ data: 1 }, 201));
    const rt = createRuntime({ ...base, fetch: f, headers: { 'x-client': '1' } });
    const sent = await rt.send(createPostOp, { body: { text: 'hi' } }, { headers: { 'x-call': '2' } });
    expect(sent).toMatchObject({ data: { data: 1 }, status: 201 });
    expect(f.calls[0].url).toBe('https://api.test/2/posts');
    expect(f.calls[0].body).toBe('{"text":"hi"}');
    expect(Object.fromEntries(f.calls[0].headers)).toEqual({
      'x-client': '1',
      'x-call': '2',
      'content-type': 'application/json',
      authorization: 'Bearer tok',
    });
  });

  it('fails before any request without usable credentials, or with an aborted signal', async () => {
    const f = fakeFetch(() => json({}));
    await expect(createRuntime({ baseUrl: 'https://api.test', fetch: f }).send(createPostOp, {})).rejects.toThrow(CredentialsError);
    const ctl = new AbortController();
    ctl.abort('stop');
    await expect(createRuntime({ ...base, fetch: f }).send(lookupOp, { id: '1' }, { signal: ctl.signal })).rejects.toThrow(AbortError);
    expect(f.calls).toHaveLength(0);
  });

  it('a failed status is an ApiError (a 429 too), a network failure a NetworkError: no second attempt', async () => {
    const f = fakeFetch(() => json({ title: 'slow down' }, 429));
    const e = await createRuntime({ ...base, fetch: f }).send(lookupOp, { id: '1' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).not.toBeInstanceOf(RateLimitError);
    expect((e as ApiError).status).toBe(429);
    const down = (async () => {
      throw new TypeError('connect ECONNREFUSED');
    }) as typeof fetch;
    await expect(createRuntime({ ...base, fetch: down }).send(lookupOp, { id: '1' })).rejects.toThrow(NetworkError);
    expect(f.calls).toHaveLength(1);
  });
});

/** A send that answers with `outcomes` in turn (a Sent, or an error to throw), recording the calls it got. */
function scripted(outcomes: (Sent | Error)[]) {
  const calls: { attempt: number | undefined; signal: AbortSignal | undefined }[] = [];
  const send: Send = async (_op, _args, call) => {
    const out = outcomes[Math.min(calls.length, outcomes.length - 1)]!;
    calls.push({ attempt: call.attempt, signal: call.signal });
    if (out instanceof Error) throw out;
    return out;
  };
  return Object.assign(send, { calls });
}

const rtWith = (options: Partial<RuntimeOptions> = {}) => ({ options: { ...base, ...options }, features: {} }) as Runtime;
const ok = (headers: Record<string, string> = {}): Sent => {
  const response = json({ ok: true }, 200, headers);
  return { data: { ok: true }, status: 200, headers: response.headers, response, rateLimit: undefined };
};
const failed = (status: number, headers: Record<string, string> = {}) => new ApiError('getPostById', status, new Headers(headers), undefined);

describe('retries', () => {
  it('tries again after network failures, timeouts and 503s (numbering the attempts); gives up after `retries`', async () => {
    const inner = scripted([new NetworkError('getPostById', 'down'), new TimeoutError('getPostById', 5), failed(503), ok()]);
    const send = retries(inner, rtWith({ retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 1 } }));
    expect((await send(lookupOp, { id: '1' }, {})).status).toBe(200);
    expect(inner.calls.map((c) => c.attempt)).toEqual([undefined, 1, 2, 3]);
    const always = scripted([failed(503)]);
    await expect(retries(always, rtWith({ retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } }))(lookupOp, {}, {})).rejects.toThrow(ApiError);
    expect(always.calls).toHaveLength(2);
  });

  it('does not retry what is not transient: credentials, aborts, other statuses, and non-idempotent requests after a network failure', async () => {
    for (const error of [new CredentialsError('x', 'no'), new AbortError('x', 'aborted'), failed(500), new Error('hook')]) {
      const inner = scripted([error]);
      await expect(retries(inner, rtWith({ retry: { baseDelayMs: 1 } }))(lookupOp, {}, {})).rejects.toBe(error);
      expect(inner.calls).toHaveLength(1);
    }
    const post = scripted([new NetworkError('createPost', 'down')]);
    await expect(retries(post, rtWith())(createPostOp, {}, {})).rejects.toThrow(NetworkError);
    expect(post.calls).toHaveLength(1);
  });

  it('the policy: the call refines the client; false turns retries off; a stream body is sent once', () => {
    expect(retryPolicy(base, {}, createPostOp)).toMatchObject({ retries: 2, idempotent: false });
    expect(retryPolicy(base, { retry: false }, lookupOp).retries).toBe(0);
    expect(retryPolicy({ ...base, retry: false }, { retry: { retries: 4 } }, lookupOp).retries).toBe(4);
    expect(retryPolicy(base, {}, createPostOp, { body: new ReadableStream() }).retries).toBe(0);
  });

  it('a write carrying an idempotency key is retried like a PUT, and after a 409 (the first still running)', () => {
    const keyed = retryPolicy(base, { idempotent: true, retry: { baseDelayMs: 10, maxDelayMs: 10 } }, createPostOp);
    expect(keyed).toMatchObject({ idempotent: true, keyed: true });
    expect(retryDelay(keyed, new Response(null, { status: 409 }), undefined, 0)).toBeGreaterThan(0);
    expect(retryDelay(keyed, new Response(null, { status: 503 }), undefined, 0)).toBeGreaterThan(0);
    const plain = retryPolicy(base, { retry: { baseDelayMs: 10, maxDelayMs: 10 } }, createPostOp);
    expect(retryDelay(plain, new Response(null, { status: 409 }), undefined, 0)).toBeUndefined();
    expect(retryDelay(plain, new Response(null, { status: 503 }), undefined, 0)).toBeUndefined();
    // A GET's 409 is a real conflict: not retried.
    const get = retryPolicy(base, { retry: { baseDelayMs: 10, maxDelayMs: 10 } }, lookupOp);
    expect(retryDelay(get, new Response(null, { status: 409 }), undefined, 0)).toBeUndefined();
  });

  const p = retryPolicy(base, { retry: { maxRateLimitWaitMs: 1000, baseDelayMs: 10, maxDelayMs: 10 } }, lookupOp);
  it('429: waits until the reset when it is close enough, else gives up', () => {
    const soon = { reset: new Date(Date.now() + 500) };
    expect(retryDelay(p, new Response(null, { status: 429 }), soon, 0)).toBeGreaterThan(0);
    expect(retryDelay(p, new Response(null, { status: 429 }), { reset: new Date(Date.now() + 60_000) }, 0)).toBeUndefined();
    expect(retryDelay(p, new Response(null, { status: 429, headers: { 'retry-after': '0' } }), undefined, 0)).toBe(0);
    // The spec's reset header, read from the error when the rateLimits feature did not.
    expect(delay(p, { ...lookupOp, rateLimit: { reset: 'x-reset' } }, failed(429, { 'x-reset': String(Date.now() / 1000 + 0.5) }), 0)).toBeGreaterThan(0);
  });

  it('503: backoff for idempotent requests only; other statuses are not retried', () => {
    const d = retryDelay(p, new Response(null, { status: 503 }), undefined, 0)!;
    expect(d).toBeGreaterThanOrEqual(5);
    expect(d).toBeLessThanOrEqual(10);
    const post = retryPolicy(base, {}, createPostOp);
    expect(retryDelay(post, new Response(null, { status: 503 }), undefined, 0)).toBeUndefined();
    expect(retryDelay(p, new Response(null, { status: 500 }), undefined, 0)).toBeUndefined();
  });
});

describe('rateLimits', () => {
  const op = { ...lookupOp, rateLimit: { limit: 'x-limit', reset: 'x-reset' } };
  it('reads the spec’s headers onto answers and errors; a 429 becomes a RateLimitError', async () => {
    const sent = await rateLimits(scripted([ok({ 'x-limit': '10' })]), rtWith())(op, {}, {});
    expect(sent.rateLimit).toEqual({ limit: 10, remaining: undefined, reset: undefined });
    const e = await rateLimits(scripted([failed(429, { 'x-reset': '1700000000' })]), rtWith())(op, {}, {}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RateLimitError);
    expect((e as RateLimitError).reset).toEqual(new Date(1700000000 * 1000));
    const e404 = await rateLimits(scripted([failed(404, { 'x-limit': '3' })]), rtWith())(op, {}, {}).catch((x: unknown) => x);
    expect(e404).not.toBeInstanceOf(RateLimitError);
    expect((e404 as ApiError).rateLimit?.limit).toBe(3);
  });
});

describe('timeouts', () => {
  it('aborts an attempt after timeoutMs as a TimeoutError; the caller’s signal still aborts it as an AbortError', async () => {
    const rt = createRuntime({ ...base, fetch: hangingFetch(), timeoutMs: 5 }, { timeouts });
    await expect(rt.send(lookupOp, { id: '1' })).rejects.toThrow(TimeoutError);
    const ctl = new AbortController();
    const pending = rt.send(lookupOp, { id: '1' }, { signal: ctl.signal, timeoutMs: 10_000 });
    ctl.abort('stop');
    const e = await pending.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AbortError);
    expect((e as AbortError).cause).toBe('stop');
  });

  it('0 disables it: the send inside gets the caller’s signal as is', async () => {
    const inner = scripted([ok()]);
    const signal = new AbortController().signal;
    await timeouts(inner, rtWith({ timeoutMs: 0 }))(lookupOp, {}, { signal });
    expect(inner.calls[0]!.signal).toBe(signal);
  });
});

describe('middleware', () => {
  it('sends each attempt through the hooks; a hook’s error is rejected as thrown, not as a NetworkError', async () => {
    const sentHeaders: (string | null)[] = [];
    const f = (async (input: Request) => (sentHeaders.push(input.headers.get('x-mw')), json({}))) as unknown as typeof fetch;
    const seen: number[] = [];
    const middleware = mediating(async () => runMiddleware);
    const rt = createRuntime(
      { ...base, fetch: f, middleware: [{ onRequest: ({ attempt, request }) => (seen.push(attempt), new Request(request, { headers: { 'x-mw': '1' } })) }] },
      { middleware },
    );
    await rt.send(lookupOp, { id: '1' });
    expect(seen).toEqual([0]);
    expect(sentHeaders).toEqual(['1']);
    const boom = new Error('boom');
    const failing = createRuntime({ ...base, fetch: f, middleware: [{ onRequest: () => { throw boom; } }] }, { middleware });
    await expect(failing.send(lookupOp, { id: '1' })).rejects.toBe(boom);
  });
});
