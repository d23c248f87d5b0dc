/**
 * Streamed bodies. Binary request bodies reach the handler as the request's byte stream (never buffered,
 * so `maxBodySize` does not apply: the handler reads as much as it wants); binary answers (`Blob`,
 * `ArrayBuffer`, `Uint8Array`, `ReadableStream`, or any async iterable of bytes) become one byte stream
 * the host writes with backpressure, cancelled when the client goes away.
 */

/** A request body's byte stream (an empty one when the request has none). */
export function requestStream(request: Request): ReadableStream<Uint8Array> {
  return request.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
}

/** A handler's binary answer as bytes or a byte stream; `undefined` for a value that is not binary. */
export function binaryPayload(body: unknown): Uint8Array | ReadableStream<Uint8Array> | undefined {
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.stream() as ReadableStream<Uint8Array>;
  if (body instanceof ReadableStream) return body as ReadableStream<Uint8Array>;
  if (body !== null && typeof body === 'object' && Symbol.asyncIterator in body)
    return iterableStream(body as AsyncIterable<unknown>, toBytes);
  return undefined;
}

const encoder = new TextEncoder();

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  return encoder.encode(String(chunk));
}

/**
 * A pull-driven stream over an async iterable: the iterable is asked for the next item only when the
 * consumer wants more (backpressure), and `return()` runs when the consumer cancels (client gone).
 */
export function iterableStream<T>(
  source: AsyncIterable<T>,
  encode: (item: T) => Uint8Array,
): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await iterator.next();
          if (done) controller.close();
          else controller.enqueue(encode(value));
        } catch (error) {
          // The source stops too (its `finally` runs) when an item cannot be written.
          await Promise.resolve(iterator.return?.()).catch(() => undefined);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** What `node:http`'s `ServerResponse` offers for writing a stream (structural, so no `node:*` import). */
export interface StreamSink {
  write(chunk: Uint8Array): boolean;
  end(): void;
  destroy(error?: Error): void;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  readonly writableFinished: boolean;
}

/**
 * Writes a byte stream to a Node response, waiting for `drain` whenever the socket's buffer is full, and
 * cancelling the stream (so its source stops producing) when the connection closes first.
 */
export async function pipeToSink(stream: ReadableStream<Uint8Array>, res: StreamSink): Promise<void> {
  const reader = stream.getReader();
  let closed = false;
  let wake: (() => void) | undefined;
  res.once('close', () => {
    closed = true;
    wake?.();
    if (!res.writableFinished) void reader.cancel().catch(() => undefined);
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || closed) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          res.once('drain', resolve);
        });
        wake = undefined;
        if (closed) break;
      }
    }
    if (!closed) res.end();
  } catch {
    res.destroy();
  }
}
