/**
 * Every server adapter against the Node adapter on one conformance suite (conformance.ts): the fixture
 * (conformance.yaml) generated once with the `express`, `fastify`, `hono`, `koa` and `next` targets, each
 * adapter mounted in its framework as docs/adapters.md says, the same exact-byte requests sent to each, and
 * the observations compared with the Node adapter's. Express also runs behind `express.json()` and
 * `express.urlencoded()`, Koa behind `@koa/bodyparser`, where only what the docs say differs, differs.
 *
 * Next.js is not installed (next 16.4.6 with its peers adds 341 MB and about a minute to `npm ci` here, see
 * docs/adapters.md): on every run its route handlers are driven the way the App Router drives them — a Web
 * `Request` with the client's abort signal in, the `Response` body streamed out and cancelled when the
 * client goes away — by a `node:http` server. With SOCIALGEN_NEXT_MODULES set to a node_modules folder
 * holding `next` (and `react`), the suite also runs through Next's own machinery, as its app-route template
 * (`next/dist/build/templates/app-route.js`) does: `NodeNextRequest` → `NextRequestAdapter` →
 * `AppRouteRouteModule.handle` → `sendResponse`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import express from 'express';
import Fastify, { type FastifyPluginCallback } from 'fastify';
import { serve as serveHono } from '@hono/node-server';
import { Hono } from 'hono';
import { isDeepStrictEqual } from 'node:util';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';
import { repoRoot } from '../helpers/paths.ts';
import { CASES, conformanceHandlers, conformanceOptions, runConformance, type Observed } from './conformance.ts';

const ADAPTERS = ['express', 'fastify', 'hono', 'koa', 'next'] as const;
const PACKAGES = ['types', 'validators', 'server', ...ADAPTERS] as const;

type Handler = ((request: Request) => Promise<Response>) & { readonly brand?: never };
interface Generated {
  createHandler(handlers: object, options?: object): Handler;
  serve(handler: Handler, options: { port: number }): Promise<{ url: string; close(): Promise<void> }>;
  toExpress(handler: Handler): express.RequestHandler;
  toFastify(handler: Handler): FastifyPluginCallback;
  toHono(handler: Handler): { fetch(request: Request): Response | Promise<Response> };
  toKoa(handler: Handler): Koa.Middleware;
  toNext(
    handler: Handler,
  ): Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS', (request: Request) => Promise<Response>>;
}

mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.tmp', 'adapters-'));
let generated: Generated;
let files: Map<string, string>;
const closers: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const close of closers) await close();
  rmSync(root, { recursive: true, force: true });
});

beforeAll(async () => {
  files = await generateInMemory(
    path.join(import.meta.dirname, 'conformance.yaml'),
    [...PACKAGES] as unknown as TargetName[],
    { format: false },
  );
  writeFiles(root, files);
  const entry = path.join(root, 'entry.ts');
  writeFileSync(
    entry,
    [
      "export { createHandler, serve } from '@social-posting/server';",
      ...ADAPTERS.map((a) => `export * from '@social-posting/${a}';`),
    ].join('\n'),
  );
  const outfile = path.join(root, 'bundle.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    // The frameworks are the adapters' peers: resolved from the repository's node_modules, not bundled.
    external: ['express', 'fastify', 'hono', 'hono/*', 'koa'],
    alias: Object.fromEntries(PACKAGES.map((p) => [`@social-posting/${p}`, path.join(root, p, 'src/index.ts')])),
  });
  generated = (await import(pathToFileURL(outfile).href)) as Generated;
}, 120_000);

/** A fresh handler for one server; `basePath` when it is mounted under a path. */
const handler = (basePath?: string) =>
  generated.createHandler(conformanceHandlers, { ...conformanceOptions, basePath });

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** Closes the server, connections and all, after the tests. */
function closeLater(server: Server): void {
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
}

async function nodeServer(): Promise<string> {
  const running = await generated.serve(handler(), { port: 0 });
  closers.push(() => running.close());
  return running.url;
}

async function expressServer(parsers: boolean, mount?: string): Promise<string> {
  const app = express();
  if (parsers) app.use(express.json({ limit: '1mb' }), express.urlencoded({ extended: false }));
  if (mount) app.use(mount, generated.toExpress(handler(mount)));
  else app.use(generated.toExpress(handler()));
  const server = createServer(app);
  closeLater(server);
  return listen(server);
}

async function fastifyServer(mount?: string): Promise<string> {
  const app = Fastify();
  await app.register(generated.toFastify(handler(mount)), { prefix: mount });
  closers.push(() => app.close());
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function honoServer(mount?: string): Promise<string> {
  const app = mount ? new Hono().route(mount, generated.toHono(handler(mount)) as Hono) : generated.toHono(handler());
  return new Promise((resolve) => {
    const server = serveHono({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    ) as Server;
    closeLater(server);
  });
}

async function koaServer(mount?: string, parsers = false): Promise<string> {
  const app = new Koa();
  // Koa logs the resets of the cases that abandon streams (docs/adapters.md): expected here, so not printed.
  app.silent = true;
  if (parsers) app.use(bodyParser());
  const middleware = generated.toKoa(handler(mount));
  // Koa has no mounting of its own (koa-mount strips the prefix, which the handler's basePath does here).
  app.use(mount ? (ctx, next) => (ctx.path.startsWith(`${mount}/`) ? middleware(ctx, next) : next()) : middleware);
  const server = createServer(app.callback());
  closeLater(server);
  return listen(server);
}

/** The App Router's part, as Next.js does it: method export by name, abort signal, streamed body cancelled on close. */
async function nextServer(mount?: string): Promise<string> {
  const routes = generated.toNext(handler(mount));
  const server = createServer(async (req, res) => {
    const abort = new AbortController();
    res.once('close', () => abort.abort());
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const method = req.method as keyof typeof routes;
    const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks);
    const response = await routes[method](
      new Request(`http://${req.headers.host}${req.url}`, { method, headers, body, signal: abort.signal }),
    );
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => (out[name] = value));
    res.writeHead(response.status, out);
    if (!response.body || method === 'HEAD') return void res.end();
    const reader = response.body.getReader();
    res.once('close', () => void reader.cancel().catch(() => undefined));
    for (;;) {
      const step = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (step.done) break;
      if (!res.write(step.value)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  });
  closeLater(server);
  return listen(server);
}

/** A node_modules folder holding `next` for the real Next.js case (not a dependency: see the header). */
const NEXT_MODULES = process.env.SOCIALGEN_NEXT_MODULES;

/**
 * The route module `toNext` returns, served by Next.js itself (`app/[...path]/route.ts`, mounted at `mount`):
 * the request and the response pass through the same functions as in Next's own app-route template.
 */
async function realNextServer(mount?: string): Promise<string> {
  const load = createRequire(path.join(path.resolve(NEXT_MODULES!), 'next', 'package.json'));
  // What `next start` sets up first (AsyncLocalStorage as a global, among others).
  load('next/dist/server/node-environment.js');
  const { AppRouteRouteModule } = load('next/dist/server/route-modules/app-route/module.js');
  const { NodeNextRequest, NodeNextResponse } = load('next/dist/server/base-http/node.js');
  const { NextRequestAdapter, signalFromNodeResponse } = load('next/dist/server/web/spec-extension/adapters/next-request.js');
  const { sendResponse } = load('next/dist/server/send-response.js');
  const { addRequestMeta } = load('next/dist/server/request-meta.js');
  const page = `${mount ?? ''}/[...path]`;
  const routes = generated.toNext(handler(mount));
  const module = new AppRouteRouteModule({
    userland: () => routes,
    definition: { kind: 'APP_ROUTE', page: `${page}/route`, pathname: page, filename: 'route', bundlePath: `app${page}/route` },
    distDir: '.next',
    relativeProjectDir: '',
    resolvedPagePath: `app${page}/route.ts`,
    nextConfigOutput: undefined,
  });
  const context = (params: string[]) => ({
    params: Promise.resolve({ path: params }),
    prerenderManifest: { preview: {} },
    renderOpts: { experimental: {}, supportsDynamicResponse: true },
    previewProps: { previewModeId: 'test', previewModeEncryptionKey: 'test', previewModeSigningKey: 'test' },
    sharedContext: { buildId: 'test' },
  });
  const server = createServer(async (req, res) => {
    // Next's router records the full URL the request came in on (the handler reads its host and path).
    addRequestMeta(req, 'initURL', `http://${req.headers.host}${req.url}`);
    const nodeReq = new NodeNextRequest(req);
    const nodeRes = new NodeNextResponse(res);
    const request = NextRequestAdapter.fromNodeNextRequest(nodeReq, signalFromNodeResponse(res));
    const segments = new URL(req.url ?? '/', 'http://n').pathname.slice((mount ?? '').length).split('/').filter(Boolean);
    const response: Response = await module.handle(request, context(segments));
    await sendResponse(nodeReq, nodeRes, response);
  });
  closeLater(server);
  return listen(server);
}

let reference: Record<string, Observed>;

describe('server adapters: one conformance suite', () => {
  it('the Node adapter (the reference)', { timeout: 60_000 }, async () => {
    reference = await runConformance(await nodeServer());
    expect(reference['routing: unknown path is 404']!.status).toBe(404);
    expect(reference['routing: unknown method is 405 with Allow']!.headers.allow).toBeDefined();
    expect(reference['auth: no credentials is 401']!.status).toBe(401);
    expect(reference['validation: a bad path parameter is a 400 problem']!.status).toBe(400);
    expect(reference['large body: above the limit is 413']!.status).toBe(413);
    expect(reference['binary body: every byte echoed back']!.body.length).toBe(2 * (256 + 300 * 1024));
    expect(reference['stream: a client going away stops the handler']!.facts).toEqual({ started: 1, stopped: 1 });
    expect(reference['stream: a client not reading pauses the handler (backpressure), going away stops it']!.facts).toEqual({ bounded: true, stopped: 1 });
  });

  it.each([
    ['express', () => expressServer(false)],
    ['fastify', fastifyServer],
    ['hono', honoServer],
    ['koa', koaServer],
    ['next', nextServer],
  ] as const)('%s: identical results', { timeout: 60_000 }, async (_, start) => {
    expect(await runConformance(await start())).toEqual(reference);
  });

  // Opt-in, with the reason in the header: `next` is not a dependency of this repository.
  it.runIf(NEXT_MODULES)('next, through Next.js itself (SOCIALGEN_NEXT_MODULES): identical results', { timeout: 60_000 }, async () => {
    expect(await runConformance(await realNextServer())).toEqual(reference);
  });

  it(
    'express behind express.json() and express.urlencoded(): identical but for what body-parser answers itself',
    { timeout: 60_000 },
    async () => {
      const results = await runConformance(await expressServer(true));
      const differing = Object.keys(reference).filter((name) => !isDeepStrictEqual(results[name], reference[name]));
      expect(differing).toEqual(['JSON body: malformed is a 400 problem']);
      // body-parser refuses malformed JSON before the middleware: Express's own error page, not the spec's problem.
      const malformed = results['JSON body: malformed is a 400 problem']!;
      expect([malformed.status, malformed.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    },
  );

  it('koa behind @koa/bodyparser: identical but for what the parser answers itself', { timeout: 60_000 }, async () => {
    const results = await runConformance(await koaServer(undefined, true));
    const differing = Object.keys(reference).filter((name) => !isDeepStrictEqual(results[name], reference[name]));
    expect(differing).toEqual(['JSON body: malformed is a 400 problem']);
    // The parser throws on malformed JSON before the middleware: Koa's own plain-text 400, not the spec's problem.
    const malformed = results['JSON body: malformed is a 400 problem']!;
    expect([malformed.status, malformed.headers['content-type']]).toEqual([400, 'text/plain; charset=utf-8']);
  });
});

describe('the adapter targets’ output', () => {
  it('is printed as prettier prints it (no prettier run: format off), and each package names its framework as a peer', async () => {
    const sources = [...files].filter(([file]) => ADAPTERS.some((a) => file.startsWith(`${a}/src/`)));
    expect(sources.map(([file]) => file).sort()).toEqual(
      [...ADAPTERS.flatMap((a) => [`${a}/src/index.ts`, `${a}/src/runtime.ts`]), 'express/src/parsed-body.ts', 'koa/src/parsed-body.ts'].sort(),
    );
    for (const [file, text] of sources) expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript', filepath: file }), file).toBe(text);
    const peers = Object.fromEntries(ADAPTERS.map((a) => [a, Object.keys(JSON.parse(files.get(`${a}/package.json`)!).peerDependencies)]));
    expect(peers).toEqual({ express: ['express', '@types/express', '@types/node'], fastify: ['fastify', '@types/node'], hono: ['hono'], koa: ['koa', '@types/koa', '@types/node'], next: ['next'] });
  });
});

describe('server adapters mounted under /api (the handler created with basePath /api)', () => {
  const NOTE = 'routing: a JSON answer with a declared header';
  it.each([
    ['express', (mount: string) => expressServer(false, mount)],
    ['fastify', fastifyServer],
    ['hono', honoServer],
    ['koa', koaServer],
    ['next', nextServer],
  ] as const)('%s', { timeout: 30_000 }, async (_, start) => {
    const base = new URL(await start('/api'));
    const mounted = await CASES[NOTE]!(new URL('/api/', base));
    expect(mounted).toEqual(reference[NOTE]);
  });
  it.runIf(NEXT_MODULES)('next, through Next.js itself (SOCIALGEN_NEXT_MODULES)', { timeout: 30_000 }, async () => {
    const base = new URL(await realNextServer('/api'));
    expect(await CASES[NOTE]!(new URL('/api/', base))).toEqual(reference[NOTE]);
  });
});
