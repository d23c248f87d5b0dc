/**
 * Client bundle size and per-request overhead, next to openapi-fetch in the same run.
 *
 * Size (issue 14's goal): one program that calls one operation (`getUserBookmarks`, the same call for both),
 * bundled by esbuild (`--bundle --minify`, ESM, browser, no code splitting: everything the program can
 * run is in the one file) and gzipped (-9). Like with like: the same route with the same path and query
 * arguments (`id`, `max_results`), the same `Authorization: Bearer token` on the wire (ours from
 * `auth: { oauth2 }`, which the operation's security requires; openapi-fetch's from a client header), one
 * attempt and no timeout on both sides (ours: `createCore` with no features passed, so no retries, rate-limit
 * reading or timeouts; openapi-fetch has none), and both programs print the result or the error. What ours
 * still does that openapi-fetch does not: it picks credentials by the operation's security (and fails with a
 * `CredentialsError` before any request when none fits), rejects failed statuses with an `ApiError` (problem
 * title/detail in the message) instead of returning `{ error }`, and wraps network failures and aborts in
 * `NetworkError`/`AbortError`. For reference: the same call with `createClient`'s defaults passed to
 * `createCore` (`{ retries, rateLimits, timeouts }`), and the whole client (`createClient`, every operation
 * bound). Goal: ours ≤ 1.0×.
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
import { analyzeMetafile, build } from 'esbuild';
import { DEFAULT_CONFIG } from '../../generator/src/config.ts';
import { generate } from '../../generator/src/pipeline.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = path.join(root, 'spec/social-posting.openapi.yaml');
const ITERATIONS = 3000;
/** `npm run bench -- client --analyze`: also print each bundle's bytes per module (esbuild's metafile analysis). */
const ANALYZE = process.argv.includes('--analyze');

interface Size {
  label: string;
  min: number;
  gzip: number;
}

async function bundle(label: string, dir: string, source: string): Promise<Size> {
  const entry = path.join(dir, `${label.replace(/\W+/g, '-')}.ts`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    nodePaths: [path.join(root, 'node_modules')],
    // The package's own imports resolve to the generated sources written next to the program.
    alias: { '@social-posting/client': path.join(dir, 'client/src/index.ts') },
    external: ['@social-posting/validators'],
    logLevel: 'silent',
    metafile: ANALYZE,
  });
  if (result.metafile) console.log(`${label}:${await analyzeMetafile(result.metafile)}`);
  const code = result.outputFiles[0]!.contents;
  return { label, min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} kB`;

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'socialgen-bench-client-'));
  try {
    const { files, loaded } = await generate({ ...DEFAULT_CONFIG, spec: SPEC, targets: ['types', 'client'], format: false, packages: { ...DEFAULT_CONFIG.packages, scope: 'social-posting' } });
    for (const [rel, contents] of files) {
      const abs = path.join(dir, rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, contents);
    }
    const client = path.join(dir, 'client/src');
    const operations = loaded.model.operations.length;
    const call = `.then((r) => console.log(r), (e) => console.error(e));`;

    // ---------------------------------------------------------------- size
    const sizes = [
      await bundle(
        'ours: one call (createCore + getUserBookmarks)',
        dir,
        `import { createCore, getUserBookmarks } from '@social-posting/client';
const core = createCore({ baseUrl: 'https://api.example.com', auth: { oauth2: 'token' } });
getUserBookmarks(core, { id: '2244994945', max_results: 10 })${call}`,
      ),
      await bundle(
        'openapi-fetch 0.17: the same call',
        dir,
        `import createClient from 'openapi-fetch';
const c = createClient({ baseUrl: 'https://api.example.com', headers: { authorization: 'Bearer token' } });
c.GET('/2/users/{id}/bookmarks', { params: { path: { id: '2244994945' }, query: { max_results: 10 } } })${call}`,
      ),
      await bundle(
        'ours: one call + { retries, rateLimits, timeouts }',
        dir,
        `import { createCore, getUserBookmarks, retries, rateLimits, timeouts } from '@social-posting/client';
const core = createCore({ baseUrl: 'https://api.example.com', auth: { oauth2: 'token' } }, { retries, rateLimits, timeouts });
getUserBookmarks(core, { id: '2244994945', max_results: 10 })${call}`,
      ),
      await bundle(
        `ours: whole client (createClient, ${operations} ops bound)`,
        dir,
        `import { createClient } from '@social-posting/client';
const c = createClient({ baseUrl: 'https://api.example.com', auth: { oauth2: 'token' } });
c.getUserBookmarks({ id: '2244994945', max_results: 10 })${call}`,
      ),
    ];
    console.log('one program, one call: esbuild --bundle --minify (ESM, browser, no splitting), gzip -9');
    for (const s of sizes) console.log(`  ${s.label.padEnd(52)} ${kb(s.min).padStart(9)} min  ${kb(s.gzip).padStart(8)} min+gzip`);
    const [ours, peer] = sizes;
    const ratio = ours.gzip / peer.gzip;
    console.log(`  one call: ${ratio.toFixed(2)}× openapi-fetch's bundle (goal ≤ 1.00×: ${ratio <= 1 ? 'met' : 'MISSED'})`);

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
