/**
 * Turns the generated operation table into the client object: one method per operation, and
 * `paginate.<method>` for paginated ones. Streaming and pagination are passed in by the generated client
 * only when the spec has such operations, so a client without them does not carry their code. The
 * methods' types come from the generated `Client` interface; this file only wires them.
 */
import { apiPromise, createRuntime } from './core.js';
import type { ExtraAuth } from './auth-extra.js';
import type { DateCodec } from './dates.js';
import type { BodyEncoder } from './form.js';
import type { paginate as paginateFn } from './paginate.js';
import type { stream as streamFn } from './stream.js';
import type { OperationSpec, RuntimeOptions, ValidatorsLoader } from './types.js';

export interface Features {
  /** `() => import(validators package).operationValidators`, used only when validation is on. */
  validators?: ValidatorsLoader;
  stream?: typeof streamFn;
  paginate?: typeof paginateFn;
  /** Encoder of form bodies (`encodeForm`), when the spec has any. */
  encodeBody?: BodyEncoder;
  /** `apiKey` and http `basic` credentials (`extraAuth`), when the spec has such schemes. */
  extraAuth?: ExtraAuth;
  /** Date conversion (`dateCodec(datePlans)`), for clients generated with `dates: 'Date'`. */
  dates?: DateCodec;
}

type Method = (args?: Record<string, unknown>, options?: object) => unknown;

export function bindOperations(operations: readonly OperationSpec[], options: RuntimeOptions, features: Features = {}): unknown {
  if (!options || typeof options.baseUrl !== 'string') throw new TypeError('createClient: baseUrl is required');
  const rt = createRuntime(options, features.validators, features.encodeBody, features.extraAuth, features.dates);
  const { stream, paginate } = features;
  const client: Record<string, unknown> = {};
  const pages: Record<string, unknown> = {};
  const define = (target: Record<string, unknown>, name: string, value: Method) =>
    Object.defineProperty(target, name, { value, enumerable: true });
  for (const op of operations) {
    define(client, op.id, op.stream && stream ? (args, o) => stream(rt, op, args, o) : (args, o) => apiPromise(rt.send(op, args, o)));
    if (op.paginate && paginate) define(pages, op.id, (args, o) => paginate(rt, op, args, o));
  }
  return Object.defineProperty(client, 'paginate', { value: pages });
}
