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
