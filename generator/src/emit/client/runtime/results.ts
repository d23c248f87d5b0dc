/**
 * The `results` feature: `throwOnError: false` (the client's or a call's option) makes a call resolve to
 * `{ data, error, response }` (an `ApiResult`) instead of rejecting with `ApiError`. `createClient` has it
 * built in; `createCore` has it only when given `{ results }` (its option types refuse `throwOnError: false`
 * without it, and such a call throws a `TypeError` before sending), so a bundle that does not pass it does
 * not carry it.
 */
import { ApiError } from './errors.js';
import type { ApiResponse, ApiResult, ResultPromise } from './types.js';

/** What the feature is: a send's outcome as a result promise. */
export type Results = typeof results;

/**
 * Wraps a send into what the methods return with `throwOnError: false`: the answer, or a failed status's
 * error body, as an `ApiResult`. Failures without a response (network, timeout, abort, credentials,
 * validation) still reject: there is no status or body to report.
 */
export function results<T, S extends number = number, E = unknown>(
  sent: Promise<ApiResponse<unknown>>,
): ResultPromise<T, S, E> {
  const result = sent.then(
    (r) => ({ ...r, error: undefined }),
    (e: unknown) => {
      if (!(e instanceof ApiError) || !e.response) throw e;
      const { body: error, status, headers, rateLimit, response } = e;
      return { data: undefined, error, status, headers, rateLimit, response };
    },
  ) as Promise<ApiResult<T, S, E>>;
  return Object.assign(result, { withResponse: () => result });
}
