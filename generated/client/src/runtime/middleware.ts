/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Client middleware: ordered async hooks around each attempt's `fetch` (see `Middleware` in types.ts).
 * Loaded by core.ts only when the client or the call has middleware, so a program without any does not
 * bundle this module in its initial chunk.
 *
 * Onion order, as most HTTP stacks do it: `onRequest` runs first-registered first, `onResponse` and
 * `onError` last-registered first, so the first middleware sees the request first and the response last
 * (a timing or logging middleware registered first measures everything the others do).
 */
import type { Middleware } from './types.js';

/** What the runner hands back: the response, or the error a hook threw (rethrown as is, never retried). */
export type Mediated = { response: Response } | { hookError: unknown };

export interface MiddlewareRun {
  operation: string;
  attempt: number;
  fetch: typeof fetch;
}

/** Whether a request body can be sent twice (a stream is read once: no clone, no replay). */
function replayable(init: RequestInit): boolean {
  return !(typeof ReadableStream !== 'undefined' && init.body instanceof ReadableStream);
}

/**
 * One attempt through the middleware: the `Request` from `url`/`init` through every `onRequest` (a returned
 * `Request` replaces it, a returned `Response` answers without fetching), `fetch`, then every `onResponse`
 * (a returned `Response` replaces it). A failed fetch, or a throwing hook, goes to `onError`: a returned
 * `Response` recovers, a returned `Error` replaces the error. Fetch failures nobody recovers are thrown
 * (the engine turns them into `NetworkError` and may retry); errors a hook threw come back as `hookError`.
 */
export async function runMiddleware(
  list: readonly Middleware[],
  url: string,
  init: RequestInit,
  run: MiddlewareRun,
): Promise<Mediated> {
  let request = new Request(url, init);
  const base = { operation: run.operation, attempt: run.attempt, fetch: run.fetch };
  let response: Response | undefined;
  let fromHook = false;
  // How many middleware saw the request: only those see the response (or the error), in reverse.
  let entered = 0;
  try {
    for (const m of list) {
      entered++;
      if (!m.onRequest) continue;
      fromHook = true;
      const out = await m.onRequest({ ...base, request });
      fromHook = false;
      if (out instanceof Response) {
        response = out;
        break;
      }
      if (out instanceof Request) request = out;
      else if (out !== undefined) throw new TypeError('onRequest must return a Request, a Response or nothing');
    }
    if (!response) response = await run.fetch(replayable(init) ? request.clone() : request);
    for (let i = entered - 1; i >= 0; i--) {
      const hook = list[i]!.onResponse;
      if (!hook) continue;
      fromHook = true;
      const out = await hook({ ...base, request, response });
      fromHook = false;
      if (out instanceof Response) response = out;
      else if (out !== undefined) throw new TypeError('onResponse must return a Response or nothing');
    }
    return { response };
  } catch (thrown) {
    let error = thrown;
    for (let i = entered - 1; i >= 0; i--) {
      const hook = list[i]!.onError;
      if (!hook) continue;
      let out: unknown;
      try {
        out = await hook({ ...base, request, error });
      } catch (again) {
        return { hookError: again };
      }
      if (out instanceof Response) return { response: out };
      if (out instanceof Error) error = out;
    }
    if (fromHook || error !== thrown) return { hookError: error };
    throw error;
  }
}
