/**
 * Newline-delimited JSON streams (`x-streaming`): an async generator of parsed events. Keep-alive blank
 * lines are skipped, lines split across chunks (even inside a multi-byte character) are joined, and a
 * dropped connection (clean end, network failure, idle timeout, or a disconnect problem that allows it)
 * is reconnected with exponential backoff. Leaving the loop (`break`, `return`, a throw) or aborting the
 * signal closes the connection.
 */
import { backoff, sleep, type Runtime, type Sent } from './core.js';
import { AbortError, ApiError, asProblem, NetworkError, RateLimitError, TimeoutError } from './errors.js';
import type { OperationSpec, ProblemLike, StreamCallOptions } from './types.js';

/** Splits a byte stream into trimmed, non-blank lines. */
export function lineSplitter(): { push(chunk: Uint8Array): string[]; end(): string[] } {
  const decoder = new TextDecoder();
  let buffer = '';
  const lines = (text: string, last: boolean) => {
    buffer += text;
    if (!last && !text.includes('\n')) return [];
    const parts = buffer.split('\n');
    buffer = last ? '' : parts.pop()!;
    return parts.map((l) => l.trim()).filter(Boolean);
  };
  return {
    push: (chunk) => lines(decoder.decode(chunk, { stream: true }), false),
    end: () => lines(decoder.decode(), true),
  };
}

/**
 * Default reconnection policy for a disconnect problem: reconnect unless the server forced the
 * disconnect, the rules are invalid, the client application is degraded, or it is a connection problem
 * (too many connections, rule configuration, provisioning) that reconnecting cannot fix.
 */
export function shouldReconnect(problem: ProblemLike): boolean {
  return (
    !/streaming-connection$/.test(problem.type) &&
    problem.connection_issue === undefined &&
    !/^(ForceDisconnect|InvalidRules|ClientApplicationStateDegraded)$/.test(String(problem.disconnect_type))
  );
}

/** The disconnect problem an event carries: the event itself, or the only content of its `errors`. */
export function disconnectProblem(event: unknown): ProblemLike | undefined {
  const e = event as { errors?: unknown; data?: unknown } | null;
  const candidates = [
    e,
    ...(e && typeof e === 'object' && Array.isArray(e.errors) && e.data === undefined ? e.errors : []),
  ];
  for (const c of candidates) {
    const p = asProblem(c);
    if (p && (/disconnect|streaming-connection/.test(p.type) || 'disconnect_type' in p || 'connection_issue' in p))
      return p;
  }
  return undefined;
}

export async function* stream<T>(
  rt: Runtime,
  op: OperationSpec,
  args: object | undefined,
  options: StreamCallOptions = {},
): AsyncGenerator<T, void, undefined> {
  const conf = { ...rt.options.stream, ...options };
  const rc =
    conf.reconnect === false
      ? undefined
      : { maxAttempts: 10, initialDelayMs: 1000, maxDelayMs: 60_000, ...conf.reconnect };
  const idle = conf.idleTimeoutMs ?? 30_000;
  const allow = conf.shouldReconnect ?? shouldReconnect;
  const { signal } = options;
  let failures = 0;
  let connected = false;
  for (;;) {
    let lastError: unknown;
    let sent: Sent | undefined;
    try {
      sent = await rt.send(op, args, options, true);
    } catch (e) {
      // The first connection reports its failure as is; reconnections retry transient failures.
      const transient = !(e instanceof ApiError) || e instanceof RateLimitError || e.status >= 500;
      if (!connected || !rc || e instanceof AbortError || !transient) throw e;
      lastError = e;
    }
    if (sent) {
      connected = true;
      const reader = sent.response.body!.getReader();
      const split = lineSplitter();
      // Cancelling the reader ends a pending read even with a fetch that does not tie bodies to signals.
      const cancel = () => void reader.cancel().catch(() => {});
      let idleTimer: ReturnType<typeof setTimeout> | undefined;
      let idled = false;
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
          const lines = done ? split.end() : split.push(value);
          arm();
          for (const line of lines) {
            let event: unknown;
            try {
              event = JSON.parse(line);
            } catch {
              continue; // a truncated or non-JSON line
            }
            const problem = disconnectProblem(event);
            if (problem) {
              // The problem is the error's body (an `errors` envelope is unwrapped), so `isProblem` works on it.
              lastError = new ApiError(op.id, sent.status, sent.headers, problem, sent.rateLimit);
              if (!rc || !allow(problem)) throw lastError;
              break;
            }
            failures = 0;
            yield event as T;
          }
          if (done || lastError) break;
        }
        if (!lastError && !rc) return; // ended cleanly, no reconnection wanted
      } catch (e) {
        if (signal?.aborted) throw new AbortError(op.id, 'aborted', signal.reason);
        if (e instanceof ApiError) throw e;
        // Dropped: network failure or idle timeout.
        lastError =
          e instanceof TimeoutError ? e : new NetworkError(op.id, `stream dropped: ${(e as Error)?.message ?? e}`, e);
      } finally {
        clearTimeout(idleTimer);
        signal?.removeEventListener('abort', cancel);
        cancel();
        sent.close!();
      }
      if (!rc) throw lastError;
    }
    if (++failures > rc!.maxAttempts) throw lastError ?? new NetworkError(op.id, 'the stream ended');
    await sleep(backoff({ baseDelayMs: rc!.initialDelayMs, maxDelayMs: rc!.maxDelayMs }, failures - 1), signal, op.id);
  }
}
