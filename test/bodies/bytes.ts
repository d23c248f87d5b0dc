/** Deterministic test bytes, produced and hashed as streams so large bodies never sit in memory. */
import { createHash } from 'node:crypto';

/** `size` bytes of a fixed pseudo-random sequence (every byte value occurs), in `chunk`-sized pieces. */
export function byteStream(size: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  let x = 0x12345678;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= size) return controller.close();
        const n = Math.min(chunk, size - sent);
        const out = new Uint8Array(n);
        for (let i = 0; i < n; i++) {
          x ^= x << 13;
          x ^= x >>> 17;
          x ^= x << 5;
          out[i] = x & 0xff;
        }
        sent += n;
        controller.enqueue(out);
      },
    },
    { highWaterMark: 0 },
  );
}

export async function bytesOf(size: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(byteStream(size)).arrayBuffer());
}

/** Size and SHA-256 of a stream, read chunk by chunk. */
export async function digest(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.byteLength;
  }
  return { size, sha256: hash.digest('hex') };
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Where `actual` differs from `expected` (undefined when the bytes are the same): the lengths and the first
 * differing offset with the bytes from there. `expect(a).toEqual(b)` on typed arrays walks them value by
 * value (about a second of CPU per 300 KB), which made byte comparisons most of binary.test.ts's time;
 * `Buffer.equals` compares the memory.
 */
export function byteDifference(actual: Uint8Array, expected: Uint8Array): string | undefined {
  const a = Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength);
  const b = Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength);
  if (a.equals(b)) return undefined;
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return `${a.length} bytes, expected ${b.length}; first difference at offset ${at}: ${a.subarray(at, at + 8).toString('hex')} where ${b.subarray(at, at + 8).toString('hex')} was expected`;
}
