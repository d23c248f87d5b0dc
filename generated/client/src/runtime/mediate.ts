/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The `middleware` feature: when the client's `middleware` or the call's has hooks, each attempt's fetch
 * goes through them (the runner, middleware.ts, loaded on first use). A hook's error is what the call
 * rejects with, as thrown: never a `NetworkError`, never retried. `createClient` has it built in;
 * `createCore` has it only when given `{ middleware }`, so a bundle that does not pass it does not carry it.
 */
import type { Args, Call, Feature, Runtime, Send, Sent } from './core.js';
import type { runMiddleware } from './middleware.js';
import type { Middleware, OperationSpec } from './types.js';

type Runner = typeof runMiddleware;

/** The feature over a loader of the runner (`() => import('./middleware.js').then((m) => m.runMiddleware)`). */
export function mediating(load: () => Promise<Runner>): Feature {
  return (next, rt) => (op, args, call) => {
    const list = [...(rt.options.middleware ?? []), ...(call.middleware ?? [])];
    // Without hooks the attempt goes straight on (no extra promise on the common path).
    return list.length ? mediate(load, list, next, rt, op, args, call) : next(op, args, call);
  };
}

async function mediate(
  load: () => Promise<Runner>,
  list: Middleware[],
  next: Send,
  rt: Runtime,
  op: OperationSpec,
  args: Args | undefined,
  call: Call,
): Promise<Sent> {
  const run = await load();
  const fetchFn = call.fetch ?? rt.options.fetch ?? globalThis.fetch;
  let hook: { hookError: unknown } | undefined;
  const mediated = async (url: RequestInfo | URL, init?: RequestInit) => {
    const out = await run(list, String(url), init ?? {}, {
      operation: op.id,
      attempt: call.attempt ?? 0,
      fetch: fetchFn,
    });
    if ('hookError' in out) throw (hook = out);
    return out.response;
  };
  try {
    return await next(op, args, { ...call, fetch: mediated as typeof fetch });
  } catch (e) {
    throw hook ? hook.hookError : e;
  }
}
