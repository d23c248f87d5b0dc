/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Turns the generated operation table into the client object: one method per operation, and
 * `paginate.<method>` for paginated ones. Streaming and pagination are passed in by the generated client
 * only when the spec has such operations, so a client without them does not carry their code. The
 * methods' types come from the generated `Client` interface; this file only wires them.
 *
 * The whole client binds every operation of the spec; a bundle that wants only the operations it calls
 * uses the standalone operation functions over `createCore` instead (each a `call`, see core.ts).
 */
import { call, createRuntime } from './core.js';
import { errorDetails } from './error-details.js';
import { extraQuery } from './extra-query.js';
import { RequestValidationError, ResponseValidationError } from './errors.js';
import { mediating } from './mediate.js';
import { rateLimits } from './rate-limit.js';
import { results } from './results.js';
import { retries } from './retry.js';
import { timeouts } from './timeout.js';
import { validating } from './validation.js';
import type { paginate as paginateFn } from './paginate.js';
import type { streams as streamsFn } from './stream.js';
import type { OperationSpec, PaginationSpec, RuntimeOptions, ValidatorsLoader } from './types.js';

export interface Features {
  /** `() => import(validators package).operationValidators`, loaded (with validate.ts) only when validation is on. */
  validators?: ValidatorsLoader;
  /** The streaming method (`streams({ sse: sseFraming, ... })`), when the spec has streamed answers. */
  stream?: ReturnType<typeof streamsFn>;
  paginate?: typeof paginateFn;
  /** How each paginated operation pages, by method (the generated `paginations`; an entry's own `paginate` otherwise). */
  paginations?: Readonly<Record<string, PaginationSpec>>;
}

type Method = (args?: Record<string, unknown>, options?: object) => unknown;

export function bindOperations(
  operations: readonly OperationSpec[],
  options: RuntimeOptions,
  features: Features = {},
): unknown {
  const { stream, paginate, paginations, validators } = features;
  const validation =
    validators &&
    validating(() =>
      import('./validate.js').then((m) => m.checker(validators, { RequestValidationError, ResponseValidationError })),
    );
  // The whole client carries every feature (retries, rate limits and timeouts on by default, as documented;
  // error details, results for `throwOnError: false`, the `query` option); middleware's runner still loads
  // only on first use.
  const middleware = mediating(() => import('./middleware.js').then((m) => m.runMiddleware));
  const all = { errorDetails, results, extraQuery, validation, middleware, retries, rateLimits, timeouts };
  const rt = createRuntime(options, all);
  const client: Record<string, unknown> = {};
  const pages: Record<string, unknown> = {};
  const define = (target: Record<string, unknown>, name: string, value: Method) =>
    Object.defineProperty(target, name, { value, enumerable: true });
  for (const op of operations) {
    const plain: Method = (args, o) => call(rt, op, args, o);
    const when = op.stream?.when;
    // Dual-mode operations stream only when the call's body asks for it (`stream: true`).
    const streamed: Method | undefined = op.stream && stream && ((args, o) => stream(rt, op, args, o));
    define(
      client,
      op.id,
      !streamed
        ? plain
        : when
          ? (args, o) =>
              ((args?.body as Record<string, unknown> | undefined)?.[when] === true ? streamed : plain)(args, o)
          : streamed,
    );
    const spec = paginations && Object.hasOwn(paginations, op.id) ? paginations[op.id] : op.paginate;
    const paged = spec && { ...op, paginate: spec };
    if (paged && paginate) define(pages, op.id, (args, o) => paginate(rt, paged, args, o));
  }
  return Object.defineProperty(client, 'paginate', { value: pages });
}
