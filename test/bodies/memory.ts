/**
 * A large upload and download through the generated client and server (one process, loopback), with
 * memory sampled every 20 ms: streamed bodies must not grow memory with the body size.
 *
 * Two measures: peak RSS (what the OS sees; the first round grows it while the allocator warms up, and
 * it never shrinks), and `heapUsed + arrayBuffers` after a forced GC (`--expose-gc`), which over-counts
 * uploads: V8's arrayBuffers counter includes fetch's freed-but-not-yet-released buffers (round 2 shows
 * +200 MB there while RSS grows by 2 MB). RSS of the second round is the number to read. Used by `npm run bench -- bodies` and by
 * `node --expose-gc --import tsx scripts/bodies-memory.ts [megabytes]`.
 */
import path from 'node:path';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { buildFixture } from './build.ts';
import { byteStream, digest } from './bytes.ts';

export interface Phase {
  ms: number;
  size: number;
  /** Peak RSS above the baseline. */
  rss: number;
  /** Peak live memory (heap used + array buffers) above the baseline. */
  live: number;
}

export interface MemoryReport {
  bytes: number;
  baselineRss: number;
  /** One entry per round (the same transfer repeated on the same client and server). */
  rounds: { upload: Phase; download: Phase }[];
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const live = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

async function phase(run: () => Promise<number>): Promise<Phase> {
  gc();
  const base = process.memoryUsage().rss;
  const baseLive = live();
  let rss = 0;
  let held = 0;
  const sample = () => {
    rss = Math.max(rss, process.memoryUsage().rss - base);
    gc();
    held = Math.max(held, live() - baseLive);
  };
  const timer = setInterval(sample, 20);
  const t = Date.now();
  try {
    const size = await run();
    sample();
    return { ms: Date.now() - t, size, rss, live: held };
  } finally {
    clearInterval(timer);
  }
}

export async function measureLargeBodies(bytes: number, rounds = 2): Promise<MemoryReport> {
  const built = await buildFixture(path.join(fixtureSpecsDir, 'bodies-binary.yaml'));
  const server = await built.server.serve(
    built.server.createHandler({
      async uploadFile(ctx: { body: ReadableStream<Uint8Array>; params: { name: string } }) {
        const d = await digest(ctx.body);
        return { status: 201, body: { name: ctx.params.name, size: d.size, sha256: d.sha256 } };
      },
      downloadFile() {
        return { status: 200, body: byteStream(bytes) };
      },
    }),
    { port: 0 },
  );
  try {
    const client = built.client.createClient({ baseUrl: server.url, timeoutMs: 0 });
    gc();
    const baselineRss = process.memoryUsage().rss;
    const out: MemoryReport['rounds'] = [];
    for (let i = 0; i < rounds; i++) {
      const upload = await phase(async () => (await client.uploadFile({ name: 'big', body: byteStream(bytes) })).size);
      const download = await phase(async () => (await digest(await client.downloadFile({ name: 'big' }, { parseAs: 'stream' }))).size);
      out.push({ upload, download });
    }
    return { bytes, baselineRss, rounds: out };
  } finally {
    await server.close();
    built.remove();
  }
}
