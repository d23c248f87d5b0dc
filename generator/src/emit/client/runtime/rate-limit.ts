/**
 * The `rateLimits` feature: a response's (and an error's) `rateLimit` from the headers the spec names, and
 * a 429 rejected as a `RateLimitError` carrying its reset. `createClient` has it built in; `createCore` has
 * it only when given `{ rateLimits }` (without it a 429 is an `ApiError` and `rateLimit` is undefined).
 */
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

export interface RateLimits {
  read: typeof rateLimitOf;
  /** A 429 as the error the call rejects with. */
  error(id: string, headers: Headers, body: unknown, rateLimit: RateLimit | undefined): ApiError;
}

/** The `rateLimits` feature (see the top of this file). */
export const rateLimits: RateLimits = {
  read: rateLimitOf,
  error: (id, headers, body, rateLimit) => new RateLimitError(id, headers, body, rateLimit),
};
