/**
 * Turns the generated operation table into the client object: one method per operation (a streaming one
 * returns an async generator of events), and `paginate.<method>` for paginated ones. The methods' types
 * come from the generated `Client` interface; this file only wires them.
 */
import { apiPromise, createRuntime, type Runtime } from './core.js';
import { paginate } from './paginate.js';
import { stream } from './stream.js';
import type { OperationSpec, RuntimeOptions, ValidatorsLoader } from './types.js';

type Method = (args?: Record<string, unknown>, options?: object) => unknown;

export function bindOperations(operations: readonly OperationSpec[], options: RuntimeOptions, loadValidators?: ValidatorsLoader): unknown {
  if (!options || typeof options.baseUrl !== 'string') throw new TypeError('createClient: baseUrl is required');
  const rt: Runtime = createRuntime(options, loadValidators);
  const client: Record<string, unknown> = {};
  const pages: Record<string, unknown> = {};
  const define = (target: Record<string, unknown>, name: string, value: Method) =>
    Object.defineProperty(target, name, { value, enumerable: true });
  for (const op of operations) {
    define(client, op.id, op.stream ? (args, o) => stream(rt, op, args, o) : (args, o) => apiPromise(rt.send(op, args, o)));
    if (op.paginate) define(pages, op.id, (args, o) => paginate(rt, op, args, o));
  }
  Object.defineProperty(client, 'paginate', { value: pages });
  return client;
}
