/**
 * The `timeouts` feature: each attempt (for streams: until the response headers) is aborted after
 * `timeoutMs` (default 30 s) and fails with a `TimeoutError`. `createClient` has it built in; `createCore`
 * has it only when given `{ timeouts }`, so a bundle that does not pass it does not carry it.
 */
import { TimeoutError } from './errors.js';

export interface Timer {
  /** Clears the timer (the attempt ended, or the caller now reads the body). */
  stop(): void;
  /** The `TimeoutError` when the timer fired (the attempt was aborted by it). */
  error(): TimeoutError | undefined;
}

/** Starts the timer of one attempt of operation `id`: `abort` is called when `ms` pass. */
export type Timeouts = (id: string, ms: number, abort: () => void) => Timer;

/** The `timeouts` feature (see the top of this file). */
export const timeouts: Timeouts = (id, ms, abort) => {
  let fired = false;
  const t = setTimeout(() => ((fired = true), abort()), ms);
  return { stop: () => clearTimeout(t), error: () => (fired ? new TimeoutError(id, ms) : undefined) };
};
