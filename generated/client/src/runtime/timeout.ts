/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The `timeouts` feature: each attempt (for bodies the caller reads, `parseAs` `stream` or `response`: until
 * the response headers) is aborted after `timeoutMs` (the call's, else the client's, default 30 s; 0
 * disables) and fails with a `TimeoutError`. `createClient` has it built in; `createCore` has it only when
 * given `{ timeouts }`, so a bundle that does not pass it does not carry it.
 */
import type { Feature } from './core.js';
import { TimeoutError } from './errors.js';

/** The `timeouts` feature (see the top of this file): the send inside it gets a signal the timer aborts. */
export const timeouts: Feature = (next, rt) => async (op, args, call) => {
  const ms = call.timeoutMs ?? rt.options.timeoutMs ?? 30_000;
  if (!(ms > 0)) return next(op, args, call);
  const { signal } = call;
  const ctl = new AbortController();
  // The caller's signal still aborts the attempt (and a body the caller reads later).
  const forward = () => ctl.abort(signal!.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  let fired = false;
  const timer = setTimeout(() => ((fired = true), ctl.abort()), ms);
  const unread = call.parseAs === 'stream' || call.parseAs === 'response';
  try {
    const sent = await next(op, args, { ...call, signal: ctl.signal });
    if (!unread) signal?.removeEventListener('abort', forward);
    return sent;
  } catch (e) {
    signal?.removeEventListener('abort', forward);
    throw fired ? new TimeoutError(op.id, ms) : e;
  } finally {
    clearTimeout(timer);
  }
};
