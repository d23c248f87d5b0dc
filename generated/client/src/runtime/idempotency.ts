/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The feature of operations that take an idempotency key (on their table entries only, `idempotencyKey`:
 * the header's name). Once per logical call, outside the retries: unless the caller gave a key (the header
 * parameter, or the header in the call's or the client's `headers`), a fresh `crypto.randomUUID()` goes in
 * the header, so every retry of the call carries the same key; and the call is marked idempotent, so the
 * retries feature tries the write again after a network failure, a timeout or a 503 like a `PUT`. A server
 * that deduplicates by the key answers a repeated write with the first answer instead of acting twice.
 */
import type { Feature } from './core.js';
import { headerRecord } from './serialize.js';

export const idempotency: Feature = (next, rt) => (op, args, call) => {
  const name = op.idempotencyKey!.toLowerCase();
  const param = op.params?.find((p) => p.in === 'header' && p.name.toLowerCase() === name);
  const given =
    (param && args?.[param.key ?? param.name] != null) ||
    headerRecord(call.headers)[name] !== undefined ||
    headerRecord(rt.options.headers)[name] !== undefined;
  const headers = given ? call.headers : { ...headerRecord(call.headers), [name]: globalThis.crypto.randomUUID() };
  return next(op, args, { ...call, headers, idempotent: true });
};
