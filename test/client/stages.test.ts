/**
 * The client's send loop, stage by stage: prepare, sendOnce (one attempt), retryDelay (the `retries`
 * feature), decodeFailure — each alone, with a fake fetch.
 */
import { describe, expect, it } from 'vitest';
import { decodeFailure, prepare, sendOnce } from '../../generator/src/emit/client/runtime/core.ts';
import { rateLimits } from '../../generator/src/emit/client/runtime/rate-limit.ts';
import { retryDelay, retryPolicy } from '../../generator/src/emit/client/runtime/retry.ts';
import { timeouts } from '../../generator/src/emit/client/runtime/timeout.ts';
import { AbortError, ApiError, CredentialsError, NetworkError, RateLimitError, TimeoutError } from '../../generator/src/emit/client/runtime/errors.ts';
import type { RuntimeOptions } from '../../generator/src/emit/client/runtime/types.ts';
import { createPostOp, fakeFetch, hangingFetch, json, lookupOp } from './helpers.ts';

const base: RuntimeOptions = { baseUrl: 'https://api.test', auth: { oauth2: 'tok', bearer: 'app' } };

describe('prepare', () => {
  it('builds URL, merged headers, a JSON body with its type, and the credentials plan', () => {
    const p = prepare({ ...base, headers: { 'x-client': '1' } }, { 'x-client': '1' }, createPostOp, { body: { text: 'hi' } }, { headers: { 'x-call': '2' } });
    expect(p.url).toBe('https://api.test/2/posts');
    expect(p.payload).toBe('{"text":"hi"}');
    expect({ ...p.headers }).toEqual({ 'x-client': '1', 'x-call': '2', 'content-type': 'application/json' });
    expect(p.plan).toEqual(['oauth2']);
    expect(retryPolicy(p).idempotent).toBe(false);
    expect(retryPolicy(p).retries).toBe(2);
  });

  it('fails before any request without usable credentials; retry false turns retries off', () => {
    expect(() => prepare({ baseUrl: 'https://api.test' }, undefined, createPostOp, {}, {})).toThrow(CredentialsError);
    expect(retryPolicy(prepare(base, undefined, lookupOp, { id: '1' }, { retry: false })).retries).toBe(0);
  });

  it('an aborted signal stops it at once', () => {
    const ctl = new AbortController();
    ctl.abort('stop');
    expect(() => prepare(base, undefined, lookupOp, { id: '1' }, { signal: ctl.signal })).toThrow(AbortError);
  });
});

describe('sendOnce', () => {
  it('applies the credentials and reads the JSON body', async () => {
    const f = fakeFetch(() => json({ data: 1 }));
    const p = prepare({ ...base, fetch: f }, undefined, lookupOp, { id: '1' }, {});
    const sent = await sendOnce({ ...base, fetch: f }, p, false, undefined);
    expect(sent).toMatchObject({ data: { data: 1 } });
    expect(f.calls[0].headers.get('authorization')).toBe('Bearer app');
  });

  it('a network error and a timeout (with the timeouts feature) are failures to retry, not throws', async () => {
    const down = (async () => {
      throw new TypeError('connect ECONNREFUSED');
    }) as typeof fetch;
    const p = prepare(base, undefined, lookupOp, { id: '1' }, {});
    expect(await sendOnce({ ...base, fetch: down }, p, false, undefined)).toMatchObject({ failure: expect.any(NetworkError) });
    const slow = prepare(base, undefined, lookupOp, { id: '1' }, { timeoutMs: 5 });
    expect(await sendOnce({ ...base, fetch: hangingFetch() }, slow, false, { timeouts })).toMatchObject({ failure: expect.any(TimeoutError) });
  });
});

describe('retryDelay', () => {
  const p = retryPolicy(prepare(base, undefined, lookupOp, { id: '1' }, { retry: { maxRateLimitWaitMs: 1000, baseDelayMs: 10, maxDelayMs: 10 } }));
  it('429: waits until the reset when it is close enough, else gives up', () => {
    const soon = { reset: new Date(Date.now() + 500) };
    expect(retryDelay(p, new Response(null, { status: 429 }), soon, 0)).toBeGreaterThan(0);
    expect(retryDelay(p, new Response(null, { status: 429 }), { reset: new Date(Date.now() + 60_000) }, 0)).toBeUndefined();
    expect(retryDelay(p, new Response(null, { status: 429, headers: { 'retry-after': '0' } }), undefined, 0)).toBe(0);
  });

  it('503: backoff for idempotent requests only; other statuses are not retried', () => {
    const d = retryDelay(p, new Response(null, { status: 503 }), undefined, 0)!;
    expect(d).toBeGreaterThanOrEqual(5);
    expect(d).toBeLessThanOrEqual(10);
    const post = retryPolicy(prepare(base, undefined, createPostOp, {}, {}));
    expect(retryDelay(post, new Response(null, { status: 503 }), undefined, 0)).toBeUndefined();
    expect(retryDelay(p, new Response(null, { status: 500 }), undefined, 0)).toBeUndefined();
  });
});

describe('decodeFailure', () => {
  it('429 is a RateLimitError (with the rateLimits feature), anything else an ApiError with the body', () => {
    expect(decodeFailure('op', new Response(null, { status: 429 }), undefined, undefined, rateLimits)).toBeInstanceOf(RateLimitError);
    const plain = decodeFailure('op', new Response(null, { status: 429 }), undefined, undefined);
    expect(plain).toBeInstanceOf(ApiError);
    expect(plain).not.toBeInstanceOf(RateLimitError);
    expect(plain.status).toBe(429);
    const e = decodeFailure('op', new Response(null, { status: 404 }), { title: 'x' }, undefined);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).not.toBeInstanceOf(RateLimitError);
    expect(e.status).toBe(404);
  });
});
