/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The feature of deprecated operations (on their table entries only): the client's `onDeprecated` is told
 * once per client, on the operation's first call.
 */
import type { Feature, Runtime } from './core.js';

/** Deprecated operations already announced, by client. */
const announced = new WeakMap<Runtime, Set<string>>();

export const deprecation: Feature = (next, rt) => (op, args, call) => {
  const on = rt.options.onDeprecated;
  const seen = announced.get(rt) ?? new Set<string>();
  announced.set(rt, seen);
  if (on && op.deprecated && !seen.has(op.id)) {
    seen.add(op.id);
    on(typeof op.deprecated === 'string' ? { operation: op.id, deprecatedAt: op.deprecated } : { operation: op.id });
  }
  return next(op, args, call);
};
