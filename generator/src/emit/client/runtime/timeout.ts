/**
 * The `timeouts` feature: each attempt (for streams: until the response headers) is aborted after
 * `timeoutMs` (the call's, else the client's, default 30 s; 0 disables) and fails with a `TimeoutError`.
 * `createClient` has it built in; `createCore` has it only when given `{ timeouts }`, so a bundle that does
 * not pass it does not carry it.
 */
import type { Prepared } from './core.js';
import { TimeoutError } from './errors.js';

export interface Timer {
  /** Clears the timer (the attempt ended, or the caller now reads the body). */
  stop(): void;
  /** The `TimeoutError` when the timer fired (the attempt was aborted by it). */
  error(): TimeoutError | undefined;
}

/** Starts the timer of one attempt of a prepared call: `abort` is called when the time is up. None when disabled. */
export type Timeouts = (p: Pick<Prepared, 'op' | 'options' | 'call'>, abort: () => void) => Timer | undefined;

/** The `timeouts` feature (see the top of this file). */
export const timeouts: Timeouts = ({ op, options, call }, abort) => {
  const ms = call.timeoutMs ?? options.timeoutMs ?? 30_000;
  if (!(ms > 0)) return undefined;
  let fired = false;
  const t = setTimeout(() => ((fired = true), abort()), ms);
  return { stop: () => clearTimeout(t), error: () => (fired ? new TimeoutError(op.id, ms) : undefined) };
};
