/**
 * Client size and per-request overhead (issue 5), next to openapi-fetch in the same run.
 *
 * Size: esbuild bundles (minified, ESM, browser) of small programs that call one operation, gzipped:
 * - our shared runtime with one operation's table entry (what every bundle carries, whatever it calls);
 * - our whole generated client (`createClient` with every operation of the spec);
 * - openapi-fetch calling the same route.
 * The validators package is left out (`external`): the client imports it lazily, only when validation is on.
 * Target: the shared runtime at most 4 kB min+gzip.
 *
 * Overhead: sequential GETs of a small JSON body on a node:http server on 127.0.0.1, by bare `fetch`, our
 * client and openapi-fetch, interleaved one request at a time; the median (and p25) per-request time and
 * the difference to bare fetch. Bounded: a fixed number of requests, all on loopback.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { DEFAULT_CONFIG } from '../../generator/src/config.ts';
import { generate } from '../../generator/src/pipeline.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = path.join(root, 'spec/social-posting.openapi.yaml');
const ITERATIONS = 3000;

interface Size {
  label: string;
  /** The entry chunk: what a page downloads up front (with code splitting, as Vite/Rollup/webpack do). */
  min: number;
  gzip: number;
  /** Without code splitting: lazily imported modules inlined too. */
  flatGzip: number;
}

async function bundle(label: string, dir: string, source: string): Promise<Size> {
  const entry = path.join(dir, `${label.replace(/\W+/g, '-')}.ts`);
  writeFileSync(entry, source);
  const options = {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    target: 'es2022',
    write: false,
    outdir: path.join(dir, 'out'),
    external: ['@social-posting/validators'],
    nodePaths: [path.join(root, 'node_modules')],
    logLevel: 'silent' as const,
  };
  const split = await build({ ...options, splitting: true });
  const flat = await build({ ...options, splitting: false });
  const name = path.basename(entry).replace(/\.ts$/, '.js');
  const code = split.outputFiles!.find((f) => path.basename(f.path) === name)!.contents;
  const flatCode = flat.outputFiles!.find((f) => path.basename(f.path) === name)!.contents;
  return { label, min: code.length, gzip: gzipSync(code, { level: 9 }).length, flatGzip: gzipSync(flatCode, { level: 9 }).length };
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} kB`;

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'socialgen-bench-client-'));
  try {
    const { files, loaded } = await generate({ ...DEFAULT_CONFIG, spec: SPEC, targets: ['types', 'client'], format: false });
    for (const [rel, contents] of files) {
      const abs = path.join(dir, rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, contents);
    }
    const client = path.join(dir, 'client/src');
    const operations = loaded.model.operations.length;
    const specs = JSON.parse(JSON.stringify((await import(pathToFileURL(path.join(client, 'operations.ts')).href)).operations)) as {
      id: string;
    }[];
    const bookmarks = specs.find((o) => o.id === 'getUserBookmarks') ?? specs[0];
    const call = `.then((r) => console.log(r), (e) => console.error(e));`;

    // ---------------------------------------------------------------- size
    const sizes = [
      await bundle(
        'ours: shared runtime alone',
        dir,
        `export { bindOperations } from ${JSON.stringify(path.join(client, 'runtime/bind.ts'))};`,
      ),
      await bundle(
        'ours: runtime + 1 operation + the call',
        dir,
        `import { bindOperations } from ${JSON.stringify(path.join(client, 'runtime/bind.ts'))};
const c = bindOperations([${JSON.stringify(bookmarks)}], { baseUrl: 'https://api.example.com', auth: { oauth2: 'token' } });
c.getUserBookmarks({ id: '2244994945', max_results: 10 })${call}`,
      ),
      await bundle(
        `ours: whole client (${operations} ops, pages, streams)`,
        dir,
        `import { createClient } from ${JSON.stringify(path.join(client, 'index.ts'))};
const c = createClient({ baseUrl: 'https://api.example.com', auth: { oauth2: 'token' } });
c.getUserBookmarks({ id: '2244994945', max_results: 10 })${call}`,
      ),
      await bundle(
        'ours: whole client + OAuth 1.0a signing',
        dir,
        `import { createClient, oauth1 } from ${JSON.stringify(path.join(client, 'index.ts'))};
const c = createClient({ baseUrl: 'https://api.example.com', auth: { oauth1: oauth1({ consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'ts' }) } });
c.getUserBookmarks({ id: '2244994945', max_results: 10 })${call}`,
      ),
      await bundle(
        `ours: the operation table alone (${operations} ops)`,
        dir,
        `export { operations } from ${JSON.stringify(path.join(client, 'operations.ts'))};`,
      ),
      await bundle(
        'openapi-fetch 0.17 + the call',
        dir,
        `import createClient from 'openapi-fetch';
const c = createClient({ baseUrl: 'https://api.example.com', headers: { authorization: 'Bearer token' } });
c.GET('/2/users/{id}/bookmarks', { params: { path: { id: '2244994945' }, query: { max_results: 10 } } })${call}`,
      ),
    ];
    console.log('esbuild --bundle --minify (ESM, browser), gzip -9; initial chunk with code splitting, and without splitting');
    for (const s of sizes) {
      console.log(
        `  ${s.label.padEnd(44)} ${kb(s.min).padStart(9)} min  ${kb(s.gzip).padStart(8)} min+gzip   (no splitting: ${kb(s.flatGzip)})`,
      );
    }
    const [runtime, one, , , table, peer] = sizes;
    const verdict = (n: number) => (n <= 4096 ? 'met' : 'MISSED');
    console.log(
      `  shared runtime ${kb(runtime.gzip)} min+gzip (${kb(runtime.flatGzip)} unsplit): target ≤ 4.00 kB ${verdict(Math.max(runtime.gzip, runtime.flatGzip))}; ` +
        `with a call: ${(one.gzip / peer.gzip).toFixed(2)}× openapi-fetch's bundle. Each operation's stub (its table entry): ` +
        `≈ ${(table.min / operations).toFixed(0)} B min, ≈ ${(table.gzip / operations).toFixed(0)} B min+gzip.`,
    );

    // ---------------------------------------------------------------- overhead
    const body = JSON.stringify({ data: [{ id: '1', text: 'hello' }], meta: { result_count: 1 } });
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const ours = (await import(pathToFileURL(path.join(client, 'index.ts')).href)).createClient({ baseUrl, auth: { oauth2: 'token' } });
      const peerClient = (await import('openapi-fetch')).default({ baseUrl, headers: { authorization: 'Bearer token' } });
      const url = `${baseUrl}/2/users/2244994945/bookmarks?max_results=10`;
      const contenders: [string, () => Promise<unknown>][] = [
        ['bare fetch + res.json()', () => fetch(url, { headers: { authorization: 'Bearer token' } }).then((r) => r.json())],
        ['ours: client.getUserBookmarks', () => ours.getUserBookmarks({ id: '2244994945', max_results: 10 })],
        [
          'openapi-fetch: client.GET',
          () =>
            peerClient.GET(
              '/2/users/{id}/bookmarks' as never,
              { params: { path: { id: '2244994945' }, query: { max_results: 10 } } } as never,
            ),
        ],
      ];
      // Interleaved one request at a time (A, B, C, A, B, C, ...): load drift on a shared machine hits every
      // contender alike; each request is timed on its own and the distribution summarised.
      const samples = new Map<string, number[]>(contenders.map(([n]) => [n, []]));
      for (const [, f] of contenders) for (let i = 0; i < 300; i++) await f(); // warm-up
      for (let i = 0; i < ITERATIONS; i++) {
        for (const [name, f] of contenders) {
          const t0 = performance.now();
          await f();
          samples.get(name)!.push((performance.now() - t0) * 1000);
        }
      }
      const stats = (name: string) => {
        const xs = [...samples.get(name)!].sort((a, b) => a - b);
        return { p25: xs[Math.floor(xs.length / 4)]!, median: xs[Math.floor(xs.length / 2)]! };
      };
      const bare = stats(contenders[0][0]);
      console.log(`\nper-request time, ${ITERATIONS} sequential GETs each on loopback, interleaved (median / p25)`);
      for (const [name] of contenders) {
        const m = stats(name);
        const over =
          name === contenders[0][0]
            ? '(baseline)'
            : `+${(m.median - bare.median).toFixed(1)} / +${(m.p25 - bare.p25).toFixed(1)} µs over bare fetch`;
        console.log(`  ${name.padEnd(44)} ${m.median.toFixed(1).padStart(7)} / ${m.p25.toFixed(1).padStart(7)} µs   ${over}`);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx scripts/bench/client.ts` runs it directly too.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
