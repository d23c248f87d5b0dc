/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Streamed success bodies: one connection loop for every framing. The framing of each format lives in its
 * own module (`ndjson.ts`, `json-seq.ts`, `sse.ts`), passed in by the generated client only when the spec
 * has such a stream (`streams({ sse: sseFraming })`), so a client without streams carries none of it.
 *
 * The loop: connect, decode items as bytes arrive (cut anywhere), validate each (when response validation
 * is on), yield it; a dropped connection (clean end, network failure, idle timeout, or an in-stream problem
 * the spec's rule allows) is reconnected with backoff (or the event stream's `retry`) and `Last-Event-ID`.
 * Leaving the loop (`break`, `return`, a throw) or aborting the signal closes the connection.
 */
import type { Runtime, Sent } from './core.js';
import { backoff, sleep } from './retry.js';
import {
  AbortError,
  ApiError,
  asProblem,
  NetworkError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from './errors.js';
import type {
  OperationSpec,
  ProblemLike,
  ProblemMatcher,
  StreamCallOptions,
  StreamFormat,
  StreamSpec,
} from './types.js';

/**
 * The item with its dates as `Date`s (clients generated with `dates: 'Date'`, by the operation's item plan):
 * the yielded value itself, or an event's JSON `data`.
 */
function revived(op: OperationSpec, item: { value: unknown; data: unknown }): unknown {
  const dates = op.dates;
  if (!dates?.items) return item.value;
  const data = dates.codec.revive(dates.items, item.data);
  if (item.value === item.data) return data;
  return { ...(item.value as object), data };
}

/** What a connection's decoder hands the loop: an item (`value` yielded, `data` validated), the end, or bad JSON. */
export type StreamItem = { value: unknown; data: unknown } | { end: true } | { invalid: string };

export interface StreamDecoder {
  /** Feeds bytes; returns the items completed by them. */
  push(chunk: Uint8Array): StreamItem[];
  /** The end of the connection's body. */
  end(): StreamItem[];
}

/** What survives reconnections: the last event id and the server's reconnection time (event streams). */
export interface StreamState {
  lastEventId: string;
  retry: number | undefined;
}

/**
 * A framing: a decoder for one connection, given the media type's entry, the call's end sentinel and the
 * reader of an item's JSON text (`OperationSpec.readItem`, else `JSON.parse`).
 */
export type Framing = (
  media: StreamSpec['media'][number],
  state: StreamState,
  sentinel: string | undefined,
  parse: (text: string) => unknown,
) => StreamDecoder;

/** Whether a problem value matches a matcher: every member present and its text matching the expression. */
export function matchesProblem(problem: ProblemLike, matcher: ProblemMatcher): boolean {
  return Object.keys(matcher).every((member) => {
    const value = problem[member];
    return (
      value !== undefined &&
      value !== null &&
      new RegExp(matcher[member]!, 'u').test(typeof value === 'string' ? value : JSON.stringify(value))
    );
  });
}

/** The spec's reconnection rule (`x-streaming.reconnect.unless`): reconnect unless the problem matches one of them. */
export function shouldReconnect(problem: ProblemLike, op?: OperationSpec): boolean {
  return !(op?.stream?.reconnectUnless ?? []).some((m) => matchesProblem(problem, m));
}

/** The in-stream problem an item carries (the spec's `x-streaming.problems`): the item itself, or the only content of its `errors`. */
export function disconnectProblem(event: unknown, op?: OperationSpec): ProblemLike | undefined {
  const matchers = op?.stream?.problems;
  if (!matchers?.length) return undefined;
  const e = event as { errors?: unknown; data?: unknown } | null;
  const candidates = [
    e,
    ...(e && typeof e === 'object' && Array.isArray(e.errors) && e.data === undefined ? e.errors : []),
  ];
  for (const c of candidates) {
    const p = asProblem(c);
    if (p && matchers.some((m) => matchesProblem(p, m))) return p;
  }
  return undefined;
}

function essence(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The call's options for one connection: `Accept` names the stream's media types (unless the call set one,
 * so a server that negotiates picks the stream), and a reconnection sends `Last-Event-ID` when an event
 * stream set an id.
 */
function connectionOptions(options: StreamCallOptions, op: OperationSpec, lastEventId: string): StreamCallOptions {
  const headers = new Headers(options.headers);
  if (!headers.has('accept')) headers.set('accept', op.stream!.media.map((m) => m.type).join(', '));
  if (lastEventId) headers.set('last-event-id', lastEventId);
  // The body is read here, as it arrives.
  return { ...options, headers, parseAs: 'response' };
}

/** The streaming method of a client whose spec has streams in these formats. */
export function streams(framings: Partial<Record<StreamFormat, Framing>>) {
  // A generic function, not a generic arrow: `<T,>` is the .tsx spelling, and a .ts file's is `<T>`.
  return function streamCall<T>(
    rt: Runtime,
    op: OperationSpec,
    args: Record<string, unknown> | undefined,
    options?: StreamCallOptions,
  ) {
    return stream<T>(rt, op, args, options, framings);
  };
}

export async function* stream<T>(
  rt: Runtime,
  op: OperationSpec,
  args: object | undefined,
  options: StreamCallOptions = {},
  framings: Partial<Record<StreamFormat, Framing>> = {},
): AsyncGenerator<T, void, undefined> {
  const conf = { ...rt.options.stream, ...options };
  // Re-sending a request that is not a GET could repeat its effect: reconnect only when asked to.
  const wanted = conf.reconnect ?? (op.method === 'GET' ? {} : false);
  const rc = wanted === false ? undefined : { maxAttempts: 10, initialDelayMs: 1000, maxDelayMs: 60_000, ...wanted };
  const idle = conf.idleTimeoutMs ?? 30_000;
  const allow = conf.shouldReconnect ?? ((p: ProblemLike) => shouldReconnect(p, op));
  const sentinel = conf.sentinel === false ? undefined : (conf.sentinel ?? '[DONE]');
  const validate = rt.options.validate?.response;
  const { signal } = options;
  const state: StreamState = { lastEventId: '', retry: undefined };
  let failures = 0;
  let connected = false;
  for (;;) {
    let lastError: unknown;
    let sent: Sent | undefined;
    // One controller per connection: closing it (or the caller's signal) ends the connection.
    const ctl = new AbortController();
    const forward = () => ctl.abort(signal!.reason);
    if (signal?.aborted) forward();
    else signal?.addEventListener('abort', forward);
    const close = () => {
      signal?.removeEventListener('abort', forward);
      ctl.abort();
    };
    try {
      const connection = connectionOptions(options, op, connected ? state.lastEventId : '');
      sent = await rt.send(op, args, { ...connection, signal: ctl.signal });
    } catch (e) {
      close();
      // The first connection reports its failure as is; reconnections retry transient failures.
      const transient = !(e instanceof ApiError) || e instanceof RateLimitError || e.status >= 500;
      if (!connected || !rc || e instanceof AbortError || !transient) throw e;
      lastError = e;
    }
    if (sent) {
      // A reconnection answered 204 No Content: the server says there is nothing more (as for EventSource).
      if (connected && sent.status === 204) {
        close();
        return;
      }
      connected = true;
      const type = essence(sent.headers.get('content-type'));
      const media = op.stream!.media.find((m) => m.type === type) ?? op.stream!.media[0]!;
      const framing = framings[media.format];
      if (!framing) {
        close();
        throw new NetworkError(op.id, `this client cannot read ${media.format} streams`);
      }
      const decoder = framing(media, state, sentinel, op.readItem ?? JSON.parse);
      const reader = sent.response.body!.getReader();
      // Cancelling the reader ends a pending read even with a fetch that does not tie bodies to signals.
      const cancel = () => void reader.cancel().catch(() => {});
      let idleTimer: ReturnType<typeof setTimeout> | undefined;
      let idled = false;
      let ended = false;
      const arm = () => {
        clearTimeout(idleTimer);
        if (idle > 0) idleTimer = setTimeout(() => ((idled = true), cancel()), idle);
      };
      signal?.addEventListener('abort', cancel);
      try {
        arm();
        for (;;) {
          const { done, value } = await reader.read();
          if (signal?.aborted) throw new AbortError(op.id, 'aborted', signal.reason);
          if (idled) throw new TimeoutError(op.id, idle);
          const items = done ? decoder.end() : decoder.push(value);
          arm();
          for (const item of items) {
            if ('end' in item) {
              ended = true;
              break;
            }
            if ('invalid' in item)
              throw new ResponseValidationError(op.id, sent.status, item.invalid, [
                { instancePath: '', message: 'must be JSON text' },
              ]);
            const problem = disconnectProblem(item.data, op);
            if (problem) {
              // The problem is the error's body (an `errors` envelope is unwrapped), so `isProblem` works on it.
              lastError = new ApiError(op.id, sent.status, sent.headers, problem, sent.rateLimit);
              rt.features.errorDetails?.detail(lastError);
              if (!rc || !allow(problem)) throw lastError;
              break;
            }
            if (validate) await rt.features.validation!.item(op, sent.status, media.type, item.data);
            failures = 0;
            yield revived(op, item) as T;
          }
          if (done || lastError || ended) break;
        }
        if (ended || (!lastError && !rc)) return; // the end sentinel, or a clean end without reconnection
      } catch (e) {
        if (signal?.aborted) throw new AbortError(op.id, 'aborted', signal.reason);
        if (e instanceof ApiError || e instanceof ResponseValidationError) throw e;
        // Dropped: network failure or idle timeout.
        lastError =
          e instanceof TimeoutError ? e : new NetworkError(op.id, `stream dropped: ${(e as Error)?.message ?? e}`, e);
      } finally {
        clearTimeout(idleTimer);
        signal?.removeEventListener('abort', cancel);
        cancel();
        close();
      }
      if (!rc) throw lastError;
    }
    if (++failures > rc!.maxAttempts) throw lastError ?? new NetworkError(op.id, 'the stream ended');
    const delay = state.retry ?? backoff({ baseDelayMs: rc!.initialDelayMs, maxDelayMs: rc!.maxDelayMs }, failures - 1);
    await sleep(delay, signal, op.id);
  }
}
