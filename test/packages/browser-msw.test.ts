/**
 * The `msw` and `query` targets in a real browser: the project's spec generated with `--layout files`,
 * a page (type-checked strictly with the DOM library, bundled with esbuild) that starts the msw service
 * worker (`setupWorker(...handlers)`, msw's own `mockServiceWorker.js` copied from node_modules at test
 * time) and drives the query factories through `@tanstack/query-core`: a query, an infinite query across
 * the mock's pages, a per-operation override installed with `worker.use`, and a 400 problem narrowed with
 * `isProblem`. The page's server serves only the page, its bundle and the worker script: every API answer
 * must come from the service worker. Headless Chromium (Debian's `chromium`) through playwright-core.
 *
 * Without Chromium the suite fails on CI (`CI` set) and is skipped elsewhere, saying why.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../pipeline/helpers.ts';
import { projectSpec, repoRoot } from '../helpers/paths.ts';
import { tsc } from './harness.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const haveChromium = existsSync(CHROMIUM);
const skipReason = !haveChromium && !process.env.CI ? `${CHROMIUM} not found (install Debian's chromium package; CI installs it in .ci/run)` : undefined;
const USER = '2244994945';

const PAGE_TS = `
import { QueryClient } from '@tanstack/query-core';
import { setupWorker } from 'msw/browser';
import { createClient, isProblem } from './out/client/index.js';
import { handlers, findPostByIdHandler } from './out/msw/index.js';
import { findPostByIdOptions, getUserBookmarksInfiniteOptions, getUserBookmarksOptions } from './out/query/index.js';

async function main(): Promise<unknown> {
  const worker = setupWorker(...handlers);
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledRequest: 'bypass' });
  const client = createClient({ baseUrl: location.origin, auth: { oauth2: 'browser-token' }, retry: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  const post = await queryClient.fetchQuery(findPostByIdOptions(client, { id: '123' }));
  // The key is tagged with the data and error types: no annotation needed to read them back.
  const state = queryClient.getQueryState(findPostByIdOptions(client, { id: '123' }).queryKey);
  const cachedId: string | undefined = state?.data?.data?.id;
  const errorStatus: number | undefined = state?.error?.status;
  if (cachedId !== post.data?.id || errorStatus !== undefined) throw new Error('the cache disagrees with the query');
  const pages = await queryClient.fetchInfiniteQuery({ ...getUserBookmarksInfiniteOptions(client, { id: ${JSON.stringify(USER)}, max_results: 2 }), pages: 5 });

  worker.use(findPostByIdHandler({ data: { id: '9', text: 'from the worker' } }));
  const overridden = await queryClient.fetchQuery(findPostByIdOptions(client, { id: '9' }));

  let problem: { status: number; type: string; parameters: string[] } | string = 'no error';
  try {
    await queryClient.fetchQuery(getUserBookmarksOptions(client, { id: ${JSON.stringify(USER)}, max_results: 500 }));
  } catch (error) {
    // Narrowed: error.problem is the spec's InvalidRequestProblem.
    problem = isProblem(error, 'invalid-request')
      ? { status: error.status, type: error.problem.type, parameters: (error.problem.errors ?? []).flatMap((e) => Object.keys(e.parameters ?? {})) }
      : 'untyped ' + String(error);
  }
  return { post, pageParams: pages.pageParams, pageSizes: pages.pages.map((p) => p.data?.length ?? 0), overridden, problem };
}

main().then(
  (result) => {
    document.getElementById('result')!.textContent = JSON.stringify(result);
    document.body.setAttribute('data-state', 'done');
  },
  (error: unknown) => {
    document.getElementById('result')!.textContent = String(error);
    document.body.setAttribute('data-state', 'failed');
  },
);
`;

const HTML = '<!doctype html><meta charset="utf-8"><title>socialgen msw + query</title><body><pre id="result"></pre><script type="module" src="/page.js"></script></body>';

describe.skipIf(skipReason !== undefined)('the msw worker and the query factories in headless Chromium', () => {
  let dir = '';
  let typecheck: { ok: boolean; output: string };
  let httpServer: Server | undefined;
  let browser: Browser | undefined;
  let served: string[] = [];
  let shown: { state: string | null; result: string | null };
  let serverModule: { createMockHandler(): (request: Request) => Promise<Response> };

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`CI needs Chromium at ${CHROMIUM} for the browser test: .ci/run installs Debian's chromium package (apt-get install chromium)`);
    // Inside the repository (ignored .tmp/) so the page resolves msw and @tanstack/query-core.
    mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
    dir = mkdtempSync(path.join(repoRoot, '.tmp', 'browser-msw-'));
    const out = path.join(dir, 'out');
    const result = await runCli(
      ['generate', '--quiet', '--no-format', '--spec', projectSpec, '--out', out, '--layout', 'files', '--target', 'types,validators,client,server,query,msw'],
      repoRoot,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    serverModule = await import(path.join(out, 'server/index.ts'));
    writeFileSync(path.join(dir, 'page.ts'), PAGE_TS);
    writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['node'], strict: true, noUncheckedIndexedAccess: true, skipLibCheck: true, noEmit: true },
        files: ['page.ts'],
      }),
    );
    typecheck = tsc(dir, ['-p', 'tsconfig.json']);
    const bundled = await build({
      entryPoints: [path.join(dir, 'page.ts')],
      absWorkingDir: dir,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      // The server runtime loads node:http only inside `serve` (never called here).
      external: ['node:*'],
      write: false,
      logLevel: 'silent',
    });
    writeFileSync(path.join(dir, 'page.js'), bundled.outputFiles[0]!.text);
    // msw's worker script, as `npx msw init` would put it in a public folder.
    copyFileSync(path.join(repoRoot, 'node_modules/msw/lib/mockServiceWorker.js'), path.join(dir, 'mockServiceWorker.js'));

    httpServer = createServer((req, res) => {
      served.push(req.url ?? '');
      if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HTML);
      if (req.url === '/page.js' || req.url === '/mockServiceWorker.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(path.join(dir, req.url.slice(1))));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => httpServer!.listen(0, '127.0.0.1', resolve));
    const address = httpServer.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    const page = await browser.newPage();
    await page.goto(origin);
    await page.waitForSelector('body[data-state]', { timeout: 60_000 });
    shown = await page.evaluate(() => ({ state: document.body.getAttribute('data-state'), result: document.getElementById('result')?.textContent ?? null }));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (httpServer ? httpServer.close(resolve) : resolve(undefined)));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the page type-checks against the generated folders (strict, DOM, bundler resolution)', () => {
    // The server runtime's own strictness is the server's tests' business (its noUncheckedIndexedAccess
    // findings are reported there); here: the page and the query, msw and client folders.
    const errors = typecheck.output.split('\n').filter((line) => / error TS/.test(line) && !line.startsWith('out/server/'));
    expect(errors).toEqual([]);
  });

  it('every API answer came from the service worker: the page server saw only the page, its bundle and the worker script', () => {
    expect(shown.state, shown.result ?? '').toBe('done');
    expect([...new Set(served)].filter((url) => url !== '/favicon.ico').sort()).toEqual(['/', '/mockServiceWorker.js', '/page.js']);
  });

  it("a query answers with the server mock's seeded data; an infinite query follows the pages", async () => {
    const result = JSON.parse(shown.result!) as { post: unknown; pageParams: unknown[]; pageSizes: number[] };
    const direct = await serverModule.createMockHandler()(new Request('http://mock.local/2/posts/123', { headers: { authorization: 'Bearer x' } }));
    expect(result.post).toEqual(await direct.json());
    // Five pages of two asked: the mock's listing (three pages at the API's default size) holds them all, each
    // page after the first reached by its own token.
    expect(result.pageParams).toHaveLength(5);
    expect(result.pageParams[0]).toBeNull();
    expect(new Set(result.pageParams.slice(1)).size).toBe(4);
    for (const token of result.pageParams.slice(1)) expect(token).toMatch(/^\S+$/);
    expect(result.pageSizes).toEqual([2, 2, 2, 2, 2]);
  });

  it('a per-operation override installed with worker.use answers, and a 400 problem is narrowed', () => {
    const result = JSON.parse(shown.result!) as { overridden: unknown; problem: unknown };
    expect(result.overridden).toEqual({ data: { id: '9', text: 'from the worker' } });
    expect(result.problem).toEqual({ status: 400, type: '/2/problems/invalid-request', parameters: ['max_results'] });
  });
});

if (skipReason) {
  describe('the msw worker and the query factories in headless Chromium', () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
}
