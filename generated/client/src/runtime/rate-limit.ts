/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The `rateLimits` feature: a response's (and an error's) `rateLimit` from the headers the spec names, and
 * a 429 rejected as a `RateLimitError` carrying its reset. `createClient` has it built in; `createCore` has
 * it only when given `{ rateLimits }` (without it a 429 is an `ApiError` and `rateLimit` is undefined).
 */
import type { Feature } from './core.js';
import { ApiError, RateLimitError } from './errors.js';
import type { RateLimit, RateLimitHeaders } from './types.js';

const num = (h: Headers, name: string) => {
  const v = h.get(name);
  return v?.trim() && !isNaN(+v) ? +v : undefined;
};

/** The rate-limit headers the spec names (`names`), or `undefined` when none is present. */
export function rateLimitOf(h: Headers, names: RateLimitHeaders | undefined): RateLimit | undefined {
  if (!names) return undefined;
  const limit = names.limit ? num(h, names.limit) : undefined;
  const remaining = names.remaining ? num(h, names.remaining) : undefined;
  const reset = names.reset ? num(h, names.reset) : undefined;
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return { limit, remaining, reset: reset === undefined ? undefined : new Date(reset * 1000) };
}

/** The `rateLimits` feature (see the top of this file). */
export const rateLimits: Feature = (next) => async (op, args, call) => {
  try {
    const sent = await next(op, args, call);
    return { ...sent, rateLimit: rateLimitOf(sent.headers, op.rateLimit) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const rateLimit = rateLimitOf(e.headers, op.rateLimit);
    if (e.status === 429) throw new RateLimitError(op.id, e.headers, e.body, rateLimit, e.response);
    throw Object.assign(e, { rateLimit });
  }
};
