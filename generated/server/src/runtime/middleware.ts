/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * Server middleware: ordered async hooks around a handler (see `ServerMiddleware` in types.ts). They run
 * after routing, authentication, parsing and validation, with the handler's own context, so a hook sees
 * typed, checked values. Onion order as on the client: `onRequest` first-registered first, `onResponse`
 * and `onError` last-registered first, each only for the middleware whose `onRequest` stage was reached.
 *
 * Whatever a hook or the handler throws goes to the `onError` hooks; one that returns a result answers
 * with it. An error nobody maps is reported (`options.onError`) and answered with a 500 problem: a hook
 * never turns into an unhandled failure.
 */
import type { ProblemFactory } from './problems.js';
import type { AnyHandler, HandlerContext, HandlerResult, ServerMiddleware } from './types.js';

export interface HookRun {
  operation: string;
  /** The operation's idempotency key header (the table's), passed on to the hooks. */
  idempotencyKey?: string;
  handler: AnyHandler;
  problems: ProblemFactory;
  report(error: unknown): void;
}

const isResult = (value: unknown): value is HandlerResult =>
  typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number';

function checked(value: unknown, hook: string): HandlerResult | undefined {
  if (value === undefined || value === null) return undefined;
  if (isResult(value)) return value;
  throw new TypeError(`${hook} must return a result ({ status, body?, headers? }) or nothing`);
}

/** The handler with the middleware around it; never rejects. */
export async function runWithMiddleware(
  list: readonly ServerMiddleware[],
  context: HandlerContext,
  run: HookRun,
): Promise<HandlerResult> {
  const base = {
    operation: run.operation,
    context,
    ...(run.idempotencyKey === undefined ? {} : { idempotencyKey: run.idempotencyKey }),
  };
  let entered = 0;
  try {
    let result: HandlerResult | undefined;
    for (const m of list) {
      entered++;
      if (m.onRequest) result = checked(await m.onRequest(base), 'onRequest');
      if (result) break;
    }
    result ??= await run.handler(context);
    for (let i = entered - 1; i >= 0; i--) {
      const hook = list[i]!.onResponse;
      if (hook) result = checked(await hook({ ...base, result: result! }), 'onResponse') ?? result;
    }
    return result!;
  } catch (thrown) {
    let error = thrown;
    for (let i = entered - 1; i >= 0; i--) {
      const hook = list[i]!.onError;
      if (!hook) continue;
      try {
        const mapped = checked(await hook({ ...base, error }), 'onError');
        if (mapped) return mapped;
      } catch (again) {
        error = again;
      }
    }
    run.report(error);
    return run.problems.aboutBlank(500);
  }
}
