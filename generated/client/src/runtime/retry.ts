/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The `retries` feature: what the `retry` option asks for. Network failures and timeouts of idempotent
 * requests (by method, or writes carrying an idempotency key: idempotency.ts), 503s (after `Retry-After`, or with backoff) and 429s (until the spec's rate-limit reset, or
 * `Retry-After`, when close enough) are tried again. `createClient` has it built in; `createCore` has it
 * only when given `{ retries }`, so a bundle that does not pass it does not carry it.
 */
import type { Args, Call, Feature } from './core.js';
import { AbortError, ApiError, NetworkError, TimeoutError } from './errors.js';
import { rateLimitOf } from './rate-limit.js';
import type { OperationSpec, RateLimit, RetryOptions, RuntimeOptions } from './types.js';

/** The retry policy of a call: the call's `retry` refines the client's; `false` at either level (the call's winning) turns retries off. */
export interface RetryPolicy {
  retry: RetryOptions;
  /** Retries after the first attempt. */
  retries: number;
  idempotent: boolean;
  /** The request carries an idempotency key: a 409 (the server still runs the first request) is retried like a 503. */
  keyed: boolean;
}

/** The idempotent methods an OpenAPI Path Item has a field for (RFC 9110 §9.2.2; QUERY: OAS 3.2). */
const IDEMPOTENT = /^(GET|HEAD|OPTIONS|PUT|DELETE|TRACE|QUERY)$/;

export function retryPolicy(options: RuntimeOptions, call: Call, op: OperationSpec, args?: Args): RetryPolicy {
  const off = call.retry === false || (call.retry === undefined && options.retry === false);
  // A streamed request body is read once: it cannot be sent again.
  const retry: RetryOptions =
    off || (typeof ReadableStream !== 'undefined' && args?.body instanceof ReadableStream)
      ? { retries: 0 }
      : { ...options.retry, ...call.retry };
  const keyed = !!call.idempotent;
  return {
    retry,
    retries: retry.retries ?? 2,
    idempotent: IDEMPOTENT.test(op.method) || op.idempotent === true || keyed,
    keyed,
  };
}

/** retry: how long to wait before the next attempt after a failed response, or undefined to give up. */
export function retryDelay(
  p: RetryPolicy,
  res: Pick<Response, 'status' | 'headers'>,
  rateLimit: RateLimit | undefined,
  attempt: number,
): number | undefined {
  const max = p.retry.maxRateLimitWaitMs ?? 60_000;
  if (res.status === 429) {
    const until = rateLimit?.reset ? rateLimit.reset.getTime() - Date.now() : retryAfter(res.headers);
    return until !== undefined && until <= max ? Math.max(until, 0) : undefined;
  }
  if ((res.status === 503 || (res.status === 409 && p.keyed)) && p.idempotent) {
    const until = retryAfter(res.headers);
    return until === undefined ? backoff(p.retry, attempt) : until <= max ? until : undefined;
  }
  return undefined;
}

/** `Retry-After` (seconds or an HTTP date) in ms from now. */
function retryAfter(h: Headers): number | undefined {
  const v = h.get('retry-after');
  const ms = v ? (isNaN(+v) ? Date.parse(v) - Date.now() : +v * 1000) : NaN;
  return isNaN(ms) ? undefined : Math.max(ms, 0);
}

/** Exponential backoff with equal jitter: half the delay fixed, half random. */
export function backoff(
  r: { baseDelayMs?: number | undefined; maxDelayMs?: number | undefined },
  attempt: number,
): number {
  const d = Math.min(r.maxDelayMs ?? 10_000, (r.baseDelayMs ?? 500) * 2 ** attempt);
  return d / 2 + (Math.random() * d) / 2;
}

/** Resolves after `ms`, or rejects with `AbortError` as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(t);
      reject(new AbortError(id, 'aborted', signal!.reason));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * The wait before attempt `attempt + 1` after attempt `attempt` failed with `error`, or undefined to give
 * up: failed responses (`ApiError`) by `retryDelay`, failures below HTTP (`NetworkError`, `TimeoutError`)
 * with backoff for idempotent requests; anything else (credentials, aborts, hooks) is not retried.
 */
export function delay(policy: RetryPolicy, op: OperationSpec, error: unknown, attempt: number): number | undefined {
  if (attempt >= policy.retries) return undefined;
  if (error instanceof ApiError)
    return retryDelay(policy, error, error.rateLimit ?? rateLimitOf(error.headers, op.rateLimit), attempt);
  return (error instanceof NetworkError || error instanceof TimeoutError) && policy.idempotent
    ? backoff(policy.retry, attempt)
    : undefined;
}

/** The `retries` feature (see the top of this file): the send inside it tried again while `delay` says so. */
export const retries: Feature = (next, rt) => async (op, args, call) => {
  const policy = retryPolicy(rt.options, call, op, args);
  for (let attempt = 0; ; attempt++) {
    try {
      return await next(op, args, attempt ? { ...call, attempt } : call);
    } catch (e) {
      const ms = delay(policy, op, e, attempt);
      if (ms === undefined) throw e;
      await sleep(ms, call.signal, op.id);
    }
  }
};
